import { createCookie, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { RECENT_QUERIES_COOKIE } from '~/lib/copyable-cookies.ts';
import { SyncCookie } from '~/lib/sync-cookie.server.ts';
import type { LaterVisit } from '~/load-context.ts';
import { RECENT_QUERIES_MAX } from './recent.ts';

/** The visitor's recent queries, in a cookie so the server renders them (no JavaScript needed). */
const recentQueriesCookie = new SyncCookie(createCookie(RECENT_QUERIES_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 30 }));
const recentSchema = z.array(z.string().min(1).max(200)).max(RECENT_QUERIES_MAX);

function validRecentQueries(value: unknown): string[] {
  const parsed = recentSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** A page that reads them tells its copy (decision 0035). */
export function readRecentQueries(request: Request, context: AppLoadContext | undefined): string[] {
  context?.pageCopy?.readsCookie(recentQueriesCookie.name);
  return validRecentQueries(recentQueriesCookie.read(request.headers.get('cookie')));
}

/** The recent queries of a visitor served a copy of a page. */
export function laterRecentQueries(visit: LaterVisit): string[] {
  const value = visit.cookie(recentQueriesCookie.name);
  return value === undefined ? [] : validRecentQueries(recentQueriesCookie.decode(value));
}

export function writeRecentQueries(queries: string[], secure: boolean): Promise<string> {
  return recentQueriesCookie.serialize(queries, secure);
}

/** The same without a promise, once writeRecentQueries has run for `secure`. */
export function writeRecentQueriesNow(queries: string[], secure: boolean): string | undefined {
  return recentQueriesCookie.write(queries, secure);
}
