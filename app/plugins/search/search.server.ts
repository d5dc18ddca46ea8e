import type { AppLoadContext } from '@remix-run/node';
import { LRUCache } from 'lru-cache';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { getSessionUser } from '~/auth/session.server.ts';
import type { SearchUrlState } from './url-state.ts';
import type { SearchView } from './search-view.ts';
import { siteMetrics } from '../../../server/metrics.ts';
import { frozenFacet, rememberShownFacetValues, shownFacetValues } from './facet-freeze.server.ts';
import { buildPageControllers, planSearch, restoreParameters, type SearchJob } from './search-plan.server.ts';
import { pageEngine, runQuery } from './search-run.server.ts';
import { searchViewOf } from './search-view-mapping.server.ts';
import { widenedValues } from './query-values.ts';

/**
 * Runs a search on the server with @coveo/headless, from the URL state. Headless never ships to
 * the browser (docs/decisions/0008): the page renders from the plain view model returned here,
 * with or without JavaScript. This module keeps the answers (below) and runs a search's steps:
 * search-plan.server.ts builds the controllers, search-run.server.ts drives the engine,
 * search-view-mapping.server.ts reads the view out of it, facet-freeze.server.ts keeps the values
 * each page showed.
 */

/**
 * Identical searches (same URL state, language and identity) within `pageCacheSeconds` share one
 * answer, and identical searches in flight share one call: popular queries then cost one Headless
 * engine and one Search API call per period instead of one per visitor. Failed searches are not kept.
 */
const recentViews = new LRUCache<string, SearchView, SearchJob>({
  max: 2000,
  ttlAutopurge: false,
  fetchMethod: async (_key, _stale, { context }) => {
    const view = await executeSearch(context);
    if (view.error) throw new SearchFailed(view);
    return view;
  },
});

class SearchFailed extends Error {
  constructor(readonly view: SearchView) {
    super(view.error?.message);
  }
}

/**
 * The search for a URL state. `previous` is the search page the visitor came from: when only one
 * facet's selection changed since, that facet's values stay as they were shown (REQ-FACET-2 freeze).
 */
export async function runSearch(state: SearchUrlState, locale: string, request: Request, context: AppLoadContext, previous: SearchUrlState | null = null): Promise<SearchView> {
  const { search } = context.config;
  const identity = await searchIdentityFor(await getSessionUser(request, context), context);
  // The key names who the answer is for: a signed-in user's secured results are theirs alone.
  const pageKey = (of: SearchUrlState) => JSON.stringify([search.apiUrl, identity.identity, locale, of]);
  const frozen = frozenFacet(previous, state, previous ? await shownFacetValues(context, pageKey(previous)) : undefined);
  // Kept per version of the content (decision 0075): an unpublished page leaves the results at once (0100).
  const view = await cachedSearch(`${pageKey(state)}|${JSON.stringify(frozen ?? null)}|${context.contentVersion?.() ?? ''}`, { state, locale, request, context, identity, ...(frozen ? { frozen } : {}) });
  if (!view.error) await rememberShownFacetValues(context, pageKey(state), Object.fromEntries(view.facets.map((facet) => [facet.id, facet.values.map((value) => value.value)])));
  return view;
}

async function cachedSearch(key: string, job: SearchJob): Promise<SearchView> {
  const seconds = job.context.config.search.pageCacheSeconds;
  if (seconds <= 0) {
    siteMetrics().searchAnswers.inc({ source: 'asked' });
    return executeSearch(job);
  }
  try {
    const status: LRUCache.Status<string, SearchView, SearchJob> = {};
    const view = (await recentViews.fetch(key, { ttl: seconds * 1000, context: job, status }))!;
    // hit: answered within the period; inflight: the same search was under way.
    siteMetrics().searchAnswers.inc({ source: status.fetch === 'hit' || status.fetch === 'inflight' ? 'reused' : 'asked' });
    return view;
  } catch (error) {
    if (error instanceof SearchFailed) return error.view;
    throw error;
  }
}

/**
 * A search for values no part has exactly ("1.5 A ptc": PTCs hold 1.35 A or 1.6 A) runs again for
 * their nearest ratings, and says so (decision 0163).
 */
async function executeSearch(job: SearchJob): Promise<SearchView> {
  const view = await searchOnce(job);
  const wider = view.total === 0 && !view.error ? widenedValues(job.state, job.locale) : undefined;
  if (!wider) return view;
  const near = await searchOnce({ ...job, state: wider });
  return near.total > 0 && !near.error ? near : view;
}

/** One search page's search: plan it, build the engine and its controllers, restore the URL, run, read. */
async function searchOnce(job: SearchJob): Promise<SearchView> {
  const plan = planSearch(job.state, job.context);
  const { engine, unfoldedCount } = pageEngine(job);
  const controllers = buildPageControllers(engine, plan, job.state);
  restoreParameters(engine, plan, controllers, job.state, job.locale);
  const outcome = await runQuery(engine, controllers, job.state);
  return searchViewOf(engine, controllers, job, outcome, unfoldedCount());
}
