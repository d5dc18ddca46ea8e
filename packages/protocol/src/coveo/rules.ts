import { z } from 'zod';
import { DEFAULT_FIRST_RESULT, DEFAULT_NUMBER_OF_RESULTS, DEFAULT_RECOMMENDATIONS, MAX_ALLOWED_VALUES, MAX_NUMBER_OF_RESULTS, MAX_REACHABLE_RESULTS, MAX_RECOMMENDATIONS } from './constants.ts';

/**
 * What the Coveo Search API accepts and how it says no: its identifiers, pagination, sort syntax,
 * date formats and recommendation parameters, with the API's own messages. Wire protocol, shared by
 * the site (which builds requests) and the search stand-in (which checks them); the site's own input
 * rules stay in the site.
 */

/** REQ-VALID-3: facet ids are letters, digits, dash and underscore. */
export const facetIdSchema = z
  .string({ error: 'The facet id must be a string.' })
  .min(1, 'The facet id must not be empty.')
  .max(100, 'The facet id must be at most 100 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, 'The facet id may contain only letters, digits, dash and underscore.');

/** REQ-VALID-1: identifiers are non-empty strings. */
export const identifierSchema = z.string().min(1, 'An identifier must be a non-empty string.');

/** REQ-VALID-2: number of facet values at least 1. */
export const numberOfValuesSchema = z.number().int('The number of values must be a whole number.').min(1, 'The number of values must be at least 1.').max(1000, 'The number of values must be at most 1000.');

/** REQ-VALID-4: allowed values are of type simple, 1 to 25 non-empty values. */
export const allowedValuesSchema = z.object({
  type: z.literal('simple', { error: 'Allowed values must be of type "simple".' }),
  values: z
    .array(z.string().min(1, 'An allowed value must not be empty.'))
    .min(1, 'Give at least one allowed value.')
    .max(MAX_ALLOWED_VALUES, `Give at most ${MAX_ALLOWED_VALUES} allowed values.`),
});

/** REQ-FACET-3: facet sort values. */
export const FACET_SORT_CRITERIA = ['score', 'alphanumeric', 'alphanumericNatural', 'occurrences', 'automatic'] as const;
export const facetSortSchema = z.union([
  z.enum(FACET_SORT_CRITERIA, { error: `The facet sort must be one of ${FACET_SORT_CRITERIA.join(', ')}.` }),
  z.object({ type: z.enum(['alphanumeric', 'alphanumericNatural']), order: z.enum(['ascending', 'descending']) }),
]);

/** REQ-VALID-2: pagination values at least 0. */
export const paginationSchema = z.object({
  firstResult: z.number().int('firstResult must be a whole number.').min(0, 'firstResult must be at least 0.').default(DEFAULT_FIRST_RESULT),
  numberOfResults: z
    .number()
    .int('numberOfResults must be a whole number.')
    .min(0, 'numberOfResults must be at least 0.')
    .max(MAX_NUMBER_OF_RESULTS, `numberOfResults must be at most ${MAX_NUMBER_OF_RESULTS}.`)
    .default(DEFAULT_NUMBER_OF_RESULTS),
});

/** REQ-SEARCH-4: count trimmed so that first plus count stays within the reachable results. */
export function trimToReachable(firstResult: number, numberOfResults: number): number {
  return Math.max(0, Math.min(numberOfResults, MAX_REACHABLE_RESULTS - firstResult));
}

/** REQ-VALID-5: sort by relevancy, qre, date, field (@name) or nosort; order ascending or descending. */
export const SORT_BY = ['relevancy', 'qre', 'date', 'field', 'nosort'] as const;
export type SortCriterion =
  | { by: 'relevancy' }
  | { by: 'qre' }
  | { by: 'nosort' }
  | { by: 'date'; order: 'ascending' | 'descending' }
  | { by: 'field'; field: string; order: 'ascending' | 'descending' };

export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RuleError';
  }
}

export function parseSortCriteria(input: string): SortCriterion[] {
  const parts = input
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return [{ by: 'relevancy' }];
  return parts.map((part) => {
    const [name = '', order, ...rest] = part.split(/\s+/);
    const lower = name.toLowerCase();
    if (rest.length > 0) throw new RuleError(`The sort criterion "${part}" has too many words.`);
    if (order !== undefined && order !== 'ascending' && order !== 'descending') {
      throw new RuleError(`The sort order "${order}" must be ascending or descending.`);
    }
    if (lower === 'relevancy' || lower === 'qre' || lower === 'nosort') {
      if (order) throw new RuleError(`The sort criterion "${lower}" takes no order.`);
      return { by: lower };
    }
    if (lower === 'date') return { by: 'date', order: order ?? 'descending' };
    if (/^@[a-z_][a-z0-9_]*$/i.test(name)) return { by: 'field', field: name.slice(1).toLowerCase(), order: order ?? 'ascending' };
    throw new RuleError(`The sort criterion "${name}" must be one of relevancy, qre, date, @field or nosort.`);
  });
}

