import * as z from 'zod/mini';
import { SITE_PAGE_SIZES } from '~/lib/search-constants.ts';
import type { SearchFacetDefinition, SearchSectionDefinition } from './definitions.ts';

/**
 * The search page's whole state lives in its URL, so back, forward, share and bookmark work, with
 * or without JavaScript: q, tab, f.<facetId> (one per selected value), min.<facetId> /
 * max.<facetId> for ranges, sort, page (1-based) and size (REQ-SEARCH-4: 12, 24, 48).
 */

export const SORTS = { relevance: 'relevancy', newest: 'date descending', partnumber: '@partnumber ascending' } as const;
export type SortKey = keyof typeof SORTS;
export const DEFAULT_PAGE_SIZE = SITE_PAGE_SIZES[0];

export interface SearchUrlState {
  q: string;
  tab: string;
  facets: Record<string, string[]>;
  ranges: Record<string, { min?: number; max?: number }>;
  sort: SortKey;
  page: number;
  size: (typeof SITE_PAGE_SIZES)[number];
  /** "Search instead for": run the query exactly as typed. */
  exact: boolean;
  /** Facets showing more values (show more / show less). */
  expanded: string[];
  /** Facet search (fs.<facetId>): the text typed in a facet's own search box. */
  facetSearch: Record<string, string>;
  /** Folding: the collection shown in full (load more), by its foldingcollection value. */
  collection?: string;
  /** A search scope (REQ-SEARCH-3: products, applications, ...) narrowing the tab, by its id. */
  scope?: string;
}

/** Why a date range cannot be searched: a date of its that REQ-VALID-6 to 8 name, or an end before its start. */
export interface FacetValueFault {
  reason?: 'unparsable' | 'tooEarly' | 'invalid' | 'relative' | 'order';
  /** The one date of the range the message names. */
  part?: string;
}

/** What in a search URL cannot be searched as asked: the page names it and answers 400. */
export type SearchUrlProblem =
  | { kind: 'unknownTab'; value: string }
  | { kind: 'unknownScope'; value: string }
  | { kind: 'badPage'; value: string }
  /** A facet value the facet cannot take; a date range's says why in the words of REQ-VALID-6, 7, 8. */
  | { kind: 'badFacetValue'; facetId: string; value: string; reason?: FacetValueFault['reason']; part?: string }
  /** A range's bound that is no finite number (`min.ratedcurrent=abc`, `1e999`). */
  | { kind: 'badRangeBound'; facetId: string; value: string }
  /** A range entered backwards (REQ-VALID-8): it would filter nothing while showing as a filter. */
  | { kind: 'rangeOrder'; facetId: string; min: number; max: number }
  | { kind: 'badSort'; value: string }
  | { kind: 'badSize'; value: string }
  /** f.<id> of no facet (f.bogus), or min./max.<id> of a facet without ranges: it would show a chip that filters nothing. */
  | { kind: 'unknownFilter'; facetId: string; range: boolean }
  /** A parameter whose percent escapes are no UTF-8 (q=%E0%A4): read, it would be "�". */
  | { kind: 'badEscape'; value: string };

// The page as asked (six digits at most, searchUrlProblems): the loader searches the last reachable
// one at most (REQ-SEARCH-4) and a page past the last is named on the page with the last.
const pageSchema = z.pipe(z.string(), z.transform((v) => Math.max(1, Math.min(999_999, Math.floor(Number(v)) || 1))));
/**
 * A range's bound (min.<facetId>, max.<facetId>): what the facet's number inputs send, a decimal
 * comma read as a point. The loader reads it and names it on the page when it is no finite number.
 */
