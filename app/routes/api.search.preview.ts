import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { getSessionUser } from '~/auth/session.server.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { LANGUAGES } from '~/cms/language.ts';
import { translator } from '~/cms/use-site-shell.ts';
import { DocumentPreview } from '~/plugins/search/DocumentPreview.tsx';
import { loadDocumentPreview, PreviewError } from '~/plugins/search/preview.server.ts';
import { siteLanguageOf } from '~/plugins/search/recommendations.server.ts';

const previewQuery = z.object({
  uniqueId: z.string({ error: 'uniqueId is required.' }).min(1, 'uniqueId is required.').max(2000),
  q: z.string().max(200).default(''),
  locale: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'locale must be a language tag such as en or ja-JP.').default('en'),
});

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * GET /api/search/preview?uniqueId=...&locale=de: a result's quickview (REQ-RECS-2) as a page a
 * person reads (preview.server.ts), asked on the server so the token stays there, and served
 * sandboxed: nothing in it can run. A signed-in visitor asks with their own search token, so their
 * secured documents preview too.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = previewQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return new Response(parsed.error.issues[0]!.message, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const language = siteLanguageOf(parsed.data.locale);
  const pageLanguage = LANGUAGES[language].tag;
  const t = translator(await loadDictionary(context, language));
  const identity = await searchIdentityFor(await getSessionUser(request, context), context);
  const page = (status: number, title: string, body: string, cacheControl: string) =>
    new Response(
      `<!DOCTYPE html><html lang="${pageLanguage}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><link rel="stylesheet" href="/api/search/preview.css"></head><body>${body}</body></html>`,
      {
        status,
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          // Added to the site's own policy (both apply): no script, form or popup can run. The page keeps
          // its origin (allow-same-origin, harmless without scripts) so its own stylesheet may load.
          'Content-Security-Policy': "sandbox allow-same-origin; default-src 'none'; img-src https: data:; style-src 'self'",
          'Cache-Control': cacheControl,
          Vary: 'Cookie',
        },
      },
    );
  try {
    const view = await loadDocumentPreview({ context, token: identity.token, uniqueId: parsed.data.uniqueId, q: parsed.data.q, pageLanguage, t });
    const body = renderToStaticMarkup(createElement(DocumentPreview, { view, labels: { details: t('preview.details'), open: t('preview.open') } }));
    // A secured document's preview is for this user only; shared caches keep none.
    return page(200, view.title, body, identity.identity === 'anonymous' ? 'private, max-age=300' : 'private, no-store');
  } catch (error) {
    if (!(error instanceof PreviewError)) throw error;
    return page(error.status, error.message, `<p role="alert">${escape(error.message)}</p>`, 'no-store');
  }
}
