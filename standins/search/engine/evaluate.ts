import { DATE_MESSAGES, parseRelativeDate, parseSearchDate, RuleError } from '@voltaris/protocol/coveo/rules';
import { CONTENT_LANGUAGES } from '@voltaris/catalogue/taxonomy';
import { Bitset } from './bitset.ts';
import { FIELD_WEIGHTS, isNumeric, lowerBound, sortedOf, weightOf, type SearchIndex } from './index.ts';
import type { QueryNode } from '@voltaris/protocol/coveo/query-syntax';
import { normalize, terms } from './tokenize.ts';
import { wildcardMatcher } from './wildcard.ts';

/** Units a rating is written with; a query word of digits and one of them is also read as two words. */
const NUMBER_AND_UNIT = /^(\d+(?:\.\d+)?)(v|kv|mv|a|ma|ka|μa|w|kw|mw|hz|khz|mhz|ω|kω|mω|ohm|f|μf|nf|pf|h|mh|μh|s|ms|μs|ns|mm)$/u;

/** A Chinese or Japanese character pair (or single character) as the tokenizer indexes them. */
const CJK_PAIR = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]{1,2}$/u;

/** "250V" -> ["250", "v"]; undefined for any other word. */
export function numberAndUnit(word: string): [string, string] | undefined {
  const match = NUMBER_AND_UNIT.exec(normalize(word).replace(/(?<=\d)u(?=[afhs]$)/, 'μ'));
  return match ? [match[1]!, match[2]!] : undefined;
}

/** An expression that names a field or value the index cannot use (answered as a 400). */
export class ExpressionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExpressionError';
  }
}

const DAY = 86_400_000;
/** The largest time a Date holds (ECMAScript: 100,000,000 days either side of 1970). */
const MAX_TIME = 8.64e15;

/** Dates in expressions: YYYY/MM/DD[@HH:mm:ss], ISO 8601, now, today, today-30d, past-1-week. */
export function parseExpressionDate(value: string, now = Date.now()): number {
  const time = parseDateOrOffset(value, now);
  // Offsets such as now-99999999999999d land outside what a date can be: the client's mistake.
  if (!Number.isFinite(time) || Math.abs(time) > MAX_TIME) throw new RuleError(`${DATE_MESSAGES.invalid}: "${value}"`);
  return time;
}

function parseDateOrOffset(value: string, now: number): number {
  const lower = value.toLowerCase();
  const relative = /^(now|today)(?:([+-])(\d+)([dhm]))?$/.exec(lower);
  if (relative) {
    let base = now;
    if (relative[1] === 'today') base = Math.floor(now / DAY) * DAY;
    if (relative[2]) {
      const unit = relative[4] === 'd' ? DAY : relative[4] === 'h' ? 3_600_000 : 60_000;
      base += (relative[2] === '-' ? -1 : 1) * Number(relative[3]) * unit;
    }
    return base;
  }
  if (/^(past|next)-/.test(lower)) return parseRelativeDate(lower, now);
  const withTime = /^\d{4}\/\d{2}\/\d{2}$/.test(value) ? `${value}@00:00:00` : value;
  return parseSearchDate(withTime);
}

/**
 * Turns query expressions into document sets, adding each matched term's weight times its idf to
 * the documents' scores. Scratch arrays are reused between queries (one query at a time).
 */
export class Evaluator {
  private readonly score: Float32Array;
  private readonly stamp: Uint32Array;
  private generation = 0;
  /** Normalized query words that matched nothing, in order (the input to did-you-mean). */
  unknownWords: string[] = [];
  /** Terms that matched, for highlighting. */
  matchedTerms = new Set<string>();

  constructor(private readonly index: SearchIndex) {
    this.score = new Float32Array(index.size);
    this.stamp = new Uint32Array(index.size);
  }

  begin() {
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    this.unknownWords = [];
    this.matchedTerms = new Set();
  }

  scoreOf(doc: number): number {
    return this.stamp[doc] === this.generation ? this.score[doc]! : 0;
  }

  private addScore(doc: number, value: number) {
    if (this.stamp[doc] !== this.generation) {
      this.stamp[doc] = this.generation;
      this.score[doc] = value;
    } else {
      this.score[doc]! += value;
    }
  }

  /** Adds a ranking expression's boost to the score of every document in the set. */
  boost(set: Bitset, amount: number) {
    const points = amount * 2;
    set.forEach((doc) => this.addScore(doc, points));
  }

