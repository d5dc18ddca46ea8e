import { logFault, type FaultContext } from '~/lib/faults.server.ts';

/** Sitemaps change when content is published: shared caches keep them an hour, browsers a few minutes. */
const SITEMAP_CACHE = 'public, max-age=300, s-maxage=3600, stale-while-revalidate=86400';

export function notFoundText() {
  return new Response('No such sitemap.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** The built text (empty: no such sitemap), or a 503 when a source is down; never a partial sitemap. */
export async function sitemapResponse(request: Request, context: FaultContext, build: () => Promise<string>, contentType = 'application/xml; charset=utf-8') {
  try {
    const body = await build();
    if (!body) return notFoundText();
    return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': SITEMAP_CACHE } });
  } catch (error) {
    const errorId = logFault(request, context, error, 'a sitemap could not be built');
    return new Response(`The sitemap cannot be built just now; try again in a minute. (Error ${errorId})`, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60', 'Cache-Control': 'no-store' },
    });
  }
}
