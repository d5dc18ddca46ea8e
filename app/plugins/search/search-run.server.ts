import type { Facet, FoldedCollection, FoldedResultList, SearchEngine } from '@coveo/headless';
import { FOLDING_FIELDS } from '~/lib/search-constants.ts';
import { buildSiteSearchEngine } from './engine.server.ts';
import type { SearchUrlState } from './url-state.ts';
import type { FacetValueView, FacetView } from './search-view.ts';
import { freezeFacetInRequest } from './facet-freeze.server.ts';
import type { PageControllers, PlannedFacet, SearchJob } from './search-plan.server.ts';

/** Driving the Headless engine: its request to the Search API, the query, facet searches and folded collections, each within the page's time limit. */
/** REQ-ERR-6 site rule: a search slower than this shows the failure message instead of waiting. */
export const SEARCH_TIMEOUT_MS = 3000;

/** Runs a facet's search for `text` and returns its values, the selected ones marked. */
async function searchFacet(engine: SearchEngine, facet: Facet, text: string): Promise<{ query: string; values: FacetValueView[]; more: boolean }> {
  await settled(
    engine,
    () => facet.state.facetSearch.isLoading,
    () => {
      facet.facetSearch.updateText(text);
      facet.facetSearch.search();
    },
  );
  let facetSearch: Facet['state']['facetSearch'];
  try {
    facetSearch = facet.state.facetSearch;
  } catch {
    return { query: text, values: [], more: false };
  }
  // Headless leaves selected values out of the search; those that match are listed first, ticked.
  const needle = text.toLowerCase().replaceAll('*', '');
  const selected = facet.state.values
    .filter((value) => value.state === 'selected' && value.value.toLowerCase().includes(needle))
    .map((value) => ({ value: value.value, count: value.numberOfResults, selected: true }));
  const { values, moreValuesAvailable } = facetSearch;
  const found = values.filter((value) => !selected.some((s) => s.value === value.rawValue)).map((value) => ({ value: value.rawValue, count: value.count, selected: false }));
  return { query: text, values: [...selected, ...found], more: moreValuesAvailable };
}

/** Loads a whole collection (headless asks for up to 100 of its results) within the page's time limit. */
export function loadCollection(engine: SearchEngine, list: FoldedResultList, collection: FoldedCollection): Promise<boolean> {
  const current = () => list.state.results.find((candidate) => candidate.result.uniqueId === collection.result.uniqueId);
  return settled(engine, () => Boolean(current()?.isLoadingMoreResults), () => list.loadCollection(collection));
}

/**
 * Starts some Headless work and resolves once its loading flag has gone up and down again (true),
 * or after SEARCH_TIMEOUT_MS (false): the page never waits longer than that for the service.
 */
function settled(engine: SearchEngine, isLoading: () => boolean, start: () => void): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(false);
    }, SEARCH_TIMEOUT_MS);
    let started = false;
    const unsubscribe = engine.subscribe(() => {
      let loading: boolean;
      try {
        loading = isLoading();
      } catch {
        // Headless cannot read some error answers (a refused /facet has no values) and throws from
        // its state getters; thrown in a store listener that would end the process (issue 19 fuzz).
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe());
        resolve(false);
        return;
      }
      if (loading) started = true;
      if (started && !loading) {
        clearTimeout(timer);
        queueMicrotask(() => unsubscribe());
        resolve(true);
      }
    });
    start();
  });
}

/** The engine for one search, and the unfolded count its answer reports (Headless keeps only the filtered one). */
export function pageEngine(job: SearchJob): { engine: SearchEngine; unfoldedCount: () => number } {
  const { context, request, identity, locale, state, frozen } = job;
  const apiPath = new URL(context.config.search.apiUrl, 'http://local').pathname.replace(/\/$/, '');
  const isSearchCall = (url: string | undefined) => new URL(url ?? '', 'http://local').pathname.replace(/\/$/, '') === apiPath;
  let unfolded = 0;
  const engine = buildSiteSearchEngine({
    context,
    request,
    identity,
    locale,
    // The search call goes to the proxy base itself (facet search, plan and the rest below it): the
    // frozen facet sends all the values it showed.
    ...(frozen ? { adjustRequest: (req) => (isSearchCall(req.url) ? { ...req, body: freezeFacetInRequest(req.body, state, frozen) as typeof req.body } : req) } : {}),
    preprocessSearchResponseMiddleware: (response) => {
      const totalCount = (response.body as { totalCount?: unknown }).totalCount;
      if (typeof totalCount === 'number') unfolded = totalCount;
      return response;
    },
  });
  return { engine, unfoldedCount: () => unfolded };
}

export interface QueryOutcome {
  /** The answer came within the time limit. */
  completed: boolean;
  /** A query trigger ran `rewritten` in place of what was typed. */
  rewrite?: { original: string; rewritten: string };
  /** Facet searches (fs.<facetId>) by facet. */
  facetSearches: Map<string, NonNullable<FacetView['search']>>;
}

/**
 * Runs the search, then what depends on its answer: the query trigger's undo when the visitor
 * asked for exactly what they typed, each facet's own search, and the whole of a collection the
 * URL names.
 */
export async function runQuery(engine: SearchEngine, controllers: PageControllers, state: SearchUrlState): Promise<QueryOutcome> {
  const isLoading = () => Boolean(engine.state.search?.isLoading);
  let completed = await settled(engine, isLoading, () => engine.executeFirstSearch());
  const { queryTrigger, folded } = controllers;
  // "Search instead for" the original is the trigger's undo, which searches again with the rewrite ignored.
  const rewrite = completed && queryTrigger.state.wasQueryModified ? { original: queryTrigger.state.originalQuery, rewritten: queryTrigger.state.newQuery } : undefined;
  if (rewrite && state.exact) completed = await settled(engine, isLoading, () => queryTrigger.undo());
  const facetSearches = completed ? await runFacetSearches(engine, controllers.facets, state) : new Map<string, NonNullable<FacetView['search']>>();
  const wanted = state.collection ? folded.state.results.find((collection) => collection.result.raw[FOLDING_FIELDS.collection] === state.collection) : undefined;
  if (completed && wanted?.moreResultsAvailable) completed = await loadCollection(engine, folded, wanted);
  return { completed, ...(rewrite ? { rewrite } : {}), facetSearches };
}

/** Facet search (fs.<facetId>): the facet's own search box, answered by the Search API's /facet. */
export async function runFacetSearches(engine: SearchEngine, facets: PlannedFacet[], state: SearchUrlState): Promise<Map<string, NonNullable<FacetView['search']>>> {
  const searches = await Promise.all(
    facets.map(async ({ definition, controller }) => {
      const text = state.facetSearch[definition.id];
      if (!text || definition.type !== 'specific' || !('facetSearch' in controller)) return undefined;
      return [definition.id, await searchFacet(engine, controller as Facet, text)] as const;
    }),
  );
  return new Map(searches.filter((entry) => entry !== undefined));
}