  evaluate(node: QueryNode, scoring = true): Bitset {
    switch (node.kind) {
      case 'term': {
        const spaced = node.wildcard ? undefined : numberAndUnit(node.word);
        if (!spaced) return this.term(node.word, node.wildcard, scoring);
        // "250v" as typed, or "250 V" as ratings are written; the typed form alone when the index has it (a part number).
        const asPhrase = this.rating(spaced, scoring);
        if (!terms(node.word).every((part) => this.index.termPostings(part).length > 0)) return asPhrase;
        return asPhrase.or(this.term(node.word, false, scoring));
      }
      case 'phrase':
        return this.phrase(node.words, scoring);
      case 'and': {
        const [first, ...rest] = node.children;
        if (!first) return Bitset.full(this.index.size);
        const set = this.evaluate(first, scoring);
        for (const child of rest) set.and(this.evaluate(child, scoring));
        return set;
      }
      case 'or': {
        const set = new Bitset(this.index.size);
        for (const child of node.children) set.or(this.evaluate(child, scoring));
        return set;
      }
      case 'not':
        return this.evaluate(node.child, false).not();
      case 'exists':
        return this.exists(node.field);
      case 'field':
        return this.field(node.field, node.operator, node.values);
      case 'range':
        return this.range(node.field, node.start, node.end);
      case 'qre':
        // A ranking expression only ranks, wherever it stands (in aq, evaluated without scoring, too).
        this.boost(this.evaluate(node.expression, false), node.modifier);
        return Bitset.full(this.index.size);
    }
  }

  /**
   * The documents that match at least `least` of the expressions, each scored for every one it
   * matches (partial match): holding more of the words ranks higher.
   */
  atLeast(children: QueryNode[], least: number): Bitset {
    if (least <= 1) return this.evaluate({ kind: 'or', children });
    if (least >= children.length) return this.evaluate({ kind: 'and', children });
    const counts = new Uint16Array(this.index.size);
    const result = new Bitset(this.index.size);
    for (const child of children) {
      this.evaluate(child).forEach((doc) => {
        const count = counts[doc]! + 1;
        counts[doc] = count;
        if (count === least) result.add(doc);
      });
    }
    return result;
  }

  /**
   * Partial match for Chinese and Japanese words (set with the request's partial match): the index
   * holds their character pairs, and a run of six pairs or more (a phrase, not a name such as
   * 温度センサ) matches the items holding 60 % of them, as a segmenting index matches most of a
   * phrase's words ("如何选择保险丝" finds "如何为我的应用选择合适的保险丝？", which lacks 何选 and 择保).
   */
  cjkPartialMatch = false;

  private term(word: string, wildcard: boolean, scoring: boolean): Bitset {
    const parts = terms(word);
    if (parts.length === 0) return Bitset.full(this.index.size);
    if (this.cjkPartialMatch && !wildcard && parts.length >= 6 && parts.every((part) => CJK_PAIR.test(part))) {
      return this.atLeast(
        parts.map((part) => ({ kind: 'term', word: part, wildcard: false })),
        Math.ceil(parts.length * 0.6),
      );
    }
    let result: Bitset | undefined;
    for (const [i, part] of parts.entries()) {
      const expansions = new Set([part]);
      // A trailing wildcard applies to the last piece of the word, stemmed or not.
      if (wildcard && i === parts.length - 1) {
        for (const term of this.index.expandPrefix(part)) expansions.add(term);
        for (const term of this.index.expandPrefix(normalize(word).replace(/[^\p{L}\p{N}]+$/u, ''))) expansions.add(term);
      }
      // Compound parts count for less than the word itself.
      const compounds = new Set(wildcard ? [] : this.index.compoundsOf(part));
      for (const term of compounds) expansions.add(term);
      const set = new Bitset(this.index.size);
      let matched = false;
      for (const term of expansions) {
        const postings = this.index.termPostings(term);
        if (postings.length === 0) continue;
        matched = true;
        this.matchedTerms.add(term);
        const df = Math.max(...postings.map((p) => p.ids.length));
        const idf = Math.log(1 + this.index.size / df) * (compounds.has(term) && term !== part ? 0.5 : 1);
        for (const posting of postings) {
          const { ids, weights } = posting;
          for (let k = 0; k < ids.length; k += 1) {
            const doc = ids[k]!;
            set.add(doc);
            if (scoring) this.addScore(doc, weightOf(weights[k]!) * idf);
          }
        }
      }
      if (!matched && scoring) this.unknownWords.push(part);
      result = result ? result.and(set) : set;
    }
    return result!;
  }

  /**
   * A rating ("250 V") scores where it is written, not where its number is: the words are matched
   * without scores, and a document holding the rating scores it by the field it is in (title or
   * body). Otherwise a part number that carries another rating as the same digits (RXEF14-250, a
   * 2.50 A hold current) counts the number at the part number's weight, and "Sicherung 250 V"
   * lists PTCs named 250 ahead of the 250 V fuses.
   */
  private rating(words: string[], scoring: boolean): Bitset {
    const set = this.phrase(words, false);
    if (!scoring) return set;
    const idf = words.reduce((sum, word) => sum + this.idfOf(word), 0);
    const phrase = normalize(words.join(' '));
    set.forEach((doc) => {
      const document = this.index.docs.at(doc)!;
      const inTitle = CONTENT_LANGUAGES.some((language) => normalize(document.title[language]).includes(phrase));
      const inBody = CONTENT_LANGUAGES.some((language) => normalize(document.body[language]).includes(phrase));
      this.addScore(doc, idf * ((inTitle ? FIELD_WEIGHTS.title : 0) + (inBody ? FIELD_WEIGHTS.body : 0)));
    });
    return set;
  }

