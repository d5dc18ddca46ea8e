import { timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';

/**
 * The stand-ins' switches and inspection endpoints (`_control`, `_analytics`, submission and mail
 * listings) change or show what every visitor gets, so even in demo mode they ask for a control
 * token (STANDIN_CONTROL_TOKEN; decision 0038), separate from the services' own published keys.
 */
export const DEFAULT_CONTROL_TOKEN = 'local-control-token';
const CONTROL_TOKEN_HEADER = 'x-control-token';

/** The token a request offers: `X-Control-Token`, else `Authorization: Bearer`, else Basic's password (browsers). */
function offeredControlToken(req: Request): string | undefined {
  const header = req.get(CONTROL_TOKEN_HEADER);
  if (header) return header.trim();
  const authorization = req.get('authorization') ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization);
  if (bearer) return bearer[1]!.trim();
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization);
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1);
  }
  return undefined;
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Lets a request through only with the control token: 401 without one (with a challenge, so a
 * browser asks for it on the mailbox page), 403 with a wrong one; JSON in the service's error shape.
 */
export function controlGuard(options: { token: string; errorBody?: (message: string, status: number) => unknown; challenge?: 'Bearer' | 'Basic' }): RequestHandler {
  const body = options.errorBody ?? codedError;
  return (req, res, next) => {
    const offered = offeredControlToken(req);
    if (!offered) {
      res.set('WWW-Authenticate', `${options.challenge ?? 'Bearer'} realm="stand-in control"`);
      return void res.status(401).json(body('A control token is required (X-Control-Token header).', 401));
    }
    if (!sameSecret(offered, options.token)) return void res.status(403).json(body('The control token is wrong.', 403));
    next();
  };
}

/**
 * What every downstream stand-in can be told to do, for tests (issue 8): answer normally, fail
 * with 500, throttle with 429 and Retry-After, or drop the connection as an unreachable host would.
 * Told at start (an environment variable) or at run time by `POST {base}/_control {"mode": ...}`.
 */
export const STAND_IN_MODES = ['ok', '500', '429', 'down'] as const;
export type StandInMode = (typeof STAND_IN_MODES)[number];

interface FailureSwitch {
  /** Mount at `{base}/_control`: JSON body, with the control token. */
  control: Array<RequestHandler | ErrorRequestHandler>;
  /** Answers as told and says so (true); false when the request should be served normally. */
  failIfTold(req: Request, res: Response): boolean;
}

export function failureSwitch(options: {
  initial?: StandInMode;
  /** The control token the `_control` call must carry (controlGuard). */
  controlToken: string;
  /** The service's error body shape (SendGrid's `errors`, HubSpot's `status`, ...). */
  errorBody: (message: string, status: number) => unknown;
  service: string;
}): FailureSwitch {
  let mode: StandInMode = options.initial ?? 'ok';
  const modeSchema = z.object({ mode: z.enum(STAND_IN_MODES) });
  return {
    control: [
      controlGuard({ token: options.controlToken, errorBody: options.errorBody }),
      express.json({ limit: '1kb' }),
      (req: Request, res: Response) => {
        const next = modeSchema.safeParse(req.body);
        if (!next.success) return void res.status(400).json(options.errorBody(`mode is one of ${STAND_IN_MODES.join(', ')}`, 400));
        mode = next.data.mode;
        res.json({ mode });
      },
      // A body that is not JSON is the caller's mistake.
      (error: unknown, _req: Request, res: Response, next: NextFunction) => {
        if ((error as { type?: string } | undefined)?.type) return void res.status(400).json(options.errorBody(`The body is not valid JSON: {"mode": "${STAND_IN_MODES.join('" | "')}"}`, 400));
        next(error);
      },
    ],
    failIfTold(req, res) {
      if (mode === 'ok') return false;
      if (mode === 'down') req.socket.destroy();
      else if (mode === '500') res.status(500).json(options.errorBody(`The ${options.service} failed (stand-in told to fail).`, 500));
      else res.status(429).set('Retry-After', '1').json(options.errorBody('throttled', 429));
      return true;
    },
  };
}

/** The `{ error, message }` body most of our stand-ins' services answer with. */
export function codedError(message: string, status: number): { error: string; message: string } {
  const code = { 400: 'invalid_request', 401: 'unauthorized', 403: 'forbidden', 429: 'throttled' }[status] ?? 'internal';
  return { error: code, message };
}
