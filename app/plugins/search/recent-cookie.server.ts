import { createCookie } from '@remix-run/node';
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
