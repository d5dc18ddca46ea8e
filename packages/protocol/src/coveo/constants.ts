/**
 * The Coveo Search API's limits and defaults, without zod so that browser code can import them.
 */

export const MAX_REACHABLE_RESULTS = 5000; // REQ-SEARCH-4: first plus count stays within 5000
export const DEFAULT_NUMBER_OF_RESULTS = 10; // REQ-SEARCH-4
export const DEFAULT_FIRST_RESULT = 0; // REQ-SEARCH-4
/** The Search API answers at most 1000 results per request. */
export const MAX_NUMBER_OF_RESULTS = 1000;
export const DEFAULT_FACET_SEARCH_VALUES = 10; // REQ-FACET-7
export const MAX_ALLOWED_VALUES = 25; // REQ-VALID-4, REQ-FACET-7
export const DEFAULT_INJECTION_DEPTH = 1000; // REQ-FACET-4
export const DEFAULT_SUGGESTION_COUNT = 5; // REQ-BOX-3
export const MAX_RECOMMENDATIONS = 50; // REQ-VALID-12: 1 to 50
export const DEFAULT_RECOMMENDATIONS = 5; // REQ-RECS-1
export const DEFAULT_FIELDS_TO_INCLUDE = ['author', 'language', 'urihash', 'objecttype', 'collection', 'source', 'permanentid'] as const; // REQ-SEARCH-12
