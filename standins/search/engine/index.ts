import type { CatalogueDocument, FieldValue } from '../catalogue/generate.ts';
import { CONTENT_LANGUAGES, type Localized } from '@voltaris/catalogue/taxonomy';
import { Bitset } from './bitset.ts';
import { normalize, terms } from './tokenize.ts';
import { TypoIndex } from './typo.ts';
import type { DocumentList } from '../document-list.ts';

/**
 * An in-memory index over the catalogue: text postings with field weights (part number and title
 * over description), part-number prefixes, and one column per field for filters, facets and sorts.
 * Facet counts are exact: they are counted over the whole match set (docs/decisions/0005).
 */

export const FIELD_WEIGHTS = { partNumber: 16, partNumberPrefix: 10, title: 8, keyField: 4, body: 1 } as const;

/**
 * Term frequency and field length, BM25F-like (docs/decisions/0081): a word's score in a document
 * is the sum over its fields of the field's weight times tf·(k1+1) / (tf + k1·(1 − b + b·len/ref)),
 * `ref` the field's usual length in words. A word counts more in a short field ("Fuses") than in
 * a long one ("PTC Resettable Fuses"), more for being in several fields, and saturates when
 * repeated. A field in several languages counts once, at its best.
 */
const K1 = 1.2;
const B = 0.75;
const REFERENCE_LENGTH = { title: 4, keyField: 2, body: 12 } as const;
/** Posting weights are stored as fixed-point 1/WEIGHT_SCALE in a Uint16Array. */
const WEIGHT_SCALE = 32;

function termFrequencyNorm(tf: number, length: number, reference: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / reference));
}

/** Fields whose words are searchable besides title and body, with the key-field weight. */
const KEY_TEXT_FIELDS = ['series', 'packagedisplayname', 'leveltwocategory', 'levelthreecategory', 'currentpagecategoryname', 'resourcetype', 'documenttypedisplayname', 'producttechnologies', 'eventcity', 'contactname', 'country'];
/** Fields searchable with the body's weight. */
const BODY_TEXT_FIELDS = ['seriesshortdescription'];

const DATE_FIELDS = new Set(['date', 'datecreated', 'datemodified', 'modificationdate', 'newsdate', 'eventstartdate', 'eventenddate']);

/** The hierarchical field: stored as "L1|L2|...", indexed as every ancestor path. */
const HIERARCHY_FIELD = 'categorypath';
export const HIERARCHY_DELIMITER = '|';

const PREFIX_MARK = '\u0001';

/** Columns built with the index (facets and filters of every search page); others on first use. */
const WARM_COLUMNS = ['objecttype', 'language', 'series', 'levelonecategory', 'leveltwocategory', 'subcategoryfacet', 'market', 'endequipment', 'producttechnologies', 'resourcetype', 'assetlanguage', HIERARCHY_FIELD, 'date', 'checkstock', 'isparteligibleforsample', 'issecured'];
const MIN_PART_PREFIX = 2;

interface Posting {
  ids: Int32Array;
  /** The term's score in each document, in 1/WEIGHT_SCALE (see weightOf). */
  weights: Uint16Array;
}

/** A posting's stored weight as a score. */
export function weightOf(stored: number): number {
  return stored / WEIGHT_SCALE;
}

export type FieldKind = 'string' | 'multi' | 'number' | 'date' | 'boolean' | 'localized';

export interface CategoricalColumn {
  kind: 'string' | 'multi' | 'boolean' | 'localized';
  /** Distinct values, by id. */
  values: string[];
  idsByLowerValue: Map<string, number>;
  /** Document ids having each value, ascending. */
  postings: Int32Array[];
  /** CSR: the value ids of document d are valueIds[offsets[d]..offsets[d+1]). */
  offsets: Int32Array;
  valueIds: Int32Array;
  /** Rank of each value in alphanumeric order, for sorting; computed on first use. */
  sortRank?: Int32Array;
  /** Number of documents per value over the whole index. */
  totals?: Int32Array;
}

export function totalsOf(column: CategoricalColumn): Int32Array {
  column.totals ??= Int32Array.from(column.postings, (ids) => ids.length);
  return column.totals;
}

export function sortRankOf(column: CategoricalColumn): Int32Array {
  if (!column.sortRank) {
    const order = column.values.map((_, i) => i).sort((a, b) => naturalCompare(column.values[a]!, column.values[b]!));
    const rank = new Int32Array(column.values.length);
    order.forEach((valueId, position) => (rank[valueId] = position));
    column.sortRank = rank;
  }
  return column.sortRank;
}

