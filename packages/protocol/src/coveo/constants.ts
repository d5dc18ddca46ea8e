/**
 * The Coveo Search API's limits and defaults, without zod so that browser code can import them.
 */

export const MAX_REACHABLE_RESULTS = 5000; // SPEC 9: first plus count stays within 5000
export const DEFAULT_NUMBER_OF_RESULTS = 10; // SPEC 9
export const DEFAULT_FIRST_RESULT = 0; // SPEC 9
/** The Search API answers at most 1000 results per request. */
export const MAX_NUMBER_OF_RESULTS = 1000;
export const DEFAULT_FACET_SEARCH_VALUES = 10; // SPEC 9
export const MAX_ALLOWED_VALUES = 25; // SPEC 5, 9
export const DEFAULT_INJECTION_DEPTH = 1000; // SPEC 9
export const DEFAULT_SUGGESTION_COUNT = 5; // SPEC 9
export const MAX_RECOMMENDATIONS = 50; // SPEC 5: 1 to 50
export const DEFAULT_RECOMMENDATIONS = 5; // SPEC 9
export const DEFAULT_FIELDS_TO_INCLUDE = ['author', 'language', 'urihash', 'objecttype', 'collection', 'source', 'permanentid'] as const; // SPEC 9
