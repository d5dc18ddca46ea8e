import type { SearchBeacon } from '~/lib/search-beacon.ts';
import { registry } from '../registry.ts';
import { describeSearchAction } from './analytics.ts';
import type { SearchFacetDefinition } from './definitions.ts';
import type { SearchView } from './search-view.ts';
import type { SearchUrlState } from './url-state.ts';

export interface SearchPageVisit {
  /** The page language's tag (en, de, ja-JP, zh-CN). */
  language: string;
  state: SearchUrlState;
  /** The search state the visitor came from (the same-origin Referer), if any. */
  previous: SearchUrlState | null;
  view: SearchView;
  /** The tab's filter expression (cq), for the query-error event. */
  constantQuery: string;
}

/** A facet of any tab or scope, by id. */
export function searchFacet(facetId: string): SearchFacetDefinition | undefined {
  for (const section of [...registry.searchTabs(), ...registry.searchScopes()]) {
    const found = section.facets.find((facet) => facet.id === facetId);
    if (found) return found;
  }
  return undefined;
}

/**
 * The facetState of a search event from its selected values ([facetId, value] in URL order): the
 * beacon carries only the pairs, and its endpoint names each facet (REQ-ANALYTICS-2 titles in English).
 */
export function facetStateOf(selected: ReadonlyArray<readonly [string, string]>) {
  const position = new Map<string, number>();
  return selected.map(([facetId, value]) => {
    const definition = searchFacet(facetId);
    const valuePosition = (position.get(facetId) ?? 0) + 1;
    position.set(facetId, valuePosition);
    return { id: facetId, facetId, field: definition?.field ?? facetId, title: definition?.title ?? facetId, facetType: definition?.type ?? 'specific', value, displayValue: value, valuePosition, state: 'selected' };
  });
}

/**
 * The event Headless would have logged for this page, for the page's beacon (decision 0049): a
 * search event (its cause told by describeSearchAction), or the custom event some actions are, or
 * on failure the query-error custom event of REQ-ERR-7. Who the visitor is the beacon's endpoint adds.
 */
export function searchPageBeacon(visit: SearchPageVisit): SearchBeacon {
  const { state, view } = visit;
  const found = !view.error && view.total > 0;
  const common = { language: visit.language, originContext: 'Search' as const, originLevel1: 'default', originLevel2: state.tab };
  if (view.error) {
    return {
      kind: 'custom',
      query: state.q,
      found,
      body: {
        ...common,
        eventType: 'errors',
        eventValue: 'query',
        customData: { query: state.q, aq: '', cq: visit.constantQuery, dq: '', errorType: String(view.error.status), errorMessage: view.error.message },
      },
    };
  }
  const action = describeSearchAction(visit.previous, state, searchFacet, Boolean(view.correction));
  if (action.kind === 'custom') {
    return { kind: 'custom', query: state.q, found, body: { ...common, eventType: action.eventType, eventValue: action.eventValue, lastSearchQueryUid: view.searchUid, customData: action.customData } };
  }
  const selected = Object.entries(state.facets).flatMap(([facetId, values]) => values.map((value) => [facetId, value] as [string, string]));
  return {
    kind: 'search',
    query: state.q,
    found,
    body: {
      ...common,
      actionCause: action.actionCause,
      actionType: action.actionType,
      customData: action.customData,
      searchQueryUid: view.searchUid,
      ...(view.pipeline ? { queryPipeline: view.pipeline } : {}),
      queryText: view.correction?.corrected ?? state.q,
      responseTime: Math.round(view.durationMs),
      numberOfResults: view.total,
      selected,
    },
  };
}
