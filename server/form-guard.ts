import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';

/**
 * Abuse resistance for the site's own form posts (issue 8): a size limit, a same-origin check and
 * a per-client rate limit, before Remix reads a byte of the body. The honeypot field and the
 * idempotency key are checked by each form's action (app/lib/form-guard.server.ts).
 */
export interface FormGuardOptions {
  /** Largest form body accepted, in bytes. */
  maxBytes: number;
  /** POSTs per client per minute across the site's forms; 0 turns the limit off. */
  postsPerMinute: number;
  /** Paths whose posts are not the site's forms (they have protections of their own). */
  exempt: RegExp;
}

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.status(status).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).send(message);
}

export function formGuard(options: FormGuardOptions) {
  const windows = new LRUCache<string, { started: number; count: number }>({ max: 100_000, ttl: 60_000 });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || options.exempt.test(req.path)) return next();

    // Same origin only: browsers say where a post comes from (Sec-Fetch-Site, or at least Origin).
    const site = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const ownOrigin = `${req.protocol}://${req.get('host')}`;
    if ((site && site !== 'same-origin' && site !== 'none') || (origin && origin !== 'null' && origin !== ownOrigin)) {
      return refuse(res, 403, 'Forms on this site only accept posts from its own pages.');
    }

    const declared = req.get('content-length');
    if (declared === undefined && req.get('transfer-encoding')) return refuse(res, 411, 'A form post must declare its length.');
    if (Number(declared ?? 0) > options.maxBytes) {
      // The body is not read: closing the connection stops the upload instead of draining it.
      res.set('Connection', 'close');
      return refuse(res, 413, `A form post may be at most ${Math.round(options.maxBytes / 1024)} kB.`);
    }

    if (options.postsPerMinute > 0) {
      const client = req.ip ?? 'unknown';
      const now = Date.now();
      const window = windows.get(client);
      if (!window || now - window.started >= 60_000) {
        windows.set(client, { started: now, count: 1 });
      } else if (window.count >= options.postsPerMinute) {
        const retryAfter = Math.max(1, Math.ceil((window.started + 60_000 - now) / 1000));
        return refuse(res, 429, 'Too many form posts from your address; please wait a moment.', { 'Retry-After': String(retryAfter) });
      } else {
        window.count += 1;
      }
    }
    next();
  };
}
