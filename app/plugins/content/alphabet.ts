/** REQ-CMS-6: the alphabetical index filter values. */
export const ALPHABET_INDEX = ['All', '#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'] as const;
export type IndexLetter = (typeof ALPHABET_INDEX)[number];

export const INDEX_PARAM = 'letter';

export const INDEX_LETTER_ERROR = 'Choose All, # or a letter from A to Z.';

/** A `letter` value as the index reads it: any case, 'all' for All, spaces around ignored. */
export function normalizeIndexLetter(value: string): string {
  return value.trim().toLowerCase() === 'all' ? 'All' : value.trim().toUpperCase();
}

function isIndexLetter(value: string): value is IndexLetter {
  return (ALPHABET_INDEX as readonly string[]).includes(value);
}

/**
 * The `letter` query parameter: a letter A to Z (any case), '#', or 'all'. Anything else is
 * rejected. Forms check it with indexLetterSchema (alphabet.schema.ts), built from the same two
 * rules; this reading ships in the listing's and the lists' first load, so it needs no schema library.
 */
export function parseIndexLetter(raw: string | null): { letter: IndexLetter; error?: string } {
  if (raw === null || raw === '') return { letter: 'All' };
  const letter = normalizeIndexLetter(raw);
  return isIndexLetter(letter) ? { letter } : { letter: 'All', error: INDEX_LETTER_ERROR };
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