export interface NumericColumn {
  kind: 'number' | 'date';
  values: Float64Array; // NaN where a document has no value
  /** Documents with a value, in ascending value order, and their values; built on first use. */
  sorted?: { ids: Int32Array; values: Float64Array };
}

export function sortedOf(column: NumericColumn): { ids: Int32Array; values: Float64Array } {
  if (!column.sorted) {
    const present: number[] = [];
    column.values.forEach((value, doc) => {
      if (!Number.isNaN(value)) present.push(doc);
    });
    present.sort((a, b) => column.values[a]! - column.values[b]! || a - b);
    const ids = Int32Array.from(present);
    column.sorted = { ids, values: Float64Array.from(ids, (doc) => column.values[doc]!) };
  }
  return column.sorted;
}

/** First index in a sorted string array whose value is >= the key. */
export function lowerBoundString(sorted: readonly string[], key: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** First index in a sorted array whose value is >= (or > when strict) the bound. */
export function lowerBound(values: Float64Array, bound: number, strict = false): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (strict ? values[mid]! <= bound : values[mid]! < bound) low = mid + 1;
    else high = mid;
  }
  return low;
}

export type Column = CategoricalColumn | NumericColumn;

export function isNumeric(column: Column): column is NumericColumn {
  return column.kind === 'number' || column.kind === 'date';
}

function englishOf(value: FieldValue): string | string[] | number | boolean {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return (value as Localized).en;
  return value as string | string[] | number | boolean;
}

/** A growable Int32Array, so building the index makes few objects for the collector to chase. */
class IntBuffer {
  data = new Int32Array(1 << 16);
  length = 0;

  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Everything the index builds from the documents, without the documents: what an index snapshot
 * keeps on disk (standins/search/snapshot.ts). Plain data, typed arrays and Maps only, so
 * `v8.serialize` writes it and reads it back as it was.
 */
export interface SearchIndexState {
  size: number;
  termIds: Map<string, number>;
  postingOffsets: Int32Array;
  postingIds: Int32Array;
  postingWeights: Uint16Array;
  vocabulary: string[];
  columns: Map<string, Column>;
  typoFrequency: ReadonlyMap<string, number>;
  typoVariants: Map<string, string[]>;
  reversedWords: string[];
  fieldKinds: Map<string, FieldKind>;
}

export class SearchIndex<Docs extends DocumentList = DocumentList> {
  readonly size: number;
  private readonly termIds: Map<string, number>;
  private readonly postingOffsets: Int32Array;
  private readonly postingIds: Int32Array;
  private readonly postingWeights: Uint16Array;
  /** Sorted searchable terms (no prefix marks), for trailing-wildcard and as-you-type expansion. */
  readonly vocabulary: string[];
  readonly columns = new Map<string, Column>();
  readonly typos: TypoIndex;
  private readonly reversedWords: string[];
  readonly buildMs: number;

