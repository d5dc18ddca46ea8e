// zod/mini: the same schemas, tree-shaken, because this one ships to the browser.
import * as z from 'zod/mini';

/** REQ-CMS-6: the alphabetical index filter values. */
export const ALPHABET_INDEX = ['All', '#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'] as const;
export type IndexLetter = (typeof ALPHABET_INDEX)[number];

export const INDEX_PARAM = 'letter';

/** The `letter` query parameter: a letter A to Z (any case), '#', or 'all'. Anything else is rejected. */
export const indexLetterSchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((value: string) => (value.trim().toLowerCase() === 'all' ? 'All' : value.trim().toUpperCase())),
  ),
  z.enum(ALPHABET_INDEX, { error: 'Choose All, # or a letter from A to Z.' }),
);

export function parseIndexLetter(raw: string | null): { letter: IndexLetter; error?: string } {
  if (raw === null || raw === '') return { letter: 'All' };
  const parsed = indexLetterSchema.safeParse(raw);
  return parsed.success ? { letter: parsed.data } : { letter: 'All', error: parsed.error.issues[0]?.message };
}

/** The index letter a name files under: its first letter A to Z, or '#' for digits, signs and other scripts. */
export function indexLetterOf(name: string): Exclude<IndexLetter, 'All'> {
  const first = name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  return first >= 'A' && first <= 'Z' ? (first as Exclude<IndexLetter, 'All'>) : '#';
}

export function matchesIndex(name: string, letter: IndexLetter): boolean {
  return letter === 'All' || indexLetterOf(name) === letter;
}
