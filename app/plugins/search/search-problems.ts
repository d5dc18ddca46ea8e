// What in a search URL cannot be searched, in words, and the same search without it.
import type { useTranslate } from '~/cms/use-site-shell.ts';
import { parseSearchUrl, searchUrlParams, type SearchUrlProblem, type SearchUrlState } from './url-state.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from './sections.ts';

/** Two search URLs that ask for the same search, whatever the order or spelling of their parameters. */
export function sameSearch(a: URLSearchParams, b: URLSearchParams): boolean {
  const canonical = (params: URLSearchParams) => {
    const entries = [...searchUrlParams(parseSearchUrl(params, SEARCH_TABS, SEARCH_SCOPES)).entries()];
    return JSON.stringify(entries.sort(([x, v], [y, w]) => (x === y ? v.localeCompare(w) : x.localeCompare(y))));
  };
  return canonical(a) === canonical(b);
}

/** A sentence naming what cannot be searched, in the page's language. */
export function problemText(problem: SearchUrlProblem, t: ReturnType<typeof useTranslate>, state: SearchUrlState): string {
  switch (problem.kind) {
    case 'badFacetValue': {
      const facet = [...SEARCH_TABS, ...SEARCH_SCOPES].flatMap((section) => section.facets).find((candidate) => candidate.id === problem.facetId);
      return t('search.problem.badFacetValue', { value: problem.value, facet: facet ? t(facet.label) : problem.facetId });
    }
    case 'unknownTab':
      return t('search.problem.unknownTab', { value: problem.value, tabs: SEARCH_TABS.map((tab) => t(tab.label)).join(', ') });
    case 'unknownScope':
      return t('search.problem.unknownScope', { value: problem.value, scopes: SEARCH_SCOPES.map((scope) => t(scope.label)).join(', ') });
    case 'badPage':
      return t('search.problem.badPage', { value: problem.value, q: state.q });
  }
}

/** The same search without the parts that could not be searched. */
export function cleanState(state: SearchUrlState, problems: SearchUrlProblem[]): SearchUrlState {
  const facets = Object.fromEntries(
    Object.entries(state.facets)
      .map(([facetId, values]) => [facetId, values.filter((value) => !problems.some((problem) => problem.kind === 'badFacetValue' && problem.facetId === facetId && problem.value === value))] as const)
      .filter(([, values]) => values.length > 0),
  );
  return { ...state, facets, page: 1 };
}
