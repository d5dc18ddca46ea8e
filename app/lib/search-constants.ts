/**
 * The search constants (REQ-SEARCH-4, REQ-SEARCH-9, REQ-FACET-*), without zod, so browser code can import them cheaply;
 * search-rules.ts re-exports them beside the schemas.
 */

// The Search API's own limits and defaults are wire protocol, shared with the search stand-in.
export * from '@voltaris/protocol/coveo/constants';

/** REQ-FACET-5: range facets (numeric and date) show 8 values, ascending, by the even algorithm. */
export const RANGE_FACET_VALUES = 8;
export const SITE_PAGE_SIZES = [12, 24, 48] as const; // REQ-SEARCH-4: default 12
export const DEFAULT_FACET_VALUES = 8; // REQ-FACET-4: specific facet
export const DEFAULT_CATEGORY_FACET_VALUES = 5; // REQ-FACET-6: category facet
export const FOLDING_FIELDS = { collection: 'foldingcollection', parent: 'foldingparent', child: 'foldingchild' } as const; // REQ-SEARCH-9
export const FOLDED_RESULTS = 2; // REQ-SEARCH-9
export const FOLDED_COLLECTION_RESULTS = 100; // REQ-SEARCH-9
export const RECENT_DAYS = 30; // REQ-LIST-2: recent = 30 days

/** REQ-VALID-9: 4 to 10 letters, digits, hyphens, periods or spaces, with at least one digit (SMBJ5.0A, 0451001.MR). */
export const PART_NUMBER_PATTERN = /^(?=.*\d)[A-Za-z0-9 .-]{4,10}$/;
export const PART_NUMBER_MESSAGE = 'A part number is 4 to 10 letters, digits, hyphens, periods or spaces, with at least one digit.';
