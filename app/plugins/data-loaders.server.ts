import { redirect, type AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { locatePage } from '~/cms/page.server.ts';
import { loadCatalogueView } from './catalogue/catalogue.server.ts';
import { registry } from './registry.ts';
import { runSearch } from './search/search.server.ts';
import { rememberQuery } from './search/recent.ts';
import { readRecentQueries, writeRecentQueries } from './search/recent-cookie.server.ts';
import { parseSearchUrl } from './search/url-state.ts';

/**
 * Server-side data for renderings that need more than their CMS fields, by componentName. Kept
 * apart from the registry so the browser bundle never sees server code.
 */
export type RenderingDataLoader = (args: {
  request: Request;
  context: AppLoadContext;
  language: SiteLanguage;
  /** Headers for the page's response (cookies). */
  responseHeaders: Headers;
}) => Promise<unknown>;

export const renderingDataLoaders: Record<string, RenderingDataLoader> = {
  SearchResults: async ({ request, context, language, responseHeaders }) => {
    const url = new URL(request.url);
    const state = parseSearchUrl(url.searchParams, registry.searchTabs());
    const [view, previous] = await Promise.all([runSearch(state, LANGUAGES[language].tag, request, context), readRecentQueries(request)]);
    // SPEC 4: a redirect trigger on this site is followed at once; another site's is offered as a link.
    if (view.redirectTo?.startsWith('/')) throw redirect(localizedPath(language, view.redirectTo));
    const recent = rememberQuery(previous, state.q, view.total > 0);
    if (recent.join('\n') !== previous.join('\n')) {
      responseHeaders.append('Set-Cookie', await writeRecentQueries(recent, context.config.mode === 'production' && url.protocol === 'https:'));
    }
    return { state, view, recent };
  },
  // Products landing, categories, series, parts, compare and cross-reference: the path picks the view.
  Catalogue: async ({ request, context, language }) => loadCatalogueView(locatePage(request, context).itemPath, request, context, language),
};
