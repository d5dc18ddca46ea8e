import { redirect, type AppLoadContext } from '@remix-run/node';
import type { ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { locatePage } from '~/cms/page.server.ts';
import { loadCatalogueView } from './catalogue/catalogue.server.ts';
import { registry } from './registry.ts';
import { runSearch } from './search/search.server.ts';
import { rememberQuery } from './search/recent.ts';
import { readRecentQueries, writeRecentQueries } from './search/recent-cookie.server.ts';
import { readVisitorId, trackingAllowed } from '~/lib/analytics.server.ts';
import { translator } from '~/cms/use-site-shell.ts';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import { repeatSearchHistory } from './search/search-history.server.ts';
import type { SearchHistoryValues } from './search/SearchHistory.tsx';
import { logSearchPage } from './search/analytics.server.ts';
import { checkStockAction } from './forms/check-stock.server.ts';
import { contactUsAction, contactUsLoader } from './forms/contact-us.server.ts';
import { enquiryAction, enquiryLoader } from './forms/enquiries.server.ts';
import { subscriptionAction, subscriptionLoader } from './forms/subscription.server.ts';
import { requestSampleAction, requestSampleLoader, sampleListLoader } from './forms/request-sample.server.ts';
import { openedResults } from './search/recent-results.server.ts';
import { SNIPPET_STATES } from './search/snippet-feedback.ts';
import { handleSnippetFeedback } from './search/snippet-feedback.server.ts';
import type { SearchFacetDefinition } from './search/definitions.ts';
import { parseSearchUrl, recentQueryHref, searchUrlParams, type SearchUrlState } from './search/url-state.ts';
import { parseRelativeDate, parseSearchDate } from '~/lib/search-rules.ts';
import { refusal } from '~/lib/http-errors.server.ts';

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
  /** The UI strings of the page's language (never failing: empty when the dictionary is down). */
  phrases: Promise<DictionaryPhrases>;
  /** The rendering's service is down: a page with nothing else is served as 503. */
  markUnavailable: () => void;
}) => Promise<unknown>;

/** The search state of the page the visitor came from, when it was this site's search page. */
function previousSearchState(request: Request, url: URL): SearchUrlState | null {
  const referer = request.headers.get('referer');
  if (!referer || !URL.canParse(referer)) return null;
  const from = new URL(referer);
  if (from.origin !== url.origin || !/\/searchresult\/?$/i.test(from.pathname)) return null;
  return parseSearchUrl(from.searchParams, registry.searchTabs());
}

/** A date facet value is `start..end`, each a search date or a relative date (past-3-day, now). */
function isDateRangeValue(value: string): boolean {
  const parts = value.split('..');
  if (parts.length !== 2) return false;
  return parts.every((part) => {
    for (const parse of [parseSearchDate, parseRelativeDate]) {
      try {
        parse(part);
        return true;
      } catch {
        // the other format may take it
      }
    }
    return false;
  });
}

/**
 * A date facet value the search service cannot read is the visitor's mistake (an edited URL): the
 * page answers 400 and names it, instead of the service's refusal looking like an outage (issue 19).
 */
function refuseBadDateValues(state: SearchUrlState): void {
  for (const [facetId, values] of Object.entries(state.facets)) {
    if (facetDefinition(facetId)?.type !== 'dateRange') continue;
    const bad = values.find((value) => !isDateRangeValue(value));
    if (bad !== undefined) throw refusal(400, 'error.badFilterValue', { values: { value: bad.slice(0, 100) } });
  }
}

function facetDefinition(facetId: string): SearchFacetDefinition | undefined {
  for (const section of [...registry.searchTabs(), ...registry.searchScopes()]) {
    const found = section.facets.find((facet) => facet.id === facetId);
    if (found) return found;
  }
  return undefined;
}

