import type { LoaderFunctionArgs } from '@remix-run/node';
import { visitorHeaders } from '~/lib/search-visitor.server.ts';
import { documentPdf } from '../../services/media/document-pdf.ts';

/**
 * GET /media/datasheets/{series}.pdf: a series datasheet (the part pages and search results link
 * here). The series is looked up in the Search API; the embedded media library serves a generated
 * one-page PDF naming it, as for the other catalogue documents.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const name = /^\/media\/datasheets\/([\w-]{1,40})\.pdf$/.exec(new URL(request.url).pathname)?.[1];
  if (!name) return new Response('Not found', { status: 404 });
  const { search } = context.config;
  const response = await fetch(`${search.apiUrl}?organizationId=${encodeURIComponent(search.organizationId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${search.accessToken}`, 'content-type': 'application/json', ...visitorHeaders(context) },
    body: JSON.stringify({ aq: `@datasheeturl=="/media/datasheets/${name}.pdf"`, cq: '@objecttype==Product', numberOfResults: 1, fieldsToInclude: ['series', 'leveltwocategory', 'seriesshortdescription'] }),
    signal: AbortSignal.timeout(3000),
  }).catch(() => undefined);
  if (!response?.ok) return new Response('The document library is not available just now.', { status: 503, headers: { 'Retry-After': '10', 'Content-Type': 'text/plain; charset=utf-8' } });
  const [product] = ((await response.json()) as { results?: Array<{ raw: Record<string, unknown> }> }).results ?? [];
  if (!product) return new Response('Not found', { status: 404 });
  const pdf = documentPdf({
    title: `${String(product.raw.series)} Series ${String(product.raw.leveltwocategory ?? '')} Datasheet`,
    details: [String(product.raw.seriesshortdescription ?? ''), 'Voltaris Components'].filter(Boolean),
  });
  return new Response(new Uint8Array(pdf), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${name}.pdf"`, 'Cache-Control': 'public, max-age=3600' } });
}
