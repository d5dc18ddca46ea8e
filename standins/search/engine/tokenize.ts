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

const SEGMENTER = new Intl.Segmenter('ja', { granularity: 'word' });
export const CJK_ONLY = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u;

/**
 * The words of a query word typed without spaces, as a segmenting index reads them: "10Aヒューズ"
 * is "10A" and "ヒューズ", "表面実装ヒューズ" "表面", "実装" and "ヒューズ", "保险丝10A" "保险丝"
 * and "10A" (ICU's dictionary through Intl.Segmenter). A lone hiragana (a particle: の, は) is
 * left out; another single Han or katakana character ("用", "丝") stays with the word before it,
 * or the one after: alone it would be a term no document's character pairs hold. A word without
 * Chinese or Japanese is left as it is.
 */
export function segmentWords(word: string): string[] {
  if (!CJK.test(word)) return [word];
  const out: string[] = [];
  let pendingSingle = '';
  for (const { segment, isWordLike } of SEGMENTER.segment(word)) {
    if (!isWordLike) continue;
    const cjk = CJK_ONLY.test(segment);
    // A lone hiragana between words is a particle (の, は, を): no word of its own, as a stop word.
    if (segment.length === 1 && /^\p{Script=Hiragana}$/u.test(segment) && word.length > 1) continue;
    if (cjk && segment.length === 1) {
      const previous = out.at(-1);
      if (previous !== undefined && CJK_ONLY.test(previous)) out[out.length - 1] = previous + segment;
      else pendingSingle += segment;
      continue;
    }
    if (pendingSingle) {
      if (cjk) out.push(pendingSingle + segment);
      else out.push(pendingSingle, segment);
      pendingSingle = '';
      continue;
    }
    out.push(segment);
  }
  if (pendingSingle) out.push(pendingSingle);
  return out.length ? out : [word];
}
