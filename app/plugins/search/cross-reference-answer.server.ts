import type { AppLoadContext } from '@remix-run/node';
import { localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { formatQuantity } from '~/lib/units.ts';
import { crossReference } from '../catalogue/compare-cross-reference.server.ts';
import { categoryNames } from '../catalogue/taxonomy.server.ts';
import type { CrossReferenceAnswerView } from './cross-reference-answer.ts';
import { exactPartKey, isExactPart } from './exact-part.server.ts';

/**
 * Another maker's number answered with ours (decision 0161): a query that may be a part number but
 * is none of ours is read by the cross-reference (the same reading as its page), and its best match
 * leads the results. Asked only of queries that look like part numbers, so words cost nothing.
 */
export async function crossReferenceAnswer(q: string, firstPartNumber: unknown, language: SiteLanguage, context: AppLoadContext, request: Request): Promise<CrossReferenceAnswerView | undefined> {
  if (!exactPartKey(q) || isExactPart(firstPartNumber, q)) return undefined;
  const url = new URL(request.url);
  url.search = new URLSearchParams({ part: q }).toString();
  const view = await crossReference(url, language, context, request);
  const best = view.matches[0];
  // Our own number (any way typed) is the exact part first, not "another maker's".
  if (!best || best.reason.code === 'same' || isExactPart(best.part.partNumber, q)) return undefined;
  const { part, reason } = best;
  const category = categoryNames(language)[part.l2] ?? part.l2;
  const rating = reason.value !== undefined && reason.value !== null && reason.unit ? formatQuantity(reason.value, reason.unit, language) : '';
  return {
    query: q,
    grade: best.grade,
    partNumber: part.partNumber,
    href: part.href,
    summary: [rating, category, part.packageDisplay].filter(Boolean).join(' · '),
    reason,
    crossReferenceHref: `${localizedPath(language, '/products/cross-reference')}?${new URLSearchParams({ part: q }).toString()}`,
  };
}

// A word's stem, the same for its singular and plural ("fuse" and "Fuses", "Sicherung" and "Sicherungen").
const wordsOf = (text: string) => (text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.replace(/(?:en|n|s)$/u, '').replace(/e$/u, ''));

/**
 * Whether a query names one of the catalogue's categories (in the page's language or English):
 * "Parts you may be looking for" is offered only then (decision 0161), so gibberish and another
 * maker's number no one makes get no fuse, relay and thyristor.
 */
export function queryNamesCategory(q: string, language: SiteLanguage): boolean {
  const asked = new Set(wordsOf(q).filter((word) => word.length >= 3));
  if (!asked.size) return false;
  const names = new Set([...Object.values(categoryNames(language)), ...Object.keys(categoryNames('en'))]);
  for (const name of names) for (const word of wordsOf(name)) if (word.length >= 3 && asked.has(word)) return true;
  // Chinese and Japanese names are not spaced into words: a name held whole in the query.
  return [...names].some((name) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(name) && name.length >= 2 && q.includes(name));
}
