/**
 * The listing's whole state lives in the URL, so every filter works as a GET form without
 * JavaScript, can be bookmarked and shared: `min_<field>`/`max_<field>` (as typed, e.g. "1.5kV"),
 * `mounting`, `grade`, `approval`, `series`, `package`, `fusespeed`, `polarity`, `contactform`,
 * `lifecycle`, `aecq`, `compliance` (repeatable), `stock=on`, `sample=on`, `index` (the
 * series' alphabetical index), `sort`, `dir`, `size`, `page`. Shared by the server and the browser.
 * Reading a URL is the server's (listing-url.server.ts): the browser's first load carries no schema
 * library.
 */

/** REQ-SEARCH-4: site page sizes 12, 24, 48 (default 12). */
export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 12;
/** REQ-CMS-6: alphabetical index filter values All, #, A to Z. */
export const INDEX_LETTERS = ['All', '#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'] as const;
/** Issue 5: up to 6 parts side by side. */
export const MAX_COMPARE = 6;
/** REQ-SEARCH-4: maximum reachable results 5000. */
export const MAX_REACHABLE = 5000;

/**
 * The specific (multi-select) filters: URL parameter -> indexed field, in the order the form shows
 * them. A category shows those its parts have values for (fuse speed on fuses, polarity on TVS
 * diodes, contact form on relays: docs/decisions/0170).
 */
export const VALUE_FILTERS = {
  package: 'package',
  fusespeed: 'fusespeed',
  polarity: 'polarity',
  contactform: 'contactform',
  mounting: 'levelfourcategory',
  grade: 'levelfivecategory',
  lifecycle: 'lifecycle',
  aecq: 'aecq',
  approval: 'agencyapprovals',
  series: 'series',
} as const;
export type ValueFilter = keyof typeof VALUE_FILTERS;

/** The value filters whose values the dictionary names (`facetValue.<field>.<value>`), as search's facets do. */
export const DICTIONARY_VALUED: ReadonlySet<ValueFilter> = new Set(['fusespeed', 'polarity', 'contactform', 'lifecycle']);

/** The value filters that are also listing columns where the category has them (the package always is). */
export const CHOICE_COLUMNS = ['package', 'fusespeed', 'polarity', 'contactform'] as const satisfies readonly ValueFilter[];

/** Compliance switches (`compliance=rohs`, repeatable): each keeps the parts whose boolean field is true. */
export const COMPLIANCE_FLAGS = ['rohs', 'reach', 'halogenfree'] as const;
export type ComplianceFlag = (typeof COMPLIANCE_FLAGS)[number];

export interface ListingState {
  /** Range inputs as typed, by parameter field. */
  ranges: Record<string, { min?: string; max?: string }>;
  values: Record<ValueFilter, string[]>;
  compliance: ComplianceFlag[];
  stock: boolean;
  sample: boolean;
  index: (typeof INDEX_LETTERS)[number];
  sort?: string;
  dir: 'asc' | 'desc';
  size: number;
  page: number;
}

/** How many filters a listing applies (the "Filters (n)" control): each range, value and switch. */
export function activeListingFilters(state: ListingState): number {
  const ranges = Object.values(state.ranges).filter((range) => range.min || range.max).length;
  const values = Object.values(state.values).reduce((sum, list) => sum + list.length, 0);
  return ranges + values + state.compliance.length + (state.stock ? 1 : 0) + (state.sample ? 1 : 0);
}

/** The query string of a state; defaults are left out so URLs stay short. */
export function listingSearch(state: ListingState, changes: Partial<ListingState> = {}): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  for (const [field, range] of Object.entries(next.ranges)) {
    if (range.min) params.set(`min_${field}`, range.min);
    if (range.max) params.set(`max_${field}`, range.max);
  }
  for (const [key, list] of Object.entries(next.values)) for (const value of list) params.append(key, value);
  for (const flag of next.compliance) params.append('compliance', flag);
  if (next.stock) params.set('stock', 'on');
  if (next.sample) params.set('sample', 'on');
  if (next.index !== 'All') params.set('index', next.index);
  if (next.sort) params.set('sort', next.sort);
  if (next.dir !== 'asc') params.set('dir', next.dir);
  if (next.size !== DEFAULT_PAGE_SIZE) params.set('size', String(next.size));
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Compare: `parts` holds part numbers, comma-separated or repeated; at most MAX_COMPARE, no duplicates. */
export function parseCompareParts(params: URLSearchParams): { parts: string[]; dropped: number } {
  const all = params
    .getAll('parts')
    .flatMap((value) => value.split(','))
    .map((value) => value.trim().toUpperCase())
    .filter((value) => /^[A-Z0-9][A-Z0-9 .-]{0,19}$/.test(value));
  const unique = [...new Set(all)];
  return { parts: unique.slice(0, MAX_COMPARE), dropped: Math.max(0, unique.length - MAX_COMPARE) };
}

export function compareSearch(parts: string[], extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (parts.length) params.set('parts', parts.join(','));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