export const rangeBoundSchema = z.pipe(
  z.string().check(z.regex(/^\s*-?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?\s*$/, 'A range bound is a number.')),
  // 1e999 reads as Infinity: no bound a visitor means.
  z.pipe(
    z.transform((raw: string) => Number(raw.trim().replace(',', '.'))),
    z.number().check(z.refine(Number.isFinite, 'A range bound is a finite number.')),
  ),
);
const number = (raw: string | null) => {
  if (raw === null || raw.trim() === '') return undefined;
  const parsed = rangeBoundSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The parts of a search URL that would otherwise be silently replaced by a default or shown as a
 * filter that filters nothing: an unknown tab, scope, sort, size or filter, a page that is no
 * number, a date facet value that is no date range, a range bound that is no number or a range
 * entered backwards.
 */
export function searchUrlProblems(
  params: URLSearchParams,
  sections: { tabs: readonly SearchSectionDefinition[]; scopes: readonly SearchSectionDefinition[] },
  /** What is wrong with a facet's value (a date facet: a date range the search cannot read), if anything. */
  facetValueFault: (facetId: string, value: string) => FacetValueFault | undefined,
  /** The facet of an id (none for an id no tab or scope has), to tell a range facet. */
  facetOf: (facetId: string) => SearchFacetDefinition | undefined,
): SearchUrlProblem[] {
  const problems: SearchUrlProblem[] = [];
  const tab = params.get('tab');
  if (tab && !sections.tabs.some((candidate) => candidate.id === tab)) problems.push({ kind: 'unknownTab', value: tab.slice(0, 100) });
  const scope = params.get('scope');
  if (scope && !sections.scopes.some((candidate) => candidate.id === scope)) problems.push({ kind: 'unknownScope', value: scope.slice(0, 100) });
  const sort = params.get('sort');
  // Own keys only: `sort=toString` names no sort.
  if (sort && !Object.hasOwn(SORTS, sort)) problems.push({ kind: 'badSort', value: sort.slice(0, 100) });
  const size = params.get('size');
  // REQ-SEARCH-4: 12, 24 or 48; anything else was silently 12.
  if (size && !(SITE_PAGE_SIZES as readonly number[]).map(String).includes(size)) problems.push({ kind: 'badSize', value: size.slice(0, 100) });
  const page = params.get('page');
  if (page !== null && page !== '' && !/^\d{1,6}$/.test(page)) problems.push({ kind: 'badPage', value: page.slice(0, 100) });
  for (const [key, value] of params) {
    const facetId = /^f\.([A-Za-z0-9_-]{1,100})$/.exec(key)?.[1];
    if (!facetId || value === '') continue;
    if (!facetOf(facetId)) {
      if (!problems.some((problem) => problem.kind === 'unknownFilter' && problem.facetId === facetId)) problems.push({ kind: 'unknownFilter', facetId, range: false });
    } else {
      const fault = facetValueFault(facetId, value);
      if (fault) problems.push({ kind: 'badFacetValue', facetId, value: value.slice(0, 100), ...fault, ...(fault.part ? { part: fault.part.slice(0, 100) } : {}) });
    }
  }
  // Ranges: each bound a number, the minimum not above the maximum (REQ-VALID-8), as the catalogue's listing.
  const bounds: Record<string, { min?: number; max?: number }> = Object.create(null);
  for (const [key, value] of params) {
    const bound = /^(min|max)\.([A-Za-z0-9_-]{1,100})$/.exec(key);
    if (!bound || value.trim() === '') continue;
    const facetId = bound[2]!;
    if (facetOf(facetId)?.type !== 'numericalRange') {
      if (!problems.some((problem) => problem.kind === 'unknownFilter' && problem.facetId === facetId)) problems.push({ kind: 'unknownFilter', facetId, range: true });
      continue;
    }
    const parsed = rangeBoundSchema.safeParse(value);
    if (parsed.success) (bounds[facetId] ??= {})[bound[1] as 'min' | 'max'] = parsed.data;
    else problems.push({ kind: 'badRangeBound', facetId, value: value.slice(0, 100) });
  }
  for (const [facetId, range] of Object.entries(bounds)) {
    if (!isValidRange(range)) problems.push({ kind: 'rangeOrder', facetId, min: range.min!, max: range.max! });
  }
  return problems;
}

/**
 * The parameters whose percent escapes are no UTF-8 (q=%E0%A4): the search would run for the "�"
 * they read as, which the visitor never typed. Remix hands loaders the query re-encoded (its
 * request has been through URLSearchParams), so the raw escape is gone by then and the replacement
 * character is what tells; no visitor types U+FFFD into a search.
 */
export function malformedEscapes(params: URLSearchParams): SearchUrlProblem[] {
  const names = [...new Set([...params].filter(([key, value]) => `${key}${value}`.includes('\uFFFD')).map(([key]) => key.replace(/\uFFFD/g, '').slice(0, 100)))];
  return names.map((name) => ({ kind: 'badEscape', value: name }));
}

export function parseSearchUrl(params: URLSearchParams, tabs: readonly SearchSectionDefinition[], scopes: readonly SearchSectionDefinition[] = []): SearchUrlState {
  const tabIds = tabs.map((t) => t.id);
  const tab = params.get('tab') ?? '';
  // Keys come from the URL (`f.constructor`): tables without a prototype, so every key is its own.
  const facets: Record<string, string[]> = Object.create(null);
  const ranges: Record<string, { min?: number; max?: number }> = Object.create(null);
  const facetSearch: Record<string, string> = Object.create(null);
  for (const [key, value] of params) {
    const facetId = /^f\.([A-Za-z0-9_-]{1,100})$/.exec(key)?.[1];
    if (facetId && value !== '') {
      const values = (facets[facetId] ??= []);
      if (!values.includes(value)) values.push(value);
    }
    const searched = /^fs\.([A-Za-z0-9_-]{1,100})$/.exec(key)?.[1];
    if (searched && value.trim()) facetSearch[searched] = value.trim().slice(0, 100);
    const bound = /^(min|max)\.([A-Za-z0-9_-]{1,100})$/.exec(key);
    if (bound) {
      const n = number(value);
      if (n !== undefined) (ranges[bound[2]!] ??= {})[bound[1] as 'min' | 'max'] = n;
    }
  }
  const sort = params.get('sort') ?? '';
  const size = Number(params.get('size'));
  const scope = params.get('scope') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    tab: tabIds.includes(tab) ? tab : (tabIds[0] ?? 'mainsearch'),
    facets,
    ranges,
    facetSearch,
    // Own keys only: `sort=toString` names no sort.
    sort: Object.hasOwn(SORTS, sort) ? (sort as SortKey) : 'relevance',
    page: pageSchema.parse(params.get('page') ?? '1'),
    size: (SITE_PAGE_SIZES as readonly number[]).includes(size) ? (size as SearchUrlState['size']) : DEFAULT_PAGE_SIZE,
    exact: params.get('exact') === '1',
    expanded: params.getAll('more').filter((id) => /^[A-Za-z0-9_-]{1,100}$/.test(id)),
    ...(/^[\w.:-]{1,200}$/.test(params.get('collection') ?? '') ? { collection: params.get('collection')! } : {}),
    ...(scopes.some((candidate) => candidate.id === scope) ? { scope } : {}),
  };
}

