import { redirect, type AppLoadContext } from '@remix-run/node';
import type { ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { locatePage } from '~/cms/page.server.ts';
import { loadCatalogueView } from './catalogue/catalogue.server.ts';
import { loadEventDetail, loadEventList, loadLocations, loadNewsArticle, loadNewsList, loadWhereToBuy } from './company/company.server.ts';
import { registry } from './registry.ts';
import { runSearch } from './search/search.server.ts';
import { logFault } from '~/lib/faults.server.ts';
import { loadSearchRecommendations } from './search/recommendations.server.ts';
import { rememberQuery } from './search/recent.ts';
import { readRecentQueries } from './search/recent-cookie.server.ts';
import { readVisitorId, trackingAllowed } from '~/lib/analytics.server.ts';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { SearchHistoryValues } from './search/SearchHistory.tsx';
import { searchFacet as facetDefinition, searchPageBeacon } from './search/analytics.server.ts';
import { recordPageEvents, type SearchBeacon } from '~/lib/page-beacon.server.ts';
import { checkStockAction, priceViewFor } from './forms/check-stock.server.ts';
import { contactUsAction, contactUsLoader } from './forms/contact-us.server.ts';
import { enquiryAction, enquiryLoader } from './forms/enquiries.server.ts';
import { faqItemLoader, faqListLoader } from './faq/faq.server.ts';
import { partnerPortalLoader } from './portal/partner-portal.server.ts';
import { subscriptionAction, subscriptionLoader } from './forms/subscription.server.ts';
import { requestSampleAction, requestSampleLoader, sampleListLoader } from './forms/request-sample.server.ts';
import { openedResults } from './search/recent-results.server.ts';
import { SNIPPET_STATES } from './search/snippet-feedback.ts';
import { handleSnippetFeedback } from './search/snippet-feedback.server.ts';
import { parseSearchUrl, searchUrlParams, searchUrlProblems, type SearchUrlState } from './search/url-state.ts';
import { parseRelativeDate, parseSearchDate } from '~/lib/search-rules.ts';
import { emptySearchView, type SearchResultsData } from './search/search-view.ts';
import { MAX_REACHABLE_RESULTS } from '~/lib/search-constants.ts';
import { applicationGuideLoader, designCenterPageLoader, industryRelayListLoader, selectionGuideLoader } from './design-center/design-center.server.ts';
import { resourceLibraryLoader } from './content/resource-library.server.ts';
import type { SharedCacheKind } from '../../server/config.ts';

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
  /** The search this rendering ran, for the page's analytics beacon (decision 0049). */
  recordSearch: (event: SearchBeacon) => void;
  /** The UI strings of the page's language (never failing: empty when the dictionary is down). */
  phrases: Promise<DictionaryPhrases>;
  /** The rendering's service is down: a page with nothing else is served as 503. */
  markUnavailable: () => void;
  /**
   * The page answers this status though it renders (bad parameters: 4xx; a service answering
   * nonsense: 502); the first rendering to say so wins.
   */
  markStatus: (status: number) => void;
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
 * The status a search page answers for its search's error (REQ-ERR-6): the visitor's own
 * (too many searches: 429; a query the API cannot parse: 400), ours (a request the page built
 * wrongly, Headless's ClientError: 500, logged with its id), or the service's (an unreadable
 * answer, 'unknown': 502; down or too slow: 503 when the page has nothing else). An expired
 * token (419) renders with its message and a retry link.
 */
function answerSearchError(
  request: Request,
  error: { status: number; message: string; type?: string },
  page: { markStatus: (status: number) => void; markUnavailable: () => void; responseHeaders: Headers },
): { errorId?: string } {
  if (error.status === 419) return {};
  if (error.status === 429) {
    page.markStatus(429);
    page.responseHeaders.set('Retry-After', '1');
  } else if (error.type === 'ClientError') {
    page.markStatus(500);
    // Ours: logged once with the id the page shows (decision 0037).
    return { errorId: logFault(request, new Error(error.message), 'the search page built a request the Search API client refused') };
  } else if (error.status === 400) {
    page.markStatus(400);
  } else if (error.status === 0 && error.message === 'unknown') {
    page.markStatus(502);
  } else {
    page.markUnavailable();
  }
  return {};
}

export const renderingDataLoaders: Record<string, RenderingDataLoader> = {
  RequestSample: ({ request, context }) => requestSampleLoader(request, context),
  SampleList: ({ request, context }) => sampleListLoader(request, context),
  ContactUs: ({ request, context, language }) => contactUsLoader(request, context, language),
  EnquiryForm: ({ request, context }) => enquiryLoader(request, context),
  PartnerPortal: ({ request, context, language }) => partnerPortalLoader(request, context, language),
  ResourceLibrary: (args) => resourceLibraryLoader(args),
  MarketingSubscription: ({ request, context, responseHeaders }) => subscriptionLoader(request, context, responseHeaders),
  SearchResults: async ({ request, context, language, responseHeaders, markUnavailable, markStatus, recordSearch }) => {
    const url = new URL(request.url);
    const state = parseSearchUrl(url.searchParams, registry.searchTabs(), registry.searchScopes());
    // A form sent without JavaScript carries its empty fields (min.x=&f.y=): answer with the clean URL.
    if ([...url.searchParams].some(([key, value]) => value === '' && key !== 'q')) {
      throw redirect(`${url.pathname}?${searchUrlParams(state).toString()}`);
    }
    // What cannot be searched as asked is named on the page (400), never replaced by a default unseen.
    const problems = searchUrlProblems(url.searchParams, { tabs: registry.searchTabs(), scopes: registry.searchScopes() }, (id, value) => facetDefinition(id)?.type !== 'dateRange' || isDateRangeValue(value));
    if (problems.length) {
      markStatus(400);
      responseHeaders.set('Cache-Control', 'no-store');
      const history: SearchHistoryValues = { recent: await readRecentQueries(request), recentResults: [] };
      return { state, view: emptySearchView(), history, tracking: false, problems } satisfies SearchResultsData;
    }
    const cameFrom = previousSearchState(request, url);
    // Coming from a search page changes this one (its facet freeze, the search's cause): made for
    // this visit, never shared.
    if (cameFrom) responseHeaders.set('Cache-Control', 'private');
    const lastReachablePage = Math.floor(MAX_REACHABLE_RESULTS / state.size);
    const found = await runSearch({ ...state, page: Math.min(state.page, lastReachablePage) }, LANGUAGES[language].tag, request, context, cameFrom);
    // A page past the last (or past the 5000 results the Search API can page to) has nothing to
    // show: 404, and the page says which is the last one instead of "Results 433–143 of 143".
    const lastPage = Math.max(1, Math.min(Math.ceil(found.total / state.size), lastReachablePage));
    const beyond = !found.error && state.page > lastPage;
    if (beyond) markStatus(404);
    // The answer may be shared with other visitors (runSearch keeps it a moment): copied, not changed.
    const view = beyond ? { ...found, results: [] } : found;
    const fault = view.error ? answerSearchError(request, view.error, { markStatus, markUnavailable, responseHeaders }) : {};
    // An error is for this moment only: no cache keeps it.
    if (view.error) responseHeaders.set('Cache-Control', 'no-store');
    const snippet = SNIPPET_STATES.find((value) => value === url.searchParams.get('snippet'));
    // Back from a feedback post (post, redirect, get): the same search again, not a new one to log.
    const event = snippet
      ? undefined
      : searchPageBeacon({
          language: LANGUAGES[language].tag,
          state,
          previous: cameFrom,
          view,
          constantQuery: registry.searchTabs().find((tab) => tab.id === state.tab)?.expression ?? '',
        });
    // REQ-SEARCH-8: a redirect trigger on this site is followed at once; another site's is offered as a link.
    if (view.redirectTo?.startsWith('/')) {
      // No page, so no beacon: the redirect (private) carries what the beacon would have done.
      if (event) await recordPageEvents(request, context, { search: event, ref: request.headers.get('referer') ?? '' }, responseHeaders);
      throw redirect(localizedPath(language, view.redirectTo), { headers: responseHeaders });
    }
    if (event) recordSearch(event);
    // The page's beacon writes the query into the visitor's cookie; the page shows it already.
    const recent = rememberQuery(await readRecentQueries(request), state.q, !view.error && view.total > 0);
    const history: SearchHistoryValues = { recent, recentResults: trackingAllowed(request) ? await openedResults(context.shared, await readVisitorId(request)) : [] };
    // Result links always ping the click endpoint, which honours DNT and Sec-GPC itself: the page
    // stays the same for every anonymous visitor.
    const tracking = true;
    // Nothing found: parts the visitor may have meant instead of an empty page (REQ-SEARCH-17).
    const recommendations = view.total === 0 && !view.error && state.q ? await loadSearchRecommendations({ query: state.q, locale: LANGUAGES[language].tag, context }) : undefined;
    if (recommendations?.status === 'error') responseHeaders.set('Cache-Control', 'no-store');
    return { state, view, history, tracking, ...(snippet ? { snippet } : {}), ...(recommendations ? { recommendations } : {}), ...fault } satisfies SearchResultsData;
  },
  FaqList: (args) => faqListLoader(args),
  FaqItem: (args) => faqItemLoader(args),
  // The design center (issue 18): the guide's cards, the application pages, the two data tables.
  ApplicationGuide: (args) => applicationGuideLoader(args),
  DesignCenterApplication: (args) => designCenterPageLoader(args),
  SelectionGuide: async (args) => selectionGuideLoader(args),
  IndustryRelayList: async (args) => industryRelayListLoader(args),
  // Products landing, categories, series, parts, compare and cross-reference: the path picks the view.
  Catalogue: async ({ request, context, language, responseHeaders }) => {
    const view = await loadCatalogueView(locatePage(request, context).itemPath, request, context, language);
    // As for search errors: the catalogue being down is for this moment only.
    if (view.kind === 'unavailable' || ('transient' in view && view.transient)) responseHeaders.set('Cache-Control', 'no-store');
    return view;
  },
  NewsList: loadNewsList,
  NewsArticle: loadNewsArticle,
  EventList: loadEventList,
  EventDetail: loadEventDetail,
  WhereToBuy: loadWhereToBuy,
  PlantLocations: loadLocations,
};

/**
 * Renderings whose data is the same for every anonymous visitor at one address, and the kind of
 * page they make for shared caches (decision 0049): a page made only of these and plain content
 * says `public` to a request without cookies. Forms are not (an idempotency key, a finder's
 * contacts, the signed-in prefill), nor is anything new until it is added here.
 */
export const renderingsSharedByAnonymousVisitors: ReadonlyMap<string, SharedCacheKind> = new Map([
  ['SearchResults', 'search'],
  ['Catalogue', 'catalogue'],
  // Read from the document index; secured documents are listed only for a session, which is private anyway.
  ['ResourceLibrary', 'catalogue'],
  ['FaqList', 'content'],
  ['FaqItem', 'content'],
  ['NewsList', 'content'],
  ['NewsArticle', 'content'],
  ['EventList', 'content'],
  ['EventDetail', 'content'],
  ['WhereToBuy', 'content'],
  ['PlantLocations', 'content'],
  ['ApplicationGuide', 'content'],
  ['DesignCenterApplication', 'content'],
  ['SelectionGuide', 'content'],
  ['IndustryRelayList', 'content'],
]);

/**
 * Form posts to a CMS page, by the componentName the form names in `_component`: the rendering's
 * plugin answers (a redirect, or data for the page to show again with its errors).
 */
export type RenderingAction = (args: { request: Request; context: AppLoadContext; language: SiteLanguage; form: FormData; rendering: ComponentRendering }) => Promise<Response>;

export const renderingActions: Record<string, RenderingAction> = {
  SearchResults: ({ request, context, form }) => handleSnippetFeedback(request, context, form),
  CheckStock: async ({ request, context, form, rendering }) => checkStockAction(context, form, await priceViewFor(request, context, rendering)),
  RequestSample: ({ request, context, language, form }) => requestSampleAction(request, context, language, form),
  ContactUs: ({ request, context, language, form }) => contactUsAction(request, context, language, form),
  EnquiryForm: ({ request, context, language, form, rendering }) => enquiryAction(request, context, language, form, rendering),
  MarketingSubscription: ({ request, context, language, form }) => subscriptionAction(request, context, language, form),
};
