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
export { newErrorId } from '../app/lib/error-id.ts';

/**
 * Faults already written with their error id, by request id. The Remix build logs its own faults
 * (with the id it shows); the response hook in server/http-guard.ts writes the others, so each 5xx
 * has exactly one line. Shared through a global symbol because the build has its own copy of this
 * module.
 */
const FAULTS = Symbol.for('voltaris.site.logged-faults');
type FaultRegistry = Map<string, string>;
function faults(): FaultRegistry {
  const holder = globalThis as typeof globalThis & { [FAULTS]?: FaultRegistry };
  return (holder[FAULTS] ??= new Map());
}

/** Says that this request's fault was logged with this error id. */
export function recordFault(requestId: string | undefined, errorId: string): void {
  if (requestId) faults().set(requestId, errorId);
}

/** The error id logged for this request, if any; forgets it (the response is done). */
export function takeFault(requestId: string): string | undefined {
  const registry = faults();
  const errorId = registry.get(requestId);
  registry.delete(requestId);
  return errorId;
}

/** Whether this request's fault has been logged already (Remix may report one error twice). */
export function hasFault(requestId: string | undefined): boolean {
  return requestId !== undefined && faults().has(requestId);
}
