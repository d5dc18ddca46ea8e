import type { QueryValueView } from './query-values.ts';
import type { RecommendationListView } from './recommendations.ts';
import type { SearchHistoryValues } from './SearchHistory.tsx';
import type { SearchFacetDefinition } from './definitions.ts';
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

// The answer of one search as the page shows it (made by search.server.ts).

export interface ResultView {
  uniqueId: string;
  title: string;
  clickUri: string;
  /** For click analytics: the index's hash of the URI, its source, its permanent id. */
  uriHash: string;
  source: string;
  permanentId: string;
  excerpt: string;
  type: string;
  /** The language tag of a result written in one language (a document, a news item), so the page can mark it. */
  lang?: string;
  fields: Record<string, string | number | boolean | null>;
}

/** A result with the results folded under it (REQ-SEARCH-9 folding). */
export interface FoldedResultView extends ResultView {
  children: ResultView[];
  collectionId: string;
  /** More results of the collection exist than are shown. */
  moreInCollection: boolean;
}

export interface FacetValueView {
  value: string;
  count: number;
  selected: boolean;
}

export interface FacetView {
  id: string;
  /** More values than shown exist (show more). */
  moreValues: boolean;
  field: string;
  type: SearchFacetDefinition['type'];
  /** The dictionary key of its name. */
  label: string;
  values: FacetValueView[];
  /** Hierarchical: the selected path, root first. */
  path?: string[];
  /** Numeric: the unit symbol of the values. */
  unit?: string;
  /** Facet search: what was typed, the matching values (selected ones marked), more exist. */
  search?: { query: string; values: FacetValueView[]; more: boolean };
}

export interface AnswerView {
  question: string;
  /** Sanitized HTML. */
  answerHtml: string;
}

export interface SearchView {
  /** Results matching the search (Coveo's totalCountFiltered): top results, folded parts counted once per series. */
  total: number;
  /** The answer's position of its first result (0-based), as the Search API paged it. */
  firstResult: number;
  /** With folding: the results before a series' parts were folded under it (Coveo's totalCount). */
  totalUnfolded?: number;
  /** The Search API's id of this answer (analytics link clicks to it), its pipeline and time. */
  searchUid: string;
  pipeline: string;
  durationMs: number;
  /** Smart snippet (REQ-SEARCH-10): the answer to a question, and related questions. */
  answer?: AnswerView & { related: AnswerView[] };
  results: FoldedResultView[];
  facets: FacetView[];
  /** Category names (L1 to L5) in the page's language for the indexed English values the facets and filters show. */
  categoryNames?: Record<string, string>;
  correction?: { original: string; corrected: string };
  notifications: string[];
  /** A query trigger ran `rewritten` in place of what the visitor typed. */
  rewrite?: { original: string; rewritten: string };
  /** Values with units read out of the query, each a removable filter (decision 0163). */
  values?: QueryValueView[];
  /** Names of the page actions execute triggers asked for. */
  executions: string[];
  redirectTo?: string;
  /** REQ-ERR-4: the Search API's status (0 when none) and message; `type` as Headless names it (ClientError, ...). */
  error?: { status: number; message: string; type?: string };
}
