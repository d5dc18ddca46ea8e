import type { RecommendationListView } from './recommendations.ts';
import type { SearchHistoryValues } from './SearchHistory.tsx';
import type { SearchView } from './search.server.ts';
import type { SnippetState } from './snippet-feedback.ts';
import type { SearchUrlProblem, SearchUrlState } from './url-state.ts';

/** What the search page's rendering gets from its loader (its renderings.server.ts). */
export interface SearchResultsData {
  state: SearchUrlState;
  view: PageSearchView;
  /** The visitor's recent queries and opened results, from their cookies (a page with any is private). */
  history: SearchHistoryValues;
  /**
   * Result links carry click beacons (false only on a page that ran no search). The click endpoint
   * honours DNT and Sec-GPC, so the page is the same whatever the visitor's signals (0049).
   */
  tracking: boolean;
  /** The smart snippet's feedback state, from the URL. */
  snippet?: SnippetState;
  /** The request named a tab, scope, page or facet value that cannot be searched (the page answers 400). */
  problems?: SearchUrlProblem[];
  /** A search with no results: parts the visitor may have meant. */
  recommendations?: RecommendationListView;
  /** The names of the facet values shown, in the page's language (facetValue.<field>.<value>): only those, not the dictionary's every value. */
  valuePhrases?: Record<string, string>;
  /** The search failed by a fault of ours: the id it was logged with, for the visitor to quote. */
  errorId?: string;
}

/** A search as the results page shows it (page-view.server.ts): what the answer says of itself beyond that stays on the server. */
export type PageSearchView = Omit<SearchView, 'pipeline' | 'durationMs'>;

/** A search that was not run: no results, no facets. */
export function emptySearchView(): SearchView {
  return { total: 0, firstResult: 0, searchUid: '', pipeline: '', durationMs: 0, results: [], facets: [], notifications: [], executions: [] };
}
