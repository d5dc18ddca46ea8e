import type { AppLoadContext } from '@remix-run/node';
import type { SharedCacheKind } from '../../server/config.ts';

/**
 * Who may keep a response (decision 0049). A page the same for every anonymous visitor says so to
 * shared caches (a CDN, nginx); anything made for one visitor is private. A request that carries any
 * cookie is answered privately: the session, recent queries and the analytics visitor id all change
 * what a page shows, and a shared cache keys public pages by `Vary: Cookie`.
 */

/** The request may be answered with a page shared by every anonymous visitor. */
export function anonymousRead(request: Request): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && !request.headers.get('cookie');
}

/** Cache-Control of a page of this kind that every anonymous visitor gets alike. */
export function sharedCacheControl(context: AppLoadContext, kind: SharedCacheKind): string {
  const { seconds, staleSeconds } = context.config.sharedCache[kind];
  return seconds > 0 ? `public, s-maxage=${seconds}, stale-while-revalidate=${staleSeconds}` : 'private';
}

const SHARED = /\b(public|s-maxage)\b/i;

/**
 * The last word on a document or data response: without a Cache-Control of its own it is private;
 * a shared one stands only for a 200 to an anonymous read that sets no cookie (whatever a loader
 * said), and then names what it varies by.
 */
export function settleCachePolicy(request: Request, status: number, headers: Headers): void {
  const cacheControl = headers.get('Cache-Control');
  if (!cacheControl) {
    headers.set('Cache-Control', 'private');
    return;
  }
  if (!SHARED.test(cacheControl)) return;
  if (status !== 200 || !anonymousRead(request) || headers.has('Set-Cookie')) {
    headers.set('Cache-Control', 'private');
    return;
  }
  headers.set('Vary', 'Accept-Encoding, Cookie');
}
