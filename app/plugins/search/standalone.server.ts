import { buildStandaloneSearchBox } from '@coveo/headless';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { FROM_BOX } from './results/search-page-parts.tsx';
import { z } from 'zod';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { getSessionUser } from '~/auth/session.server.ts';
import { LANGUAGES, localizedPath, resolveLanguage } from '~/cms/language.ts';
import { phrasesFor } from '~/cms/page-location.server.ts';
import { buildSiteSearchEngine } from './engine.server.ts';
import { exactPartHref } from './exact-part.server.ts';
import { triggerTargetHref } from './result-links.ts';
import { searchReturnCookie } from './search-return.server.ts';


/**
 * The header's search box (REQ-BOX-2, standalone search box): its form GETs /search (/de/search,
 * ...), and this asks the Search API's `POST /plan` on the server, so it works without JavaScript.
 * A redirect trigger's target wins; otherwise the box's default, the search page with the query.
 */

/** The search page's own limit (url-state.ts keeps 200 characters); the box's input has the same. */
export const MAX_QUERY_LENGTH = 200;
/** Past this the visitor goes to the search page, which says what is wrong with the service. */
const PLAN_TIMEOUT_MS = 3000;

/** Each refusal's message is a dictionary key: the 400 page says why in the page's language. */
export const standaloneQuerySchema = z.object({
  q: z
    .array(z.string())
    .max(1, 'search.queryRefused.several')
    .transform((values) => (values[0] ?? '').trim())
    .pipe(
      z
        .string()
        .max(MAX_QUERY_LENGTH, 'search.queryRefused.tooLong')
        // Control characters never come from typing; they only break the query or the logs.
        .refine((q) => !/\p{Cc}/u.test(q), 'search.queryRefused.control'),
    ),
});

/** The refusal in the visitor's language (the key itself if the dictionary is out of reach). */
async function refusalMessage(request: Request, context: AppLoadContext, key: string): Promise<string> {
  const phrases = await phrasesFor(request, context, [key]);
  return (phrases[key] ?? key).replace('{{max}}', String(MAX_QUERY_LENGTH));
}

/**
 * The plan's answer as Headless's standalone search box stores it (REQ-BOX-2: "the redirect is
 * checked; then the stored redirect target or the default is used"): `redirectTo` is the first
 * redirect trigger's URL, else the box's `redirectionUrl`; '' when the plan failed or took too long.
 */
export async function planRedirect(q: string, locale: string, request: Request, context: AppLoadContext, defaultUrl: string): Promise<string> {
  const identity = await searchIdentityFor(await getSessionUser(request, context), context);
  const engine = buildSiteSearchEngine({ context, request, identity, locale });
  const box = buildStandaloneSearchBox(engine, { options: { id: 'header', redirectionUrl: defaultUrl } });
  box.updateText(q);
  return new Promise<string>((resolve) => {
    let started = false;
    const finish = () => {
      clearTimeout(timer);
      queueMicrotask(() => unsubscribe());
      resolve(box.state.redirectTo);
    };
    const timer = setTimeout(() => {
      unsubscribe();
      resolve('');
    }, PLAN_TIMEOUT_MS);
    const unsubscribe = engine.subscribe(() => {
      if (box.state.isLoading) started = true;
      else if (started) finish();
    });
    box.submit();
  });
}

/** GET /search?q=...: a redirect to the trigger's target or to the search page; 400 for a bad query. */
export async function standaloneSearch(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const where = resolveLanguage(url.pathname, url.host, context.config.zhHostSuffixes);
  if (where.kind === 'redirect') return redirect(`${where.location}${url.search}`, 301);
  if (where.itemPath !== '/search') throw new Response('Not found', { status: 404 });
  const parsed = standaloneQuerySchema.safeParse({ q: url.searchParams.getAll('q') });
  if (!parsed.success) {
    const message = await refusalMessage(request, context, parsed.error.issues[0]!.message);
    throw Response.json({ message }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  }
  const { q } = parsed.data;
  const searchPage = localizedPath(where.language, '/searchresult');
  // Nothing typed: the search page itself, as the box's default with an empty query.
  if (!q) return redirect(searchPage, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  // The scope chosen beside the box goes with the query; the search page names an unknown one.
  const scope = url.searchParams.get('scope')?.slice(0, 100);
  const withQuery = `${searchPage}?${new URLSearchParams({ q, ...(scope ? { scope } : {}) })}`;
  // An exact part number opens its part (decision 0160), the results kept a link away on its page.
  const part = scope ? undefined : await exactPartHref(q, where.language, context);
  if (part) return redirect(part, { status: 303, headers: { 'Cache-Control': 'no-store', 'Set-Cookie': await searchReturnCookie(q, part, url.protocol === 'https:') } });
  const redirectTo = await planRedirect(q, LANGUAGES[where.language].tag, request, context, withQuery);
  // The default is ours already; a trigger's target is checked: this site's pages in the visitor's
  // language, other sites' http(s) addresses; anything else is not followed.
  const target = !redirectTo || redirectTo === withQuery ? withQuery : (triggerTargetHref(redirectTo, where.language, context.config.publicOrigin ? [context.config.publicOrigin] : []) ?? withQuery);
  // REQ-SEARCH-8: another site opens in a new tab. A script's request (a client navigation: the browser
  // says Sec-Fetch-Dest: empty) is sent to the search page flagged as from the box, which opens the
  // trigger's target in a new tab once (useOpenElsewhereOnce); a document load goes there itself.
  if (!target.startsWith('/') && request.headers.get('sec-fetch-dest') === 'empty') {
    return redirect(`${withQuery}&${FROM_BOX}`, { status: 303, headers: { 'Cache-Control': 'no-store' } });
  }
  return redirect(target, { status: 303, headers: { 'Cache-Control': 'no-store' } });
}
