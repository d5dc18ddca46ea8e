import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { AuthRequiredDialog } from './AuthRequiredDialog.tsx';
import { useLoaderData, useRevalidator, useRouteLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { Placeholder } from './Placeholder.tsx';
import { useRegistry } from './registry-context.tsx';
import { PageBeacon } from '~/lib/PageBeacon.tsx';
import { text, type TextField } from '~/cms/fields.ts';
import { PagePhrases, translator, useSiteShell, type PageTitlePhrase } from '~/cms/use-site-shell.ts';
import type { PageData } from '~/cms/page-data.ts';
import { errorPageTitle, pageTitle, shellOfMatches } from './ErrorPage.tsx';

/**
 * Every CMS page: the layout service's route for the request path (page.server.ts), rendered
 * placeholder by placeholder. Shared by the index and the splat route, which only differ in what
 * URL they match.
 */
type CmsPageLoader = () => Promise<PageData>;

/** The CMS pages' pathless parent (app/routes/_page.tsx): their renderings' phrases. */
export const PAGE_PHRASES_ROUTE = 'routes/_page';
interface PagePhrasesData {
  phrases: Record<string, string>;
}

/**
 * Cookies set by plugin data loaders (a form's state) and Retry-After (a page whose service is
 * down) reach document responses too. Each cookie stays its own header: joined with
 * commas they would break on the commas of Expires.
 */
export const cmsPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers();
  for (const cookie of loaderHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  for (const name of ['Retry-After', 'Cache-Control']) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  // A form refused past the rate limit says when to try again, and is kept out of every cache.
  for (const name of ['Retry-After', 'Cache-Control']) {
    const value = actionHeaders?.get(name);
    if (value) headers.set(name, value);
  }
  // A refusal says what it refused with (a 405's Allow) and is kept out of every cache (issue 19).
  for (const name of ['Allow', 'Cache-Control', 'Retry-After']) {
    const value = errorHeaders?.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};

export const cmsPageMeta: MetaFunction<CmsPageLoader> = ({ data, matches, error }) => {
  const shell = shellOfMatches(matches);
  if (error) return [{ title: errorPageTitle(error, shell) }];
  const fields = (data?.route as RouteData | undefined)?.fields as Record<string, TextField> | undefined;
  // A rendering whose data names the page (a catalogue part or category on a wildcard item) wins.
  const main = (data?.route as RouteData | undefined)?.placeholders?.['jss-main'] ?? [];
  // or names it by a dictionary phrase (compare, cross-reference).
  const kept = matches.find((match) => match.id === PAGE_PHRASES_ROUTE)?.data as PagePhrasesData | undefined;
  const t = translator(data?.phrases, kept?.phrases, shell?.phrases);
  const fromData = main
    .map((entry) => {
      const named = (entry as { data?: { pageTitle?: unknown; pageTitlePhrase?: PageTitlePhrase } }).data;
      if (typeof named?.pageTitle === 'string') return named.pageTitle;
      return named?.pageTitlePhrase ? t(named.pageTitlePhrase.key, named.pageTitlePhrase.values) : undefined;
    })
    .find((value) => value);
  const title = fromData || text(fields?.pageTitle) || data?.route.displayName || '';
  const description = text(fields?.metaDescription);
  return [
    { title: pageTitle(title, shell) },
    ...(description ? [{ name: 'description', content: description }] : []),
    // The modules of the page's renderings (entry.client waits for those marked with their module).
    ...(data?.modulePreloads ?? []).map(({ href, module }) => ({ tagName: 'link', rel: 'modulepreload', href, ...(module ? { 'data-rendering-module': module } : {}) })),
  ];
};

/** The A-to-Z index filters in the browser; changing only `letter` needs no new layout data. */
export const cmsPageShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('letter');
    return params.toString();
  };
  return strip(currentUrl) !== strip(nextUrl) && defaultShouldRevalidate;
};

/**
 * A page's renderings' phrases depend on its path alone (the layout names the renderings): kept
 * while only the query changes or a form is sent on the page, asked again for another path or the
 * same address again (a revalidation).
 */
export const pagePhrasesShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (currentUrl.pathname !== nextUrl.pathname || (!formMethod && currentUrl.search === nextUrl.search)) return defaultShouldRevalidate;
  return false;
};

/**
 * The shell the browser holds is kept across navigations in a language (root.tsx). When a page was
 * made for another (the session ended or changed in another tab, the header was edited, a page
 * with a header of its own), the shell is asked for again, once per difference.
 */
function useShellFits(shellKey: string, heldKey: string | undefined) {
  const { revalidate, state } = useRevalidator();
  const asked = useRef<string>();
  useEffect(() => {
    if (!heldKey || heldKey === shellKey || state !== 'idle' || asked.current === `${heldKey}>${shellKey}`) return;
    asked.current = `${heldKey}>${shellKey}`;
    revalidate();
  }, [shellKey, heldKey, state, revalidate]);
}

export function CmsPage() {
  const { route, authRequired, phrases, beacon, renderingModules, shellKey } = useLoaderData<CmsPageLoader>();
  const shell = useSiteShell();
  useShellFits(shellKey, shell?.key);
  // Before the placeholders look their renderings up: the browser fetches those it has not yet.
  useRegistry().learnModules?.(renderingModules ?? {});
  // The JSON round trip keeps the layout service's shape; only the static type loses it.
  const placeholders = (route as unknown as RouteData).placeholders;
  const chrome = shell?.chrome;
  const kept = useRouteLoaderData<PagePhrasesData>(PAGE_PHRASES_ROUTE)?.phrases;
  // The page's own phrases (the expired-session dialog) are few: merged only when there are any.
  const pagePhrases = useMemo(() => (phrases ? { ...kept, ...phrases } : kept), [kept, phrases]);
  return (
    <PagePhrases.Provider value={pagePhrases}>
      <Placeholder name="jss-header" placeholders={chrome} />
      <main id="main" tabIndex={-1}>
        {authRequired ? <AuthRequiredDialog /> : <Placeholder name="jss-main" placeholders={placeholders} />}
      </main>
      <Placeholder name="jss-footer" placeholders={chrome} />
      <PageBeacon href={beacon} />
    </PagePhrases.Provider>
  );
}
