import type { LoaderFunctionArgs } from '@remix-run/node';
import { visitorHeaders } from '~/lib/search-visitor.server.ts';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { sessionState, signInPath } from '~/auth/session.server.ts';
import { documentPdf } from '../../services/media/document-pdf.ts';

/**
 * GET /media/resources/...pdf: a catalogue document (SPEC 2 downloads). It is looked up in the
 * Search API with the visitor's identity, so a secured document (issecured) is found only for a
 * signed-in visitor: an anonymous one is sent to sign-in (and back), an expired session gets 401.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const path = decodeURIComponent(url.pathname);
  if (!/^\/media\/resources\/[\w./-]+\.pdf$/.test(path) || path.includes('..')) return new Response('Not found', { status: 404 });
  const session = await sessionState(request, context);
  const { token } = await searchIdentityFor(session.kind === 'signed-in' ? session.user : null, context);
  const { search } = context.config;
  const response = await fetch(`${search.apiUrl}?organizationId=${encodeURIComponent(search.organizationId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...visitorHeaders(context) },
    body: JSON.stringify({ aq: `@clickableuri=="${path}"`, numberOfResults: 1, fieldsToInclude: ['documenttypedisplayname', 'series', 'assetlanguage', 'issecured', 'date'] }),
    signal: AbortSignal.timeout(3000),
  }).catch(() => undefined);
  if (!response?.ok) return new Response('The document library is not available just now.', { status: 503, headers: { 'Retry-After': '10', 'Content-Type': 'text/plain; charset=utf-8' } });
  const [document] = ((await response.json()) as { results?: Array<{ title: string; raw: Record<string, unknown> }> }).results ?? [];
  if (!document) {
    if (session.kind === 'anonymous') return new Response(null, { status: 302, headers: { Location: signInPath(path) } });
    return new Response(session.kind === 'expired' ? 'Your session has ended: sign in again to open this document.' : 'Not found', { status: session.kind === 'expired' ? 401 : 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const raw = document.raw;
  const pdf = documentPdf({
    title: document.title,
    details: [String(raw.documenttypedisplayname ?? 'Document'), raw.series ? `Series ${String(raw.series)}` : '', `Language: ${String(raw.assetlanguage ?? 'English')}`, 'Voltaris Components'].filter(Boolean),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${path.split('/').at(-1)}"`,
      'Cache-Control': raw.issecured === true ? 'private, no-store' : 'public, max-age=3600',
    },
  });
}