  /** Builds the index of the documents, or takes it from a snapshot of the same documents. */
  constructor(
    readonly docs: Docs,
    restored?: SearchIndexState,
  ) {
    const started = performance.now();
    this.size = docs.length;
    if (restored) {
      if (restored.size !== docs.length) throw new Error(`The index snapshot holds ${restored.size} documents, the catalogue ${docs.length}`);
      this.termIds = restored.termIds;
      this.postingOffsets = restored.postingOffsets;
      this.postingIds = restored.postingIds;
      this.postingWeights = restored.postingWeights;
      this.vocabulary = restored.vocabulary;
      for (const [field, column] of restored.columns) this.columns.set(field, column);
      this.typos = new TypoIndex(restored.typoFrequency, restored.typoVariants);
      this.reversedWords = restored.reversedWords;
      this.fieldKinds = restored.fieldKinds;
      this.buildMs = performance.now() - started;
      return;
    }
    const termIds = new Map<string, number>();
    const termNames: string[] = [];
    const documentFrequency = new IntBuffer();
    // Per-term scratch: the last document (id + 1) that used the term and its summed weight there,
    // so a document's terms are deduplicated without a Map per document.
    let lastDoc = new Int32Array(1 << 16);
    let weightSum = new Float32Array(1 << 16);
    const docTermList = new IntBuffer();
    // Pass 1: every document's (term id, weight) pairs, flat; pass 2 lays postings out by term.
    const docOffsets = new Int32Array(this.size + 1);
    const pairs = new IntBuffer();
    // Key fields repeat across a series (descriptions, category names): tokenize each text once.
    const tokenCache = new Map<string, string[]>();
    const cachedTerms = (text: string) => {
      let cached = tokenCache.get(text);
      if (!cached) {
        cached = terms(text);
        tokenCache.set(text, cached);
      }
      return cached;
    };
    let currentDoc = 0;
    const put = (term: string, weight: number) => {
      let termId = termIds.get(term);
      if (termId === undefined) {
        termId = termNames.length;
        termIds.set(term, termId);
        termNames.push(term);
        documentFrequency.push(0);
        if (termId >= lastDoc.length) {
          const grownDoc = new Int32Array(lastDoc.length * 2);
          grownDoc.set(lastDoc);
          lastDoc = grownDoc;
          const grownWeight = new Float32Array(weightSum.length * 2);
          grownWeight.set(weightSum);
          weightSum = grownWeight;
        }
      }
      if (lastDoc[termId] !== currentDoc + 1) {
        lastDoc[termId] = currentDoc + 1;
        weightSum[termId] = weight;
        docTermList.push(termId);
      } else {
        weightSum[termId]! += weight;
      }
    };
    // Scratch maps reused by every field (indexing makes few objects for the collector to chase).
    const frequency = new Map<string, number>();
    const best = new Map<string, number>();
    /** Key fields repeat across a series: their weighted words are worked out once per text. */
    const weightedCache = new Map<string, Array<[string, number]>>();
    const weighted = (texts: string[], reference: number, termsOf: (text: string) => string[]): Array<[string, number]> => {
      best.clear();
      for (const text of texts) {
        const words = termsOf(text);
        frequency.clear();
        for (const term of words) frequency.set(term, (frequency.get(term) ?? 0) + 1);
        for (const [term, tf] of frequency) best.set(term, Math.max(best.get(term) ?? 0, termFrequencyNorm(tf, words.length, reference)));
      }
      return [...best];
    };
    /** A field's words, each weighted by its frequency and the field's length (at its best language). */
    const putText = (value: FieldValue | undefined, weight: number, reference: number, cache: boolean) => {
      if (value === undefined) return;
      let texts: string[];
      if (typeof value === 'object' && !Array.isArray(value)) {
        texts = [];
        for (const language of CONTENT_LANGUAGES) if (!texts.includes(value[language])) texts.push(value[language]);
      } else {
        texts = [Array.isArray(value) ? value.join(' ') : String(value)];
      }
      let weightedTerms: Array<[string, number]>;
      if (cache) {
        const key = `${reference}\u0000${texts.join('\u0001')}`;
        weightedTerms = weightedCache.get(key) ?? weighted(texts, reference, cachedTerms);
        weightedCache.set(key, weightedTerms);
      } else {
        weightedTerms = weighted(texts, reference, terms);
      }
      for (const [term, norm] of weightedTerms) put(term, weight * norm);
    };

    const partTermIds = new Set<number>();
    docs.forEach((doc, id) => {
      currentDoc = id;
      docTermList.length = 0;
      docOffsets[id] = pairs.length;
      if (doc.partNumber) {
        const part = normalize(doc.partNumber);
        put(part, FIELD_WEIGHTS.partNumber);
        partTermIds.add(termIds.get(part)!);
        for (let length = MIN_PART_PREFIX; length < part.length; length += 1) {
          put(PREFIX_MARK + part.slice(0, length), FIELD_WEIGHTS.partNumberPrefix);
        }
      }
      putText(doc.title, FIELD_WEIGHTS.title, REFERENCE_LENGTH.title, false);
      putText(doc.body, FIELD_WEIGHTS.body, REFERENCE_LENGTH.body, false);
      for (const field of KEY_TEXT_FIELDS) putText(doc.fields[field], FIELD_WEIGHTS.keyField, REFERENCE_LENGTH.keyField, true);
      for (const field of BODY_TEXT_FIELDS) putText(doc.fields[field], FIELD_WEIGHTS.body, REFERENCE_LENGTH.body, true);
      for (let i = 0; i < docTermList.length; i += 1) {
        const termId = docTermList.data[i]!;
        documentFrequency.data[termId]! += 1;
        pairs.push(termId);
        pairs.push(Math.min(0xffff, Math.round(weightSum[termId]! * WEIGHT_SCALE)));
      }
    });
    docOffsets[this.size] = pairs.length;
    const wordFrequency = new Map<string, number>();
    termNames.forEach((term, termId) => {
      if (term.charCodeAt(0) !== 1 && !partTermIds.has(termId)) wordFrequency.set(term, documentFrequency.data[termId]!);
    });

    const termCount = termNames.length;
    const offsets = new Int32Array(termCount + 1);
    for (let t = 0; t < termCount; t += 1) offsets[t + 1] = offsets[t]! + documentFrequency.data[t]!;
    const ids = new Int32Array(offsets[termCount]!);
    const weights = new Uint16Array(offsets[termCount]!);
    const cursor = offsets.slice(0, termCount);
    for (let doc = 0; doc < this.size; doc += 1) {
      for (let i = docOffsets[doc]!; i < docOffsets[doc + 1]!; i += 2) {
        const termId = pairs.data[i]!;
        const at = cursor[termId]!++;
        ids[at] = doc;
        weights[at] = pairs.data[i + 1]!;
      }
    }
    this.termIds = termIds;
    this.postingOffsets = offsets;
    this.postingIds = ids;
    this.postingWeights = weights;
    this.vocabulary = termNames.filter((term) => term.charCodeAt(0) !== 1).sort();
    this.typos = new TypoIndex(wordFrequency);
    // Reversed letter-only words, sorted: the words a compound ends with are found like prefixes.
    this.reversedWords = [...wordFrequency.keys()]
      .filter((term) => /^\p{L}{6,}$/u.test(term))
      .map((term) => [...term].reverse().join(''))
      .sort();
    this.fieldKinds = this.detectFieldKinds();
    for (const field of WARM_COLUMNS) this.column(field);
    this.buildMs = performance.now() - started;
  }