/** REQ-VALID-6: the Search API's date format. */
export const SEARCH_DATE_FORMAT = 'YYYY/MM/DD@HH:mm:ss';
const SEARCH_DATE = /^(\d{4})\/(\d{2})\/(\d{2})@(\d{2}):(\d{2}):(\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
export const MIN_DATE_YEAR = 1401; // REQ-VALID-6

/** REQ-VALID-6 messages for dates that cannot be used. */
export const DATE_MESSAGES = {
  unparsable: (value: string) => `Could not parse the provided date "${value}", please use the format ${SEARCH_DATE_FORMAT}.`,
  tooEarly: 'Date is before year 1401, which is unsupported by the API',
  invalid: 'Date is invalid',
  relative: (value: string) => `The value "${value}" is not respecting the relative date format "period-amount-unit"`,
} as const;

/** Parses YYYY/MM/DD@HH:mm:ss (or ISO 8601) as UTC epoch ms; throws a RuleError with REQ-VALID-6's message. */
export function parseSearchDate(value: string): number {
  const match = SEARCH_DATE.exec(value) ?? ISO_DATE.exec(value);
  if (!match) throw new RuleError(DATE_MESSAGES.unparsable(value));
  const [year, month, day, hour = '0', minute = '0', second = '0'] = match.slice(1).map((part) => part ?? '0') as string[];
  if (Number(year) < MIN_DATE_YEAR) throw new RuleError(DATE_MESSAGES.tooEarly);
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const check = new Date(time);
  if (
    Number.isNaN(time) ||
    check.getUTCMonth() !== Number(month) - 1 ||
    check.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    throw new RuleError(DATE_MESSAGES.invalid);
  }
  return time;
}

export function formatSearchDate(time: number): string {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}@${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** REQ-VALID-7: relative dates are period-amount-unit; the amount is a positive integer, none for now. */
export const RELATIVE_DATE_PERIODS = ['past', 'now', 'next'] as const;
export const RELATIVE_DATE_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
const RELATIVE_DATE = /^(past|next)-([1-9]\d*)-(minute|hour|day|week|month|quarter|year)$/;

export function parseRelativeDate(value: string, now = Date.now()): number {
  if (value === 'now') return now;
  const match = RELATIVE_DATE.exec(value);
  if (!match) throw new RuleError(DATE_MESSAGES.relative(value));
  const [, period, amountText, unit] = match as unknown as [string, 'past' | 'next', string, (typeof RELATIVE_DATE_UNITS)[number]];
  const amount = Number(amountText) * (period === 'past' ? -1 : 1);
  const date = new Date(now);
  const ms: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000 };
  if (unit in ms) return now + amount * ms[unit]!;
  const months = unit === 'month' ? amount : unit === 'quarter' ? amount * 3 : amount * 12;
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.getTime();
}

/** REQ-VALID-8: a range's start must not exceed its end. */
export const RANGE_MESSAGE = 'The start of the range must not be greater than its end.';
export function checkRange(start: number, end: number): void {
  if (start > end) throw new RuleError(RANGE_MESSAGE);
}

/** REQ-VALID-11 */
export const HIGHLIGHT_DELIMITER_MESSAGE = 'delimiters should be a non-empty string';

/** REQ-VALID-11: highlight delimiters must be non-empty strings. */
export const highlightDelimiterSchema = z.string({ error: HIGHLIGHT_DELIMITER_MESSAGE }).min(1, HIGHLIGHT_DELIMITER_MESSAGE);

/** REQ-VALID-12: product recommendations need at least one sku and 1 to 50 recommendations (default 5). */
export const recommendationSchema = z.object({
  skus: z.array(identifierSchema).min(1, 'Give at least one sku.'),
  maxNumberOfRecommendations: z
    .number({ error: 'maxNumberOfRecommendations must be a number.' })
    .int('maxNumberOfRecommendations must be a whole number.')
    .min(1, `maxNumberOfRecommendations must be between 1 and ${MAX_RECOMMENDATIONS}.`)
    .max(MAX_RECOMMENDATIONS, `maxNumberOfRecommendations must be between 1 and ${MAX_RECOMMENDATIONS}.`)
    .default(DEFAULT_RECOMMENDATIONS),
  brand: z.string().optional(),
  category: z.string().optional(),
});
