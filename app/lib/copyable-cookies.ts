/**
 * The cookies a copy of a page may be served with (decision 0035): their only readers report each
 * read to the copy, and what they change is redone per visitor. Named once here, for the cookies'
 * definitions and for the page cache (server/site.ts).
 */
export const VISITOR_COOKIE = 'visitor';
export const RECENT_QUERIES_COOKIE = 'recent-queries';
export const COPYABLE_COOKIES: readonly string[] = [VISITOR_COOKIE, RECENT_QUERIES_COOKIE];