  /** What a snapshot keeps (see SearchIndexState). */
  state(): SearchIndexState {
    return {
      size: this.size,
      termIds: this.termIds,
      postingOffsets: this.postingOffsets,
      postingIds: this.postingIds,
      postingWeights: this.postingWeights,
      vocabulary: this.vocabulary,
      columns: this.columns,
      ...this.typos.state(),
      reversedWords: this.reversedWords,
      fieldKinds: this.fieldKinds,
    };
  }

  get termCount(): number {
    return this.termIds.size;
  }

  private posting(term: string): Posting | undefined {
    const termId = this.termIds.get(term);
    if (termId === undefined) return undefined;
    const start = this.postingOffsets[termId]!;
    const end = this.postingOffsets[termId + 1]!;
    return { ids: this.postingIds.subarray(start, end), weights: this.postingWeights.subarray(start, end) };
  }

  private readonly fieldKinds: Map<string, FieldKind>;

  private detectFieldKinds(): Map<string, FieldKind> {
    const kinds = new Map<string, FieldKind>();
    for (const doc of this.docs) {
      for (const [field, value] of Object.entries(doc.fields)) {
        if (kinds.has(field)) continue;
        if (DATE_FIELDS.has(field)) kinds.set(field, 'date');
        else if (typeof value === 'number') kinds.set(field, 'number');
        else if (typeof value === 'boolean') kinds.set(field, 'boolean');
        else if (Array.isArray(value)) kinds.set(field, 'multi');
        else if (typeof value === 'object') kinds.set(field, 'localized');
        else kinds.set(field, 'string');
      }
    }
    kinds.set('objecttype', 'string');
    kinds.set('language', 'multi');
    kinds.set(HIERARCHY_FIELD, 'multi');
    return kinds;
  }

  /** Every field the index knows, with its kind. */
  fields(): ReadonlyMap<string, FieldKind> {
    return this.fieldKinds;
  }

  /** The values of a field for one document, as indexed (English for translated fields). */
  private rawValues(doc: CatalogueDocument, field: string): string[] {
    if (field === 'objecttype') return [doc.objecttype];
    if (field === 'language') return doc.language ? [languageName(doc.language)] : CONTENT_LANGUAGES.map(languageName);
    const value = doc.fields[field];
    if (value === undefined) return [];
    if (field === HIERARCHY_FIELD) {
      const parts = String(value).split(HIERARCHY_DELIMITER);
      return parts.map((_, i) => parts.slice(0, i + 1).join(HIERARCHY_DELIMITER));
    }
    const english = englishOf(value);
    return Array.isArray(english) ? english : [String(english)];
  }

