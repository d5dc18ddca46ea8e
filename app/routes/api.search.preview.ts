import type { LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { getSessionUser } from '~/auth/session.server.ts';
import { visitorHeaders } from '~/lib/search-visitor.server.ts';

const previewQuery = z.object({
  uniqueId: z.string().min(1, 'uniqueId is required.').max(2000),
  q: z.string().max(200).default(''),
  locale: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/).default('en'),
});

/**
 * GET /api/search/preview?uniqueId=...: a result's preview (the Search API's /html, SPEC 7), asked
 * on the server so the token stays there, and served sandboxed: the document's HTML can run nothing.
 * A signed-in visitor asks with their own search token, so their secured documents preview too.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = previewQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return new Response(parsed.error.issues[0]!.message, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const { search } = context.config;
  const identity = await searchIdentityFor(await getSessionUser(request, context), context);
  let upstream: Response;
  try {
    upstream = await fetch(`${search.apiUrl}/html?organizationId=${encodeURIComponent(search.organizationId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${identity.token}`, 'content-type': 'application/x-www-form-urlencoded', ...visitorHeaders(context) },
      body: new URLSearchParams({ uniqueId: parsed.data.uniqueId, q: parsed.data.q, locale: parsed.data.locale, enableNavigation: 'false', requestedOutputSize: '0' }),
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    return new Response('The preview is not available just now.', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '10' } });
  }
  if (!upstream.ok) return new Response('No preview for this document.', { status: upstream.status === 404 ? 404 : 502, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(await upstream.text(), {
    headers: {
      'Content-Type': upstream.headers.get('content-type') ?? 'text/html; charset=utf-8',
      'Content-Security-Policy': "sandbox; default-src 'none'; img-src https: data:; style-src 'unsafe-inline'",
      // A secured document's preview is for this user only; shared caches keep none.
      'Cache-Control': identity.identity === 'anonymous' ? 'private, max-age=300' : 'private, no-store',
      Vary: 'Cookie',
    },
  });
}
