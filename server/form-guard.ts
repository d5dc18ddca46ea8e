import type { NextFunction, Request, Response } from 'express';
import { refusalMessage } from './refusal-messages.ts';
import { createRateLimiter, overLimit } from './rate-limit.ts';
import type { SharedStore } from './shared-store.ts';
import type { FormPostsOverLimit } from './load-context.ts';

/**
 * Abuse resistance for the site's own form posts (issue 8, issue 19 item 5): a size limit, a
 * same-origin check and a per-client rate limit, before Remix reads a byte of the body. It covers
 * every method that can carry a body to an action (PUT, PATCH and DELETE too, which the actions
 * then refuse with 405). The honeypot field and the idempotency key are checked by each form's
 * action (app/lib/form-guard.server.ts).
 */
export interface FormGuardOptions {
  /** Largest form body accepted, in bytes. */
  maxBytes: number;
  /** Posts per client per minute across the site's forms; 0 turns the limit off. */
  postsPerMinute: number;
  /** Paths whose posts are not the site's forms (they have protections of their own). */
  exempt: RegExp;
  /** Paths that take posts from the site's own pages only, without a size or rate limit (sign-out). */
  sameOriginOnly?: RegExp;
  /** Where the per-client windows are counted: the store every process of the site shares. */
  store?: SharedStore;
  /**
   * Posts to pages, whose forms answer the rate limit themselves: the request goes on to the page
   * marked with `res.locals.formPostsOverLimit` (its Retry-After seconds), and the page's action
   * refuses it with the form, the visitor's input and the message (app/cms/form-action.server.ts).
   * A plain-text answer here would lose what they typed. Any other post is refused here.
   */
  answeredByPage?: (req: Request) => boolean;
}


/** Methods without a body that only read: never an action. */
const READING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function refuse(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.locals.refused = true;
  res.status(status).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).send(`${message}\n`);
}

/**
 * Browsers say where a post comes from: Sec-Fetch-Site, or at least Origin. `Origin: null` (a
 * sandboxed frame, a data: URL, some redirects) is not our page either. The host the Origin must
 * name is the one Remix compares it with (its own CSRF check, which throws, a 500): the first
 * X-Forwarded-Host when there is one (the front's public host), else Host.
 */
function fromOwnPages(req: Request): boolean {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.get('origin');
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host');
  return origin === undefined || origin === `${req.protocol}://${host}`;
}

/**
 * A body without a declared length (chunked) is counted as it arrives, before whoever reads it
 * sees a byte: past the limit the post is answered 413 and the upload is cut off, so no more of it
 * is read. Node's HTTP parser hands the body to the request with push().
 */
function countChunkedBody(req: Request, res: Response, maxBytes: number, tooLarge: () => void) {
  let received = 0;
  const push = req.push.bind(req);
  req.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (chunk !== null && chunk !== undefined && !res.locals.refused) {
      received += (chunk as Buffer).length;
      if (received > maxBytes) {
        tooLarge();
        // Whoever was reading learns that the body ended badly; the refusal already went out.
        req.destroy(Object.assign(new Error('form body over the limit'), { status: 413 }));
        return false;
      }
    }
    return push(chunk, encoding);
  };
}

export function formGuard(options: FormGuardOptions) {
  // A one-minute window from the client's first post, counted where every process counts.
  const limiter = options.postsPerMinute > 0 ? createRateLimiter({ keyPrefix: 'form-posts', points: options.postsPerMinute, durationSec: 60, ...(options.store ? { store: options.store } : {}) }) : undefined;
  const tooLarge = (req: Request) => refusalMessage(req, 'formTooLarge', { kb: Math.round(options.maxBytes / 1024) });
  return (req: Request, res: Response, next: NextFunction) => {
    if (READING_METHODS.has(req.method) || options.exempt.test(req.path)) return next();

    if (!fromOwnPages(req)) return refuse(res, 403, refusalMessage(req, 'foreignPost'));
    if (options.sameOriginOnly?.test(req.path)) return next();

    const declared = req.get('content-length');
    if (declared !== undefined && !/^\d+$/.test(declared)) return refuse(res, 400, refusalMessage(req, 'badContentLength'));
    if (Number(declared ?? 0) > options.maxBytes) {
      // The body is not read: closing the connection stops the upload instead of draining it.
      return refuse(res, 413, tooLarge(req), { Connection: 'close' });
    }
    if (declared === undefined && req.get('transfer-encoding')) {
      countChunkedBody(req, res, options.maxBytes, () => refuse(res, 413, tooLarge(req), { Connection: 'close' }));
    }

    if (!limiter) return next();
    overLimit(limiter, req.ip ?? 'unknown').then(
      (retryAfter) => {
        if (res.locals.refused) return;
        if (retryAfter === undefined) return next();
        if (options.answeredByPage?.(req)) {
          res.locals.formPostsOverLimit = { retryAfterSeconds: retryAfter } satisfies FormPostsOverLimit;
          return next();
        }
        refuse(res, 429, refusalMessage(req, 'tooManyPosts'), { 'Retry-After': String(retryAfter) });
      },
      (error: unknown) => {
        // The store is unreachable: a form post is worth more than the limit, so it goes ahead.
        console.error(`[form-guard] rate limit not checked: ${error instanceof Error ? error.message : String(error)}`);
        if (!res.locals.refused) next();
      },
    );
  };
}