  private categoricalColumn(field: string, kind: CategoricalColumn['kind']): CategoricalColumn {
    const idsByValue = new Map<string, number>();
    const values: string[] = [];
    const perValue: number[][] = [];
    const offsets = new Int32Array(this.size + 1);
    const valueIds: number[] = [];
    this.docs.forEach((doc, id) => {
      offsets[id] = valueIds.length;
      const raw = this.rawValues(doc, field);
      for (const value of raw.length > 1 ? new Set(raw) : raw) {
        let valueId = idsByValue.get(value);
        if (valueId === undefined) {
          valueId = values.length;
          idsByValue.set(value, valueId);
          values.push(value);
          perValue.push([]);
        }
        perValue[valueId]!.push(id);
        valueIds.push(valueId);
      }
    });
    offsets[this.size] = valueIds.length;
    const idsByLowerValue = new Map<string, number>();
    values.forEach((value, i) => {
      if (!idsByLowerValue.has(value.toLowerCase())) idsByLowerValue.set(value.toLowerCase(), i);
    });
    return {
      kind,
      values,
      idsByLowerValue,
      postings: perValue.map((ids) => Int32Array.from(ids)),
      offsets,
      valueIds: Int32Array.from(valueIds),
    };
  }

  private numericColumn(field: string, kind: NumericColumn['kind']): NumericColumn {
    const values = new Float64Array(this.size).fill(Number.NaN);
    this.docs.forEach((doc, id) => {
      const value = doc.fields[field];
      if (typeof value === 'number') values[id] = value;
    });
    return { kind, values };
  }

  /** Documents containing a term: the exact term, and for part numbers every part number it begins. */
  termPostings(term: string): Posting[] {
    const out: Posting[] = [];
    const exact = this.posting(term);
    if (exact) out.push(exact);
    const prefix = this.posting(PREFIX_MARK + term);
    if (prefix) out.push(prefix);
    return out;
  }

  /** Terms of the vocabulary that begin with `prefix`, at most `limit`. */
  expandPrefix(prefix: string, limit = 200): string[] {
    const out: string[] = [];
    for (let i = lowerBoundString(this.vocabulary, prefix); i < this.vocabulary.length && out.length < limit; i += 1) {
      const term = this.vocabulary[i]!;
      if (!term.startsWith(prefix)) break;
      out.push(term);
    }
    return out;
  }

  /**
   * German compounds: words at least 3 letters longer that begin with `part` (Sicherung ->
   * Sicherungshalter) or end with it (Schutz -> Überspannungsschutz).
   */
  compoundsOf(part: string, limit = 50): string[] {
    if (part.length < 4 || !/^\p{L}+$/u.test(part)) return [];
    const longer = (term: string) => term.length >= part.length + 3;
    const starts = this.expandPrefix(part, limit * 4).filter((term) => longer(term) && /^\p{L}+$/u.test(term));
    const reversed = [...part].reverse().join('');
    const ends: string[] = [];
    for (let i = lowerBoundString(this.reversedWords, reversed); i < this.reversedWords.length && ends.length < limit; i += 1) {
      const candidate = this.reversedWords[i]!;
      if (!candidate.startsWith(reversed)) break;
      const word = [...candidate].reverse().join('');
      if (longer(word)) ends.push(word);
    }
    return [...starts.slice(0, limit), ...ends];
  }

  documentFrequency(term: string): number {
    return this.termPostings(term).reduce((sum, posting) => Math.max(sum, posting.ids.length), 0);
  }

  /** A field's column, built on first use (the facet fields are built with the index). */
  column(field: string): Column | undefined {
    const name = field.toLowerCase();
    let column = this.columns.get(name);
    if (!column) {
      const kind = this.fieldKinds.get(name);
      if (!kind) return undefined;
      column = kind === 'number' || kind === 'date' ? this.numericColumn(name, kind) : this.categoricalColumn(name, kind);
      this.columns.set(name, column);
    }
    return column;
  }

  /** Documents with a given value (case-insensitive) of a categorical field. */
  valueSet(field: string, value: string): Bitset {
    const column = this.column(field);
    const set = new Bitset(this.size);
    if (!column || isNumeric(column)) return set;
    const valueId = column.idsByLowerValue.get(value.toLowerCase());
    if (valueId !== undefined) {
      const ids = column.postings[valueId]!;
      for (let i = 0; i < ids.length; i += 1) set.add(ids[i]!);
    }
    return set;
  }

  memoryEstimateBytes(): number {
    let bytes = 0;
    bytes += this.postingIds.byteLength + this.postingWeights.byteLength + this.postingOffsets.byteLength + this.termIds.size * 64;
    for (const column of this.columns.values()) {
      if (isNumeric(column)) bytes += column.values.byteLength;
      else bytes += column.offsets.byteLength + column.valueIds.byteLength + column.postings.reduce((s, p) => s + p.byteLength, 0);
    }
    return bytes;
  }
}

const LANGUAGE_NAME: Record<string, string> = { en: 'English', de: 'German', ja: 'Japanese', zh: 'Chinese' };
export function languageName(language: string): string {
  return LANGUAGE_NAME[language] ?? language;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
