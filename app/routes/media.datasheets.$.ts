import type { LoaderFunctionArgs } from '@remix-run/node';
import { searchCatalogue } from '~/plugins/catalogue/search-api.server.ts';
import { allOf, fieldIs } from '~/search-api/query-expression.server.ts';
import { documentPdf } from '../../services/media/document-pdf.ts';

/**
 * GET /media/datasheets/{series}.pdf: a series datasheet (the part pages and search results link
 * here). The series' parts are read from the Search API; the embedded media library makes the
 * datasheet from them as it does the library's documents (title, description, parameter table).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const name = /^\/media\/datasheets\/([\w-]{1,40})\.pdf$/.exec(new URL(request.url).pathname)?.[1];
  if (!name) return new Response('Not found', { status: 404 });
  let results;
  try {
    ({ results } = await searchCatalogue(context, { aq: allOf(fieldIs('datasheeturl', `/media/datasheets/${name}.pdf`)), cq: allOf(fieldIs('objecttype', 'Product')), numberOfResults: 12, sortCriteria: '@partnumber ascending', locale: 'en' }, request));
  } catch {
    return new Response('The document library is not available just now.', { status: 503, headers: { 'Retry-After': '10', 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const [product] = results;
  if (!product) return new Response('Not found', { status: 404 });
  const series = String(product.raw.series);
  const productType = String(product.raw.leveltwocategory ?? '');
  const pdf = documentPdf({
    title: `${series} Series ${productType} Datasheet`,
    resourceType: 'Datasheet',
    language: 'en',
    productType,
    series,
    documentNumber: `VC-DS-${series}`,
    revision: 'A',
    date: Math.max(...results.map((part) => Number(part.raw.date) || 0)),
    parts: results.map((part) => ({
      partNumber: String(part.raw.partnumber ?? part.title),
      values: Object.fromEntries(Object.entries(part.raw).filter((entry): entry is [string, number] => typeof entry[1] === 'number')),
    })),
  });
  return new Response(new Uint8Array(pdf), { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${name}.pdf"`, 'Cache-Control': 'public, max-age=3600' } });
}
