import { PART_NUMBER_KEY_FIELD, partNumberKey } from '@voltaris/catalogue/part-numbers';
import { allOf, fieldIs } from '~/search-api/query-expression.server.ts';

/**
 * The exact part first (docs/decisions/0160): a query that may be one of our part numbers, as people
 * type them (any case, with or without spaces, periods, hyphens), is asked of the index's
 * normalized `partnumberkey` through the Search API's own request fields, so it holds against
 * Coveo: `dq` brings the part in even when its words do not match (0451001MR for 0451001.MR), a
 * ranking expression (`$qre` in `aq`) puts it above every other match. A key no part has matches
 * nothing and changes nothing.
 */

/** Real part numbers, ours and other makers', are at most 40 characters (the cross-reference's limit). */
const MAX_TYPED = 40;
/** Enough to put the part above every text match (the index's scores stay far below it). */
export const EXACT_PART_MODIFIER = 1000;

/** The part-number key a query would be, or undefined when it cannot be a part number. */
export function exactPartKey(q: string): string | undefined {
  const typed = q.normalize('NFKC').trim();
  if (!typed || typed.length > MAX_TYPED || !/^[\p{L}\p{N} ./+-]+$/u.test(typed)) return undefined;
  // "SMBJ 10A" is one number typed in two; a sentence is not a number.
  if (typed.split(/\s+/).length > 3) return undefined;
  const key = partNumberKey(typed);
  return key.length >= 4 && /\d/.test(key) && /^[A-Z0-9]+$/.test(key) ? key : undefined;
}

/** `@partnumberkey==KEY` for a key exactPartKey gave. */
export const exactPartExpression = (key: string) => allOf(fieldIs(PART_NUMBER_KEY_FIELD, key));

/** The advanced query with the ranking expression added, and the disjunctive query, for a query that may be a part number. */
export function withExactPart(q: string, aq: string): { aq: string; dq?: string } {
  const key = exactPartKey(q);
  if (!key) return { aq };
  const expression = exactPartExpression(key);
  return { aq: allOf(aq, `$qre(expression:'${expression}', modifier:'${EXACT_PART_MODIFIER}')`), dq: expression };
}

/** Whether a result's part number is the one the query names. */
export function isExactPart(partNumber: unknown, q: string): boolean {
  const key = exactPartKey(q);
  return key !== undefined && typeof partNumber === 'string' && partNumberKey(partNumber) === key;
}
