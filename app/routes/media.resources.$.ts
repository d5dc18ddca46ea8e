import type { LoaderFunctionArgs } from '@remix-run/node';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { sessionState, signInPath } from '~/auth/session.server.ts';
import { aqValue, searchCatalogue, type SearchApiResult } from '~/plugins/catalogue/search-api.server.ts';
import { documentPdf, sheetFromFields, SHEET_FIELDS, type SheetPart } from '../../services/media/document-pdf.ts';

const unavailable = () => new Response('The document library is not available just now.', { status: 503, headers: { 'Retry-After': '10', 'Content-Type': 'text/plain; charset=utf-8' } });

/**
 * GET /media/resources/...pdf: a catalogue document (REQ-AREA-4 downloads). It is looked up in the
 * Search API with the visitor's identity, so a secured document (issecured) is found only for a
 * signed-in visitor: an anonymous one is sent to sign-in (and back), an expired session gets 401.
 * The file is made from the document's fields and the parts it lists, read from the same index,
 * so it is exactly as long as the index's `size` says.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = decodeURIComponent(url.pathname);
  if (!/^\/media\/resources\/[\w./-]+\.pdf$/.test(path) || path.includes('..')) return new Response('Not found', { status: 404 });
  const session = await sessionState(request, context);
  const { token } = await searchIdentityFor(session.kind === 'signed-in' ? session.user : null, context);
  let document: SearchApiResult | undefined;
  let parts: SheetPart[] = [];
  try {
    [document] = (await searchCatalogue(context, { aq: `@clickableuri==${aqValue(path)}`, cq: '@objecttype==Document', numberOfResults: 1, locale: 'en', fieldsToInclude: [...SHEET_FIELDS, 'issecured'] }, request, { accessToken: token })).results;
    const listed = Array.isArray(document?.raw.relatedparts) ? document.raw.relatedparts.map(String) : [];
    if (listed.length) {
      const found = await searchCatalogue(context, { aq: `@partnumber==(${listed.map(aqValue).join(',')})`, cq: '@objecttype==Product', numberOfResults: listed.length, locale: 'en' }, request);
      parts = found.results.map((part) => ({
        partNumber: String(part.raw.partnumber ?? part.title),
        values: Object.fromEntries(Object.entries(part.raw).filter((entry): entry is [string, number] => typeof entry[1] === 'number')),
      }));
    }
  } catch (error) {
    // Over the visitor's search limit: told to wait (429), never that the library is down.
    if (error instanceof Error && (error as { status?: number }).status === 429) {
      return new Response('Too many downloads in a short time: try again in a minute.', { status: 429, headers: { 'Retry-After': '60', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
    }
    return unavailable();
  }
  if (!document) {
    if (session.kind === 'anonymous') return new Response(null, { status: 302, headers: { Location: signInPath(path) } });
    return new Response(session.kind === 'expired' ? 'Your session has ended: sign in again to open this document.' : 'Not found', { status: session.kind === 'expired' ? 401 : 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const pdf = documentPdf(sheetFromFields(document.title, document.raw, parts));
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `inline; filename="${path.split('/').at(-1)}"`,
      'Cache-Control': document.raw.issecured === true ? 'private, no-store' : 'public, max-age=3600',
    },
  });
}
