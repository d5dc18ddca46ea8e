import { redirect, redirectDocument, type AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath } from '~/cms/language.ts';
import { logFault } from '~/lib/faults.server.ts';
import { trackingAllowed } from '~/lib/analytics.server.ts';
import { beaconHopHref } from '~/lib/page-beacon.server.ts';
import { DATE_MESSAGES, parseRelativeDate, parseSearchDate } from '~/lib/search-rules.ts';
import { MAX_REACHABLE_RESULTS } from '~/lib/search-constants.ts';
import { registry } from '../registry.ts';
import type { RenderingDataLoader, ServerPlugin } from '../server-registry.server.ts';
import type { SearchRenderingData } from './rendering-data.ts';
import { searchFacet as facetDefinition, searchPageBeacon } from './analytics.server.ts';
import { readRecentQueries, readRecentResultsKey } from './recent-cookie.server.ts';
import { openedResults } from './recent-results.server.ts';
import { rememberQuery } from './recent.ts';
import { crossReferenceAnswer, queryNamesCategory } from './cross-reference-answer.server.ts';
import { loadSearchRecommendations } from './recommendations.server.ts';
import type { SearchHistoryValues } from './SearchHistory.tsx';
import { runSearch } from './search.server.ts';
import { emptySearchView, type SearchResultsData } from './search-view.ts';
import { facetValuePhrases, pageSearchView } from './page-view.server.ts';
import { SNIPPET_STATES } from './snippet-feedback.ts';
import { handleSnippetFeedback } from './snippet-feedback.server.ts';
import { malformedEscapes, parseSearchUrl, searchUrlProblems, type FacetValueFault, type SearchUrlState } from './url-state.ts';

/** The search plugin's server half: the results page's search, and its snippet feedback posts. */

/** The search state of the page the visitor came from, when it was this site's search page. */
function previousSearchState(request: Request, url: URL): SearchUrlState | null {
  const referer = request.headers.get('referer');
  if (!referer || !URL.canParse(referer)) return null;
  const from = new URL(referer);
  if (from.origin !== url.origin || !/\/searchresult\/?$/i.test(from.pathname)) return null;
  return parseSearchUrl(from.searchParams, registry.searchTabs());
}

/**
 * What is wrong with a date facet's value `start..end` (each a search date or a relative date:
 * past-3-day, now), in the words of the date messages (REQ-VALID-6, 7), or a start after
 * the end (REQ-VALID-8): the page says which, not "is not a date range".
 */
function dateRangeFault(value: string): FacetValueFault | undefined {
  const parts = value.split('..');
  if (parts.length !== 2) return {};
  const times: number[] = [];
  const now = Date.now();
  for (const part of parts) {
    const time = readDate(part, now);
    if (typeof time !== 'number') return { ...time, part };
    times.push(time);
  }
  return times[0]! > times[1]! ? { reason: 'order' } : undefined;
}

/** A date of a range as a time, or why it is none. */
function readDate(part: string, now: number): number | FacetValueFault {
  try {
    return parseSearchDate(part);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (message === DATE_MESSAGES.tooEarly) return { reason: 'tooEarly' };
    if (message === DATE_MESSAGES.invalid) return { reason: 'invalid' };
  }
  try {
    return parseRelativeDate(part, now);
  } catch {
    // Words (past-3-foo, yesterday) were meant as a relative date; digits as a date.
    return { reason: /^[a-z]/i.test(part) ? 'relative' : 'unparsable' };
  }
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
  context: AppLoadContext,
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
    return { errorId: logFault(request, context, new Error(error.message), 'the search page built a request the Search API client refused') };
  } else if (error.status === 400) {
    page.markStatus(400);
  } else if (error.status === 0 && error.message === 'unknown') {
    page.markStatus(502);
  } else {
    page.markUnavailable();
  }
  return {};
}

const loadSearchResults: RenderingDataLoader<SearchRenderingData['SearchResults']> = async ({ request, context, language, responseHeaders, markUnavailable, markStatus, recordSearch, phrases }) => {
  const url = new URL(request.url);
  const state = parseSearchUrl(url.searchParams, registry.searchTabs(), registry.searchScopes());
  // A form sent without JavaScript carries its empty fields (min.x=&f.y=): answer with the URL
  // without them, and nothing else changed, so what cannot be searched is still named there.
  if ([...url.searchParams].some(([key, value]) => value === '' && key !== 'q')) {
    const filled = new URLSearchParams([...url.searchParams].filter(([key, value]) => value !== '' || key === 'q'));
    throw redirect(`${url.pathname}?${filled.toString()}`);
  }
  // What cannot be searched as asked is named on the page (400), never replaced by a default unseen.
  const problems = [
    ...malformedEscapes(url.searchParams),
    ...searchUrlProblems(url.searchParams, { tabs: registry.searchTabs(), scopes: registry.searchScopes() }, (id, value) => (facetDefinition(id)?.type === 'dateRange' ? dateRangeFault(value) : undefined), facetDefinition),
  ];
  if (problems.length) {
    // The box shows what the visitor can correct, not the "�" a malformed escape reads as.
    if (problems.some((problem) => problem.kind === 'badEscape')) state.q = state.q.replace(/\uFFFD/g, '');
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
  const fault = view.error ? answerSearchError(request, context, view.error, { markStatus, markUnavailable, responseHeaders }) : {};
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
    const target = localizedPath(language, view.redirectTo);
    if (!event) throw redirect(target, { headers: responseHeaders });
    // No page, so no beacon in one: the browser passes through the beacon on its way, where the
    // visitor's cookie is sent. A document load, with scripts too: the beacon is no page to render.
    throw redirectDocument(beaconHopHref(event, target, request.headers.get('referer') ?? undefined), { headers: responseHeaders });
  }
  if (event) recordSearch(event);
  // The page's beacon writes the query into the visitor's cookie; the page shows it already.
  const recent = rememberQuery(await readRecentQueries(request), state.q, !view.error && view.total > 0);
  const history: SearchHistoryValues = { recent, recentResults: trackingAllowed(request) ? await openedResults(context.shared, await readRecentResultsKey(request)) : [] };
  // Result links always ping the click endpoint, which honours DNT and Sec-GPC itself: the page
  // stays the same for every anonymous visitor.
  const tracking = true;
  const crossReference = view.error || state.page > 1 ? undefined : await crossReferenceAnswer(state.q, view.results[0]?.fields.partnumber, language, context, request);
  // Nothing found: parts the visitor may have meant instead of an empty page (REQ-SEARCH-17), unless ours answers another maker's number.
  const recommendations = view.total === 0 && !view.error && state.q && !crossReference && queryNamesCategory(state.q, language) ? await loadSearchRecommendations({ query: state.q, locale: LANGUAGES[language].tag, context }) : undefined;
  if (recommendations?.status === 'error') responseHeaders.set('Cache-Control', 'no-store');
  const valuePhrases = facetValuePhrases(view, state.facets, await phrases, language);
  return { state, view: pageSearchView(view), history, tracking, valuePhrases, ...(snippet ? { snippet } : {}), ...(recommendations ? { recommendations } : {}), ...(crossReference ? { crossReference } : {}), ...fault } satisfies SearchResultsData;
};


export const searchRenderings: ServerPlugin<SearchRenderingData> = {
  plugin: 'search',
  renderings: {
    SearchResults: { load: loadSearchResults, action: ({ request, language, form }) => handleSnippetFeedback(request, language, form), cache: { shared: 'search' } },
  },
};