  /** A word's idf: the rarer across the index, the more it counts. */
  private idfOf(word: string): number {
    return terms(word).reduce((sum, part) => {
      const postings = this.index.termPostings(part);
      return postings.length === 0 ? sum : sum + Math.log(1 + this.index.size / Math.max(...postings.map((p) => p.ids.length)));
    }, 0);
  }

  private phrase(words: string[], scoring: boolean): Bitset {
    if (words.length === 0) return Bitset.full(this.index.size);
    const set = this.evaluate({ kind: 'and', children: words.map((word) => ({ kind: 'term', word, wildcard: false })) }, scoring);
    if (words.length === 1) return set;
    const phrase = normalize(words.join(' '));
    const verified = new Bitset(this.index.size);
    set.forEach((doc) => {
      const document = this.index.docs.at(doc)!;
      const found = CONTENT_LANGUAGES.some(
        (language) => normalize(document.title[language]).includes(phrase) || normalize(document.body[language]).includes(phrase),
      );
      if (found) verified.add(doc);
    });
    return verified;
  }

  private exists(field: string): Bitset {
    // Fields every document has, whether or not they are columns.
    if (['uri', 'urihash', 'permanentid', 'uniqueid', 'title', 'clickuri', 'objecttype'].includes(field)) return Bitset.full(this.index.size);
    const column = this.index.column(field);
    const set = new Bitset(this.index.size);
    if (!column) return set;
    if (isNumeric(column)) {
      column.values.forEach((value, doc) => {
        if (!Number.isNaN(value)) set.add(doc);
      });
    } else {
      for (let doc = 0; doc < this.index.size; doc += 1) if (column.offsets[doc + 1]! > column.offsets[doc]!) set.add(doc);
    }
    return set;
  }

  private numericBound(field: string, value: string, kind: 'number' | 'date'): number {
    if (kind === 'date') {
      try {
        return parseExpressionDate(value);
      } catch (error) {
        throw new ExpressionError(`@${field}: ${error instanceof RuleError ? error.message : 'Date is invalid'}`);
      }
    }
    const number = Number(value);
    if (!Number.isFinite(number)) throw new ExpressionError(`@${field} is numeric: "${value}" is not a number.`);
    return number;
  }

  private numericSet(field: string, test: (value: number) => boolean): Bitset {
    const column = this.index.column(field)!;
    const set = new Bitset(this.index.size);
    if (!isNumeric(column)) return set;
    const values = column.values;
    for (let doc = 0; doc < values.length; doc += 1) if (test(values[doc]!)) set.add(doc);
    return set;
  }

  private field(field: string, operator: string, values: string[]): Bitset {
    const column = this.index.column(field);
    if (!column) return operator === '<>' ? Bitset.full(this.index.size) : new Bitset(this.index.size);
    if (isNumeric(column)) {
      const bounds = values.map((value) => this.numericBound(field, value, column.kind));
      const first = bounds[0]!;
      const sorted = sortedOf(column);
      const slice = (from: number, to: number) => {
        const set = new Bitset(this.index.size);
        for (let i = from; i < to; i += 1) set.add(sorted.ids[i]!);
        return set;
      };
      const n = sorted.values.length;
      switch (operator) {
        case '>':
          return slice(lowerBound(sorted.values, first, true), n);
        case '>=':
          return slice(lowerBound(sorted.values, first), n);
        case '<':
          return slice(0, lowerBound(sorted.values, first));
        case '<=':
          return slice(0, lowerBound(sorted.values, first, true));
        case '<>':
          return this.numericSet(field, (v) => !bounds.includes(v));
        default:
          return this.numericSet(field, (v) => bounds.includes(v));
      }
    }
    if (['>', '>=', '<', '<='].includes(operator)) {
      throw new ExpressionError(`@${field} is not a numeric or date field: ${operator} cannot compare it.`);
    }
    const set = new Bitset(this.index.size);
    for (const value of values) {
      if (operator === '=' && value.includes('*')) {
        // "=" with a wildcard matches values by pattern; without one it is an exact, case-insensitive match.
        // Linear-time matching: a RegExp of `.*` per star backtracked exponentially (issue 19).
        const matches = wildcardMatcher(value.toLowerCase());
        column.values.forEach((candidate, valueId) => {
          if (matches(candidate.toLowerCase())) for (const doc of column.postings[valueId]!) set.add(doc);
        });
      } else {
        set.or(this.index.valueSet(field, value));
      }
    }
    return operator === '<>' ? set.not() : set;
  }

  private range(field: string, start: string, end: string): Bitset {
    const column = this.index.column(field);
    if (!column) return new Bitset(this.index.size);
    if (!isNumeric(column)) throw new ExpressionError(`@${field} is not a numeric or date field: it has no ranges.`);
    const low = this.numericBound(field, start, column.kind);
    const high = this.numericBound(field, end, column.kind);
    if (low > high) throw new ExpressionError(`@${field}: the start of the range must not be greater than its end.`);
    const sorted = sortedOf(column);
    const set = new Bitset(this.index.size);
    const to = lowerBound(sorted.values, high, true);
    for (let i = lowerBound(sorted.values, low); i < to; i += 1) set.add(sorted.ids[i]!);
    return set;
  }
}
