import { randomUUID } from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { RECENT_DAYS } from '~/lib/search-constants.ts';
import { z } from 'zod';
import { RECENT_QUERIES_MAX } from './recent.ts';

/** The visitor's recent queries, in a cookie so the server renders them (no JavaScript needed). */
const recentQueriesCookie = createCookie('recent-queries', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 30 });
const recentSchema = z.array(z.string().min(1).max(200)).max(RECENT_QUERIES_MAX);

export async function readRecentQueries(request: Request): Promise<string[]> {
  const parsed = recentSchema.safeParse(await recentQueriesCookie.parse(request.headers.get('cookie')));
  return parsed.success ? parsed.data : [];
}

export function writeRecentQueries(queries: string[], secure: boolean): Promise<string> {
  return recentQueriesCookie.serialize(queries, { secure });
}

/**
 * Names the results a visitor opened (kept in the shared store, recent-results.server.ts): a
 * random key of its own, not the analytics visitor id, which only the API is sent. Set by the
 * first result click, so a visitor who never opened one asks for pages without a cookie.
 */
const recentResultsCookie = createCookie('recent-results', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: RECENT_DAYS * 24 * 60 * 60 });
const RESULTS_KEY = /^[0-9a-f-]{36}$/;

export async function readRecentResultsKey(request: Request): Promise<string | undefined> {
  const value: unknown = await recentResultsCookie.parse(request.headers.get('cookie'));
  return typeof value === 'string' && RESULTS_KEY.test(value) ? value : undefined;
}

/** The request's key, or a new one with its cookie added to `headers`. */
export async function recentResultsKeyFor(request: Request, headers: Headers): Promise<string> {
  const known = await readRecentResultsKey(request);
  if (known) return known;
  const created = randomUUID();
  headers.append('Set-Cookie', await recentResultsCookie.serialize(created, { secure: new URL(request.url).protocol === 'https:' }));
  return created;
}