export const renderingDataLoaders: Record<string, RenderingDataLoader> = {
  RequestSample: ({ request, context }) => requestSampleLoader(request, context),
  SampleList: ({ request, context }) => sampleListLoader(request, context),
  ContactUs: ({ request, context }) => contactUsLoader(request, context),
  EnquiryForm: ({ request, context }) => enquiryLoader(request, context),
  MarketingSubscription: ({ request, context }) => subscriptionLoader(request, context),
  SearchResults: async ({ request, context, language, responseHeaders, markUnavailable, phrases }) => {
    const url = new URL(request.url);
    const state = parseSearchUrl(url.searchParams, registry.searchTabs());
    // A form sent without JavaScript carries its empty fields (min.x=&f.y=): answer with the clean URL.
    if ([...url.searchParams].some(([key, value]) => value === '' && key !== 'q')) {
      throw redirect(`${url.pathname}?${searchUrlParams(state).toString()}`);
    }
    refuseBadDateValues(state);
    const cameFrom = previousSearchState(request, url);
    const view = await runSearch(state, LANGUAGES[language].tag, request, context, cameFrom);
    if (view.error && view.error.status !== 419) markUnavailable();
    // An error is for this moment only: no copy of the page (0031), no cache, keeps it.
    if (view.error) responseHeaders.set('Cache-Control', 'no-store');
    const snippet = SNIPPET_STATES.find((value) => value === url.searchParams.get('snippet'));
    // Back from a feedback post (post, redirect, get): the same search again, not a new one to log.
    if (!snippet) await logSearchPage({
      request,
      context,
      responseHeaders,
      language: LANGUAGES[language].tag,
      state,
      previous: cameFrom,
      view,
      constantQuery: registry.searchTabs().find((tab) => tab.id === state.tab)?.expression ?? '',
      facet: facetDefinition,
    });
    // SPEC 4: a redirect trigger on this site is followed at once; another site's is offered as a link.
    if (view.redirectTo?.startsWith('/')) throw redirect(localizedPath(language, view.redirectTo), { headers: responseHeaders });
    const tracking = trackingAllowed(request);
    const secure = context.config.mode === 'production' && url.protocol === 'https:';
    const remember = (previous: string[]) => rememberQuery(previous, state.q, view.total > 0);
    const previous = readRecentQueries(request, context);
    const recent = remember(previous);
    if (recent.join('\n') !== previous.join('\n')) responseHeaders.append('Set-Cookie', await writeRecentQueries(recent, secure));
    const history: SearchHistoryValues = { recent, recentResults: tracking ? openedResults(readVisitorId(request, context)) : [] };
    if (context.pageCopy) {
      const t = translator(await phrases);
      repeatSearchHistory(context.pageCopy, { history, remember, tracking, secure, queryHref: (query) => recentQueryHref(url.pathname, state, query), t });
    }
    return { state, view, history, tracking, ...(snippet ? { snippet } : {}) };
  },
  // Products landing, categories, series, parts, compare and cross-reference: the path picks the view.
  Catalogue: async ({ request, context, language, responseHeaders }) => {
    const view = await loadCatalogueView(locatePage(request, context).itemPath, request, context, language);
    // As for search errors: the catalogue being down is for this moment only.
    if (view.kind === 'unavailable') responseHeaders.set('Cache-Control', 'no-store');
    return view;
  },
};

/**
 * Renderings whose data is the same for every visitor without cookies at one address (decision
 * 0031): a page made only of these and plain content may be copied for such visitors. Forms are
 * not (an idempotency key, a finder's contacts, the signed-in prefill), nor is anything new until
 * it is added here.
 */
export const renderingsSharedByAnonymousVisitors: ReadonlySet<string> = new Set(['SearchResults', 'Catalogue']);

/**
 * Form posts to a CMS page, by the componentName the form names in `_component`: the rendering's
 * plugin answers (a redirect, or data for the page to show again with its errors).
 */
export type RenderingAction = (args: { request: Request; context: AppLoadContext; language: SiteLanguage; form: FormData; rendering: ComponentRendering }) => Promise<Response>;

export const renderingActions: Record<string, RenderingAction> = {
  SearchResults: ({ request, context, form }) => handleSnippetFeedback(request, context, form),
  CheckStock: ({ context, form }) => checkStockAction(context, form),
  RequestSample: ({ request, context, language, form }) => requestSampleAction(request, context, language, form),
  ContactUs: ({ request, context, language, form }) => contactUsAction(request, context, language, form),
  EnquiryForm: ({ request, context, language, form, rendering }) => enquiryAction(request, context, language, form, rendering),
  MarketingSubscription: ({ request, context, form }) => subscriptionAction(request, context, form),
};
