/**
 * Typo tolerance for words (the source of did-you-mean): a symmetric-delete index (SymSpell)
 * over the words of the catalogue. Distance 1 for words of 4 to 7 letters, 2 from 8 letters;
 * part numbers and words with digits are left alone (a typo there is another part).
 */

function maxDistanceFor(word: string): number {
  if (word.length < 4) return 0;
  return word.length >= 8 ? 2 : 1;
}

function deletes(word: string, distance: number, out: Set<string>) {
  let frontier = [word];
  for (let d = 0; d < distance; d += 1) {
    const next: string[] = [];
    for (const w of frontier) {
      for (let i = 0; i < w.length; i += 1) {
        const variant = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(variant)) {
          out.add(variant);
          next.push(variant);
        }
      }
    }
    frontier = next;
  }
}

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  let previous2 = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  for (let i = 1; i < rows; i += 1) {
    const current = new Array<number>(cols);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, previous2[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return previous[cols - 1]!;
}

export class TypoIndex {
  private readonly variants: Map<string, string[]>;

  /** `variants`: as a snapshot kept them (TypoIndex.state), so they are not derived again. */
  constructor(
    private readonly frequency: ReadonlyMap<string, number>,
    variants?: Map<string, string[]>,
  ) {
    this.variants = variants ?? new Map();
    if (variants) return;
    for (const word of frequency.keys()) {
      if (!/^\p{L}+$/u.test(word) || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(word)) continue;
      const distance = maxDistanceFor(word);
      if (distance === 0) continue;
      const keys = new Set<string>([word]);
      deletes(word, Math.max(distance, 2), keys);
      for (const key of keys) {
        const list = this.variants.get(key);
        if (list) list.push(word);
        else this.variants.set(key, [word]);
      }
    }
  }

  state(): { typoFrequency: ReadonlyMap<string, number>; typoVariants: Map<string, string[]> } {
    return { typoFrequency: this.frequency, typoVariants: this.variants };
  }

  /** The closest known word within the allowed distance, preferring the most frequent; undefined if none. */
  correct(word: string): { word: string; distance: number } | undefined {
    if (this.frequency.has(word)) return undefined;
    const max = maxDistanceFor(word);
    if (max === 0 || !/^\p{L}+$/u.test(word)) return undefined;
    const keys = new Set<string>([word]);
    deletes(word, max, keys);
    let best: { word: string; distance: number; frequency: number } | undefined;
    const checked = new Set<string>();
    for (const key of keys) {
      for (const candidate of this.variants.get(key) ?? []) {
        if (checked.has(candidate)) continue;
        checked.add(candidate);
        const distance = editDistance(word, candidate, max);
        if (distance > max) continue;
        const frequency = this.frequency.get(candidate) ?? 0;
        if (!best || distance < best.distance || (distance === best.distance && frequency > best.frequency)) {
          best = { word: candidate, distance, frequency };
        }
      }
    }
    return best && { word: best.word, distance: best.distance };
  }

  has(word: string): boolean {
    return this.frequency.has(word);
  }
}
