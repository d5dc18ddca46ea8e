import express, { type Request, type RequestHandler, type Response } from 'express';
import { z } from 'zod';

/**
 * What every downstream stand-in can be told to do, for tests (issue 8): answer normally, fail
 * with 500, throttle with 429 and Retry-After, or drop the connection as an unreachable host would.
 * Told at start (an environment variable) or at run time by `POST {base}/_control {"mode": ...}`.
 */
export const STAND_IN_MODES = ['ok', '500', '429', 'down'] as const;
export type StandInMode = (typeof STAND_IN_MODES)[number];

export interface FailureSwitch {
  /** Mount at `{base}/_control`: JSON body, authorised like the service itself. */
  control: RequestHandler[];
  /** Answers as told and says so (true); false when the request should be served normally. */
  failIfTold(req: Request, res: Response): boolean;
}

export function failureSwitch(options: {
  initial?: StandInMode;
  /** The service's own credential check for the control call. */
  authorised: (req: Request) => boolean;
  /** The service's error body shape (SendGrid's `errors`, HubSpot's `status`, ...). */
  errorBody: (message: string, status: number) => unknown;
  service: string;
}): FailureSwitch {
  let mode: StandInMode = options.initial ?? 'ok';
  const modeSchema = z.object({ mode: z.enum(STAND_IN_MODES) });
  return {
    control: [
      express.json({ limit: '1kb' }),
      (req, res) => {
        if (!options.authorised(req)) return void res.status(401).json(options.errorBody('unauthorized', 401));
        const next = modeSchema.safeParse(req.body);
        if (!next.success) return void res.status(400).json(options.errorBody(`mode is one of ${STAND_IN_MODES.join(', ')}`, 400));
        mode = next.data.mode;
        res.json({ mode });
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
  const code = { 400: 'invalid_request', 401: 'unauthorized', 429: 'throttled' }[status] ?? 'internal';
  return { error: code, message };
}
