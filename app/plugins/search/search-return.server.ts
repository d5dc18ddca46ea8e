import { createCookie } from '@remix-run/node';
import { z } from 'zod';

/**
 * The way back from a part the header box opened (decision 0160): the box's redirect goes to the
 * part's own address (what distributors do), and this short-lived cookie remembers the query so
 * the part's page offers "Back to results for …" without JavaScript. A page with a cookie is not
 * served from the shared cache (cache-policy.server.ts), so no other visitor sees the link.
 */
const searchReturn = createCookie('search-return', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 10 * 60 });
const returnSchema = z.object({ q: z.string().min(1).max(200), path: z.string().startsWith('/').max(500) });

export function searchReturnCookie(q: string, path: string, secure: boolean): Promise<string> {
  return searchReturn.serialize({ q, path }, { secure });
}

/** The query that opened the page at `path`, if the header box did. */
export async function searchReturnFor(request: Request, path: string): Promise<string | undefined> {
  const parsed = returnSchema.safeParse(await searchReturn.parse(request.headers.get('cookie')));
  return parsed.success && parsed.data.path === path ? parsed.data.q : undefined;
}
