import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino from 'pino';

/**
 * The server's structured log (JSON lines on stdout, one object per event). Every 5xx is written
 * once, at level error, with `errorId` (the reference the visitor sees) and `requestId` (the one
 * in the response's `X-Request-Id`), so a visitor's report finds its line (issue 19, decision 0037).
 *
 * Every line written while a request is answered carries its trace id (`traceId`, the caller's
 * `traceparent` or one of our own; server/observability.ts), so a trace and its log lines meet.
 *
 * Written to process.stdout rather than pino's own file descriptor writer: tests read the lines
 * there, and the site and its Remix build (bundled apart, with a logger of its own) share it.
 */
export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service: 'site' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const span = trace.getActiveSpan()?.spanContext();
      return span && isSpanContextValid(span) ? { traceId: span.traceId, spanId: span.spanId } : {};
    },
  },
  process.stdout,
);

/** The header that carries a request's id, to the app (set on the request) and to the client. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Gives each request an id of our own (a client's `X-Request-Id` is not trusted: anyone could make
 * their requests look like someone else's in the log), on the request for Remix and on the response.
 */
export function requestIds(req: Request, res: Response, next: NextFunction) {
  const id = randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}

/** A short id shown to the visitor with a 5xx and written to the log line of that fault. */
export { newErrorId } from './error-id.ts';

/**
 * The fault logged for one request, by its error id: made per request by the site (res.locals)
 * and handed to the Remix build in the load context, whose fault logger fills it in; the response
 * hook in server/http-guard.ts writes a line only for a 5xx nobody logged, so each 5xx has exactly
 * one. Per request, so nothing is shared between the site and its build but this object.
 */
export interface FaultNote {
  errorId?: string;
}