export function searchUrlParams(state: SearchUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  params.set('tab', state.tab);
  for (const [facetId, values] of Object.entries(state.facets)) for (const value of values) params.append(`f.${facetId}`, value);
  for (const [facetId, range] of Object.entries(state.ranges)) {
    if (range.min !== undefined) params.set(`min.${facetId}`, String(range.min));
    if (range.max !== undefined) params.set(`max.${facetId}`, String(range.max));
  }
  for (const [facetId, text] of Object.entries(state.facetSearch)) params.set(`fs.${facetId}`, text);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.exact) params.set('exact', '1');
  for (const id of state.expanded) params.append('more', id);
  if (state.collection) params.set('collection', state.collection);
  if (state.scope) params.set('scope', state.scope);
  return params;
}

/** A range whose minimum exceeds its maximum is never searched: the page answers 400 and names it (searchUrlProblems). */
export function isValidRange(range: { min?: number; max?: number }): boolean {
  return range.min === undefined || range.max === undefined || range.min <= range.max;
}

/** A change of query, filter, facet or tab returns to the first page (REQ-SEARCH-5). */
export function withChange(state: SearchUrlState, change: Partial<SearchUrlState>): SearchUrlState {
  const resets = 'q' in change || 'tab' in change || 'scope' in change || 'facets' in change || 'ranges' in change || 'size' in change || 'sort' in change;
  return { ...state, ...(resets ? { page: 1, exact: false, collection: undefined } : {}), ...change };
}

/** A recent query's link on the search page at `pathname`: the query again, in this tab, without filters. */
export function recentQueryHref(pathname: string, state: SearchUrlState, query: string): string {
  return `${pathname}?${searchUrlParams(withChange(state, { q: query, facets: {}, ranges: {} })).toString()}`;
}

export function toggleFacetValue(state: SearchUrlState, facetId: string, value: string): SearchUrlState {
  const current = state.facets[facetId] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const facets = { ...state.facets, [facetId]: next };
  if (next.length === 0) delete facets[facetId];
  return withChange(state, { facets });
}

/**
 * REQ-FACET-2: selecting or deselecting a value freezes the facet's values where they are; clearing
 * the facet (deselect all) resets them. Answers the facet whose selection is all that changed
 * since `previous` (the page the visitor came from), when some of its values stay selected.
 */
export function facetToFreeze(previous: SearchUrlState | null, state: SearchUrlState): string | undefined {
  if (!previous) return undefined;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (previous.q !== state.q || previous.tab !== state.tab || previous.scope !== state.scope || previous.sort !== state.sort || previous.size !== state.size) return undefined;
  if (!same(previous.ranges, state.ranges) || !same(previous.expanded, state.expanded)) return undefined;
  const ids = new Set([...Object.keys(previous.facets), ...Object.keys(state.facets)]);
  const changed = [...ids].filter((id) => !same([...(previous.facets[id] ?? [])].sort(), [...(state.facets[id] ?? [])].sort()));
  if (changed.length !== 1) return undefined;
  return state.facets[changed[0]!]?.length ? changed[0] : undefined;
}
