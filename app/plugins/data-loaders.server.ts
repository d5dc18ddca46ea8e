import { redirect, type AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { registry } from './registry.ts';
import { runSearch } from './search/search.server.ts';
import { parseSearchUrl } from './search/url-state.ts';

/**
 * Server-side data for renderings that need more than their CMS fields, by componentName. Kept
 * apart from the registry so the browser bundle never sees server code.
 */
export type RenderingDataLoader = (args: { request: Request; context: AppLoadContext; language: SiteLanguage }) => Promise<unknown>;

export const renderingDataLoaders: Record<string, RenderingDataLoader> = {
  SearchResults: async ({ request, context, language }) => {
    const url = new URL(request.url);
    const state = parseSearchUrl(url.searchParams, registry.searchTabs());
    const view = await runSearch(state, LANGUAGES[language].tag, request, context);
    // SPEC 4: a redirect trigger on this site is followed at once; another site's is offered as a link.
    if (view.redirectTo?.startsWith('/')) throw redirect(localizedPath(language, view.redirectTo));
    return { state, view };
  },
};
