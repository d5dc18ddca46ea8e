// What in a search URL cannot be searched, in words, and the same search without it.
import type { useTranslate } from '~/cms/use-site-shell.ts';
import { SITE_PAGE_SIZES } from '~/lib/search-constants.ts';
import { parseSearchUrl, searchUrlParams, SORTS, type SearchUrlProblem, type SearchUrlState } from './url-state.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from './sections.ts';
import { formatQuantity } from './results/search-page-parts.tsx';
import type { SearchFacetDefinition } from './definitions.ts';
import { dateRangeLabel } from './facet-values.ts';

/** A facet of any tab or scope by its id. */
export function anyFacet(facetId: string): SearchFacetDefinition | undefined {
  return [...SEARCH_TABS, ...SEARCH_SCOPES].flatMap((section) => section.facets).find((candidate) => candidate.id === facetId);
}

/** The facets whose ranges a problem names: the page offers their inputs again, to set them right. */
export function rangeFacetsToFix(problems: SearchUrlProblem[]): SearchFacetDefinition[] {
  const ids = [...new Set(problems.flatMap((problem) => (problem.kind === 'badRangeBound' || problem.kind === 'rangeOrder' ? [problem.facetId] : [])))];
  return ids.flatMap((id) => anyFacet(id) ?? []);
}

/** Two search URLs that ask for the same search, whatever the order or spelling of their parameters. */
export function sameSearch(a: URLSearchParams, b: URLSearchParams): boolean {
  const canonical = (params: URLSearchParams) => {
    const entries = [...searchUrlParams(parseSearchUrl(params, SEARCH_TABS, SEARCH_SCOPES)).entries()];
    return JSON.stringify(entries.sort(([x, v], [y, w]) => (x === y ? v.localeCompare(w) : x.localeCompare(y))));
  };
  return canonical(a) === canonical(b);
}

/** A sentence naming what cannot be searched, in the page's language. */
export function problemText(problem: SearchUrlProblem, t: ReturnType<typeof useTranslate>, state: SearchUrlState, locale = 'en'): string {
  const facetName = (facetId: string) => {
    const facet = anyFacet(facetId);
    return facet ? t(facet.label) : facetId;
  };
  switch (problem.kind) {
    case 'badFacetValue':
      return badValueText(problem, facetName(problem.facetId), t, locale);
    case 'badRangeBound':
      return t('search.problem.badRangeBound', { value: problem.value, facet: facetName(problem.facetId) });
    case 'rangeOrder': {
      const unit = anyFacet(problem.facetId)?.unit;
      return t('search.problem.rangeOrder', { facet: facetName(problem.facetId), min: formatQuantity(problem.min, unit, locale), max: formatQuantity(problem.max, unit, locale) });
    }
    case 'unknownTab':
      return t('search.problem.unknownTab', { value: problem.value, tabs: SEARCH_TABS.map((tab) => t(tab.label)).join(', ') });
    case 'unknownScope':
      return t('search.problem.unknownScope', { value: problem.value, scopes: SEARCH_SCOPES.map((scope) => t(scope.label)).join(', ') });
    case 'badPage':
      return t('search.problem.badPage', { value: problem.value, q: state.q });
    case 'badSort':
      return t('search.problem.badSort', { value: problem.value, sorts: Object.keys(SORTS).map((key) => t(`search.sort.${key}`)).join(', ') });
    case 'badSize':
      return t('search.problem.badSize', { value: problem.value, sizes: SITE_PAGE_SIZES.join(', ') });
    case 'unknownFilter':
      return t(problem.range ? 'search.problem.unknownRangeFilter' : 'search.problem.unknownFilter', { value: problem.facetId.slice(0, 100) });
    case 'badEscape':
      return t('search.problem.badEscape', { value: problem.value });
  }
}

/** How many filters a search applies (the "Filters (n)" control): each facet value and each range. */
export function activeFilterCount(state: SearchUrlState): number {
  const values = Object.values(state.facets).reduce((sum, list) => sum + list.length, 0);
  const ranges = Object.values(state.ranges).filter((range) => range.min !== undefined || range.max !== undefined).length;
  return values + ranges;
}

/** The date messages (REQ-VALID-6, 7, 8), with the filter and the value they are about. */
const DATE_FAULT_KEYS = {
  unparsable: 'search.problem.dateUnparsable',
  tooEarly: 'search.problem.dateTooEarly',
  invalid: 'search.problem.dateInvalid',
  relative: 'search.problem.dateRelative',
} as const;

function badValueText(problem: Extract<SearchUrlProblem, { kind: 'badFacetValue' }>, facet: string, t: ReturnType<typeof useTranslate>, locale: string): string {
  if (problem.reason === 'order') {
    const [start = '', end = ''] = problem.value.split('..').map((bound) => dateRangeLabel(bound, locale));
    return t('search.problem.dateOrder', { facet, start, end });
  }
  if (problem.reason) return t(DATE_FAULT_KEYS[problem.reason], { facet, value: problem.value, part: problem.part ?? '' });
  return t('search.problem.badFacetValue', { value: problem.value, facet });
}

/** The same search without the parts that could not be searched. */
export function cleanState(state: SearchUrlState, problems: SearchUrlProblem[]): SearchUrlState {
  const facets = Object.fromEntries(
    Object.entries(state.facets)
      .map(([facetId, values]) => [facetId, values.filter((value) => !problems.some((problem) => problem.kind === 'badFacetValue' && problem.facetId === facetId && problem.value === value))] as const)
      .filter(([, values]) => values.length > 0),
  );
  // A range with a problem is left out whole: half of a reversed range is not what was meant either.
  const ranges = Object.fromEntries(Object.entries(state.ranges).filter(([facetId]) => !problems.some((problem) => (problem.kind === 'badRangeBound' || problem.kind === 'rangeOrder') && problem.facetId === facetId)));
  const unknown = (facetId: string) => problems.some((problem) => problem.kind === 'unknownFilter' && problem.facetId === facetId);
  return {
    ...state,
    facets: Object.fromEntries(Object.entries(facets).filter(([facetId]) => !unknown(facetId))),
    ranges: Object.fromEntries(Object.entries(ranges).filter(([facetId]) => !unknown(facetId))),
    page: 1,
  };
}
