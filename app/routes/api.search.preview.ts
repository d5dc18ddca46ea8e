import type { LoaderFunctionArgs } from '@remix-run/node';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { getSessionUser } from '~/auth/session.server.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { LANGUAGES, localizedPath } from '~/cms/language.ts';
import { sameSitePath } from '~/lib/same-site-path.ts';
import { translator } from '~/cms/use-site-shell.ts';
import { DocumentPreview } from '~/plugins/search/DocumentPreview.tsx';
import { loadDocumentPreview, PreviewError } from '~/plugins/search/preview.server.ts';
import type { PreviewAnswer } from '~/plugins/search/preview.ts';
import { siteLanguageOf } from '~/plugins/search/recommendations.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

const previewQuery = z.object({
  uniqueId: z.string({ error: 'uniqueId is required.' }).min(1, 'uniqueId is required.').max(2000),
  q: z.string().max(200).default(''),
  /** The search page the visitor came from (same site only): the page's way back, without JavaScript. */
  back: z.string().max(2000).optional(),
  /** For the search page's dialog (with JavaScript): the preview as data, which the dialog renders. */
  format: z.literal('json').optional(),
  locale: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'locale must be a language tag such as en or ja-JP.').default('en'),
});

const previewLabels = (t: ReturnType<typeof translator>) => ({ details: t('preview.details'), open: t('preview.open') });

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
  const back = (parsed.data.back && sameSitePath(parsed.data.back)) || localizedPath(language, '/searchresult');
  // Opened on its own (no JavaScript), the page has the site's name and the way back to the search.
  const header = `<header class="preview-header"><a class="preview-header__brand" href="${escape(localizedPath(language, '/'))}">${escape(t('site.name'))}</a><a href="${escape(back)}">← ${escape(t('preview.back'))}</a></header>`;
  const page = (status: number, title: string, body: string, cacheControl: string) =>
    new Response(
      `<!DOCTYPE html><html lang="${pageLanguage}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><link rel="stylesheet" href="/api/search/preview.css"></head><body>${header}<main>${body}</main></body></html>`,
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
    if (parsed.data.format) return Response.json({ view, labels: previewLabels(t) } satisfies PreviewAnswer, { headers: { 'Cache-Control': identity.identity === 'anonymous' ? 'private, max-age=300' : 'private, no-store', Vary: 'Cookie' } });
    const body = renderToStaticMarkup(createElement(DocumentPreview, { view, labels: previewLabels(t) }));
    // A secured document's preview is for this user only; shared caches keep none.
    return page(200, view.title, body, identity.identity === 'anonymous' ? 'private, max-age=300' : 'private, no-store');
  } catch (error) {
    if (!(error instanceof PreviewError)) throw error;
    if (parsed.data.format) return Response.json({ error: error.message } satisfies PreviewAnswer, { status: error.status, headers: { 'Cache-Control': 'no-store' } });
    return page(error.status, error.message, `<p role="alert">${escape(error.message)}</p>`, 'no-store');
  }
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
