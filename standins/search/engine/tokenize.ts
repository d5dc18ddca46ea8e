/**
 * Tokenization shared by indexing and querying: NFKC, lower case, words of letters and digits;
 * Han, Hiragana and Katakana runs (no spaces between words) become overlapping bigrams; Latin
 * words get a light plural/inflection stem so "fuses" finds "fuse" and "Sicherungen" "Sicherung".
 */

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]/u;
const WORD = /[\p{L}\p{N}]+/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;

export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Strips one inflection ending from a Latin word of 5 letters or more; digits are never stemmed. */
export function stem(word: string): string {
  if (word.length < 5 || !/^\p{L}+$/u.test(word) || CJK.test(word)) return word;
  if (word.endsWith('ss')) return word;
  for (const ending of ['en', 'es', 'e', 's', 'n']) {
    if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length);
  }
  return word;
}

export interface Token {
  term: string;
  /** Offset and length in the normalized text, for highlights. */
  offset: number;
  length: number;
}

/** Terms of a text; CJK runs as bigrams (a single character stays a unigram). */
export function tokenize(text: string): Token[] {
  const normalized = normalize(text);
  const tokens: Token[] = [];
  for (const match of normalized.matchAll(WORD)) {
    const word = match[0];
    const start = match.index ?? 0;
    if (!CJK.test(word)) {
      tokens.push({ term: stem(word), offset: start, length: word.length });
      continue;
    }
    for (const part of word.matchAll(CJK_RUN)) {
      const piece = part[0];
      const at = start + (part.index ?? 0);
      if (!CJK.test(piece)) {
        tokens.push({ term: stem(piece), offset: at, length: piece.length });
      } else if (piece.length === 1) {
        tokens.push({ term: piece, offset: at, length: 1 });
      } else {
        for (let i = 0; i < piece.length - 1; i += 1) tokens.push({ term: piece.slice(i, i + 2), offset: at + i, length: 2 });
      }
    }
  }
  return tokens;
}

export function terms(text: string): string[] {
  return tokenize(text).map((token) => token.term);
}
