import { z } from 'zod';
import { PART_NUMBER_MESSAGE, PART_NUMBER_PATTERN } from './search-constants.ts';

/**
 * The search rules (REQ-VALID-*, REQ-ERR-*, and the constants of REQ-SEARCH-4 and REQ-FACET-*) as
 * named constants and schemas: one rule, one place, used by the embedded search service, the site and
 * the CLI. `grep REQ-VALID-` finds each one.
 */

export * from './search-constants.ts';
// The Search API's own rules (identifiers, pagination, sort and date syntax) are wire protocol,
// shared with the search stand-in; the site's input rules follow.
export * from '@voltaris/protocol/coveo/rules';

/** REQ-VALID-10: letters, digits, slash, parentheses, underscore, period, hyphen, space. */
export const ALLOWED_TEXT_PATTERN = /^[\p{L}\p{N}/()_. -]*$/u;
/** REQ-VALID-10: strips HTML tags. */
export const HTML_TAG_PATTERN = /<[^>]*>/g;
/**
 * REQ-VALID-9: part numbers (the CheckStock and sample forms use the same schema). Full-width
 * digits and letters from a Japanese or Chinese input method are read as their ASCII forms.
 */
export const partNumberSchema = z
  .string()
  .transform((typed) => typed.normalize('NFKC'))
  .pipe(z.string().trim().regex(PART_NUMBER_PATTERN, PART_NUMBER_MESSAGE));

/**
 * What the cross-reference reads (decision 0161): real part numbers of any maker, up to 40
 * letters, digits, `. - / +` and spaces with at least one digit (0451001.MRL, B72214S0271K101);
 * our own numbers still follow partNumberSchema.
 */
export const CROSS_REFERENCE_NUMBER_PATTERN = /^(?=.*\d)[A-Za-z0-9 ./+-]{1,40}$/;
export const crossReferenceNumberSchema = z
  .string()
  .transform((typed) => typed.normalize('NFKC'))
  .pipe(z.string().trim().regex(CROSS_REFERENCE_NUMBER_PATTERN, 'catalogue.crossReferenceInvalid'));

/** REQ-VALID-10: free text keeps letters, digits, slash, parentheses, underscore, period, hyphen and space, once HTML is stripped. */
export const TEXT_MESSAGE = 'Only letters, digits, slash, parentheses, underscore, period, hyphen and space are allowed.';
export const textSchema = z
  .string()
  .transform((value) => value.replace(HTML_TAG_PATTERN, ''))
  .pipe(z.string().regex(ALLOWED_TEXT_PATTERN, TEXT_MESSAGE));

/** REQ-VALID-13, REQ-BOX-5: recent queries and results keep at least 1 entry (default 10). */
export const DEFAULT_RECENT_MAX_LENGTH = 10;
export const recentMaxLengthSchema = z
  .number({ error: 'maxLength must be a number.' })
  .int('maxLength must be a whole number.')
  .min(1, 'maxLength must be at least 1.')
  .default(DEFAULT_RECENT_MAX_LENGTH);
