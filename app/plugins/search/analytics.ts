import type { SearchFacetDefinition } from './definitions.ts';
import type { SearchUrlState } from './url-state.ts';

/**
 * What a visitor did to arrive at this search page, told from the state they came from (the
 * Referer, same origin) and the state they are on: the actionCause and customData of Coveo's
 * usage-analytics search events, and the custom events some actions are instead (REQ-ANALYTICS-2).
 * Pure, so the server and the tests share it.
 */
export type SearchAction =
  | { kind: 'search'; actionCause: string; actionType: string; customData: Record<string, string | number> }
  | { kind: 'custom'; eventType: string; eventValue: string; customData: Record<string, string | number> };

type FacetLookup = (facetId: string) => SearchFacetDefinition | undefined;

/** REQ-ANALYTICS-2: 'the product adds the facet title from the facet id'. Titles are logged in English. */
function facetData(lookup: FacetLookup, facetId: string, facetValue?: string): Record<string, string> {
  const definition = lookup(facetId);
  return {
    facetId,
    facetField: definition?.field ?? facetId,
    facetTitle: definition?.title ?? facetId,
    ...(facetValue !== undefined ? { facetValue } : {}),
  };
}

function rangeText(range: { min?: number; max?: number } | undefined): string {
  return `${range?.min ?? ''}..${range?.max ?? ''}`;
}

export function describeSearchAction(previous: SearchUrlState | null, current: SearchUrlState, lookup: FacetLookup, corrected: boolean): SearchAction {
  const search = (actionCause: string, actionType: string, customData: Record<string, string | number> = {}): SearchAction => ({ kind: 'search', actionCause, actionType, customData });
  if (corrected) return search('didyoumeanAutomatic', 'misc');
  if (!previous) return search('interfaceLoad', 'interface');
  if (current.exact && !previous.exact) return search('didyoumeanClick', 'misc');
  if (current.q !== previous.q) return search('searchboxSubmit', 'search box');
  if (current.tab !== previous.tab) return search('interfaceChange', 'interface', { interfaceChangeTo: current.tab });

  const before = Object.entries(previous.facets).flatMap(([id, values]) => values.map((value) => `${id}\u0000${value}`));
  const after = Object.entries(current.facets).flatMap(([id, values]) => values.map((value) => `${id}\u0000${value}`));
  const rangesBefore = Object.keys(previous.ranges);
  const rangesAfter = Object.keys(current.ranges);
  if ((before.length || rangesBefore.length) && !after.length && !rangesAfter.length) return search('breadcrumbResetAll', 'breadcrumb');
  const added = after.find((key) => !before.includes(key));
  if (added) {
    const [id, value] = added.split('\u0000') as [string, string];
    return search('facetSelect', 'facet', facetData(lookup, id, value));
  }
  const removed = before.find((key) => !after.includes(key));
  if (removed) {
    const [id, value] = removed.split('\u0000') as [string, string];
    return search('facetDeselect', 'facet', facetData(lookup, id, value));
  }
  const changedRange = rangesAfter.find((id) => rangeText(current.ranges[id]) !== rangeText(previous.ranges[id]));
  if (changedRange) return search('facetSelect', 'facet', facetData(lookup, changedRange, rangeText(current.ranges[changedRange])));
  const clearedRange = rangesBefore.find((id) => !rangesAfter.includes(id));
  if (clearedRange) return search('facetDeselect', 'facet', facetData(lookup, clearedRange, rangeText(previous.ranges[clearedRange])));

  const expanded = current.expanded.find((id) => !previous.expanded.includes(id));
  if (expanded) return { kind: 'custom', eventType: 'facet', eventValue: 'showMoreFacetResults', customData: facetData(lookup, expanded) };
  const collapsed = previous.expanded.find((id) => !current.expanded.includes(id));
  if (collapsed) return { kind: 'custom', eventType: 'facet', eventValue: 'showLessFacetResults', customData: facetData(lookup, collapsed) };

  if (current.sort !== previous.sort) return search('resultsSort', 'misc', { resultsSortBy: current.sort });
  if (current.size !== previous.size) return search('pagerResize', 'getMoreResults', { currentResultsPerPage: current.size });
  if (current.page !== previous.page) return search('pagerNumber', 'getMoreResults', { pagerNumber: current.page });
  return search('interfaceLoad', 'interface');
}
