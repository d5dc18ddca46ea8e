/**
 * The search constants of SPEC 9, without zod, so browser code can import them cheaply;
 * search-rules.ts re-exports them beside the schemas.
 */

export const MAX_REACHABLE_RESULTS = 5000; // SPEC 9: first plus count stays within 5000
export const DEFAULT_NUMBER_OF_RESULTS = 10; // SPEC 9
export const DEFAULT_FIRST_RESULT = 0; // SPEC 9
/** The Search API answers at most 1000 results per request. */
export const MAX_NUMBER_OF_RESULTS = 1000;
/** SPEC 9: range facets (numeric and date) show 8 values, ascending, by the even algorithm. */
export const RANGE_FACET_VALUES = 8;
export const SITE_PAGE_SIZES = [12, 24, 48] as const; // SPEC 9: default 12
export const DEFAULT_FACET_VALUES = 8; // SPEC 9: specific facet
export const DEFAULT_CATEGORY_FACET_VALUES = 5; // SPEC 9: category facet
export const DEFAULT_FACET_SEARCH_VALUES = 10; // SPEC 9
export const MAX_ALLOWED_VALUES = 25; // SPEC 5, 9
export const DEFAULT_INJECTION_DEPTH = 1000; // SPEC 9
export const DEFAULT_SUGGESTION_COUNT = 5; // SPEC 9
export const MAX_RECOMMENDATIONS = 50; // SPEC 5: 1 to 50
export const DEFAULT_RECOMMENDATIONS = 5; // SPEC 9
export const DEFAULT_FIELDS_TO_INCLUDE = ['author', 'language', 'urihash', 'objecttype', 'collection', 'source', 'permanentid'] as const; // SPEC 9
export const FOLDING_FIELDS = { collection: 'foldingcollection', parent: 'foldingparent', child: 'foldingchild' } as const; // SPEC 9
export const FOLDED_RESULTS = 2; // SPEC 9
export const FOLDED_COLLECTION_RESULTS = 100; // SPEC 9
export const RECENT_DAYS = 30; // SPEC 9: recent = 30 days

/** SPEC 5: 4 to 10 letters, digits, hyphens or spaces, with at least one digit. */
export const PART_NUMBER_PATTERN = /^(?=.*\d)[A-Za-z0-9 -]{4,10}$/;
export const PART_NUMBER_MESSAGE = 'A part number is 4 to 10 letters, digits, hyphens or spaces, with at least one digit.';
