import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { searchCatalogue } from '~/plugins/catalogue/search-api.server.ts';
import { allOf, fieldIs } from '~/search-api/query-expression.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';
import { documentLookupFailed } from '~/lib/media-files.server.ts';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * GET /media/datasheets/{series}.pdf: the address part pages once linked. A series has one
 * datasheet, the library document search finds (/media/resources/datasheet/{series}-datasheet.pdf,
 * every part of the series): this address sends there for good (301) when the series has one, so
 * old links and bookmarks open the same file; any other name is 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const name = /^\/media\/datasheets\/([\w-]{1,40})\.pdf$/.exec(new URL(request.url).pathname)?.[1];
  if (!name) return notFound();
  const target = `/media/resources/datasheet/${name.toLowerCase()}-datasheet.pdf`;
  try {
    const found = await searchCatalogue(context, { aq: allOf(fieldIs('clickableuri', target)), cq: allOf(fieldIs('objecttype', 'Document')), numberOfResults: 1, locale: 'en', fieldsToInclude: ['clickableuri'] }, request);
    if (found.results.length === 0) return notFound();
  } catch (error) {
    return documentLookupFailed(error);
  }
  return redirect(target, 301);
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
