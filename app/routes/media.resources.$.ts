import type { LoaderFunctionArgs } from '@remix-run/node';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { sessionState, signInPath } from '~/auth/session.server.ts';
import { documentLookupFailed, fromMediaLibrary } from '~/lib/media-files.server.ts';
import { searchCatalogue, type SearchApiResult } from '~/plugins/catalogue/search-api.server.ts';
import { allOf, fieldIs } from '~/search-api/query-expression.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/**
 * GET /media/resources/...pdf: a catalogue document (REQ-AREA-4 downloads). It is looked up in the
 * Search API with the visitor's identity, so a secured document (issecured) is found only for a
 * signed-in visitor: an anonymous one is sent to sign-in (and back), an expired session gets 401.
 * A document the visitor may read comes from the media library, which holds the files.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = decodeURIComponent(url.pathname);
  if (!/^\/media\/resources\/[\w./-]+\.pdf$/.test(path) || path.includes('..')) return new Response('Not found', { status: 404 });
  const session = await sessionState(request, context);
  const { token } = await searchIdentityFor(session.kind === 'signed-in' ? session.user : null, context);
  let document: SearchApiResult | undefined;
  try {
    [document] = (await searchCatalogue(context, { aq: allOf(fieldIs('clickableuri', path)), cq: allOf(fieldIs('objecttype', 'Document')), numberOfResults: 1, locale: 'en', fieldsToInclude: ['issecured'] }, request, { accessToken: token })).results;
  } catch (error) {
    return documentLookupFailed(error);
  }
  if (!document) {
    if (session.kind === 'anonymous') return new Response(null, { status: 302, headers: { Location: signInPath(path) } });
    return new Response(session.kind === 'expired' ? 'Your session has ended: sign in again to open this document.' : 'Not found', { status: session.kind === 'expired' ? 401 : 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  return fromMediaLibrary(context, path.slice('/media'.length), document.raw.issecured === true ? 'private, no-store' : 'public, max-age=3600');
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
