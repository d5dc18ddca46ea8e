import { parseEdismax, parseLucene, resolveDate, SolrSyntaxError, UndefinedFieldError, type QueryNode } from '@voltaris/protocol/solr/query';

/**
 * One core of the stand-in: its documents and schema, and the select handler's work (q, fq, rows,
 * start, sort, fl, defType, df, qf, hl, hl.fl). Text fields are analysed roughly as Solr's
 * text_general and text_cjk are (lower-cased words; Chinese and Japanese as character bigrams,
 * searched as phrases); every other field is a string, matched exactly.
 */

export type SolrValue = string | number | boolean | string[];
export type SolrDoc = Record<string, SolrValue> & { id: string; language: string };

export interface CoreSchema {
  /** Analysed full-text fields; fields ending in `_t` are text too. */
  text: readonly string[];
  /** Every other field the core has (strings, numbers, ISO dates). */
  fields: readonly string[];
}

export interface SelectRequest {
  q: string;
  fq: string[];
  rows: number;
  start: number;
  sort?: string;
  fl?: string;
  defType: 'lucene' | 'edismax';
  df?: string;
  qf?: string;
  hl: boolean;
  hlFl?: string;
}

interface SelectResult {
  numFound: number;
  start: number;
  docs: Array<Record<string, unknown>>;
  highlighting?: Record<string, Record<string, string[]>>;
}

/** A bad parameter: the router answers 400 with this message. */
export class BadRequestError extends Error {}

interface Token {
  text: string;
  start: number;
  end: number;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc]/u;

/** Words lower-cased; runs of CJK characters as overlapping bigrams (a lone character alone). */
function analyse(value: string): Token[] {
  const tokens: Token[] = [];
  for (const match of value.matchAll(/[\p{L}\p{N}\u30fc]+/gu)) {
    const run = match[0];
    const base = match.index;
    let at = 0;
    while (at < run.length) {
      const cjk = CJK.test(run[at]!);
      let end = at;
      while (end < run.length && CJK.test(run[end]!) === cjk) end += 1;
      const part = run.slice(at, end);
      if (!cjk) tokens.push({ text: part.normalize('NFKC').toLowerCase(), start: base + at, end: base + end });
      else if (part.length === 1) tokens.push({ text: part, start: base + at, end: base + end });
      else for (let i = 0; i + 1 < part.length; i += 1) tokens.push({ text: part.slice(i, i + 2), start: base + at + i, end: base + at + i + 2 });
      at = end;
    }
  }
  return tokens;
}

interface FieldWeight {
  field: string;
  boost: number;
}

function parseFieldList(value: string): FieldWeight[] {
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const [field, boost] = entry.split('^');
      return { field: field!, boost: boost === undefined ? 1 : Number(boost) || 1 };
    });
}

export class SolrCoreIndex {
  private readonly textFields: Set<string>;
  private readonly allFields: Set<string>;
  /** Analysed text per document and field, made on first use. */
  private readonly analysed = new Map<string, Token[]>();

  constructor(
    readonly name: string,
    readonly docs: readonly SolrDoc[],
    schema: CoreSchema,
  ) {
    this.textFields = new Set(schema.text);
    this.allFields = new Set(['id', 'language', ...schema.text, ...schema.fields]);
  }

  private isText(field: string) {
    return this.textFields.has(field) || field.endsWith('_t');
  }

  private checkField(field: string) {
    if (!this.allFields.has(field) && !/_(t|s|dt|i)$/.test(field)) throw new UndefinedFieldError(field);
  }

  private tokens(index: number, field: string, value: string, position: number): Token[] {
    const key = `${index}\u0000${field}\u0000${position}`;
    let tokens = this.analysed.get(key);
    if (!tokens) this.analysed.set(key, (tokens = analyse(value)));
    return tokens;
  }

  private values(doc: SolrDoc, field: string): Array<string | number | boolean> {
    const value = doc[field];
    if (value === undefined) return [];
    return Array.isArray(value) ? value : [value];
  }

  /** How well one field of a document matches a term or phrase; 0 for no match. */
  private matchText(index: number, doc: SolrDoc, field: string, text: string, prefix: boolean, phrase: boolean): number {
    const values = this.values(doc, field);
    if (!this.isText(field)) {
      return values.some((value) => (prefix ? String(value).startsWith(text) : String(value) === text)) ? 1 : 0;
    }
    const wanted = analyse(text).map((token) => token.text);
    if (!wanted.length) return 0;
    let hits = 0;
    values.forEach((value, position) => {
      const tokens = this.tokens(index, field, String(value), position);
      for (let i = 0; i + wanted.length <= tokens.length; i += 1) {
        let all = true;
        for (let j = 0; j < wanted.length && all; j += 1) {
          const last = j === wanted.length - 1;
          all = prefix && last && !phrase ? tokens[i + j]!.text.startsWith(wanted[j]!) : tokens[i + j]!.text === wanted[j];
        }
        if (all) hits += 1;
      }
      if (hits) hits /= Math.sqrt(Math.max(1, tokens.length));
    });
    return hits;
  }

  private compare(value: string | number | boolean, bound: string, field: string): number {
    if (typeof value === 'number') {
      const number = Number(bound);
      if (Number.isNaN(number)) throw new BadRequestError(`Invalid Number: ${bound} (field ${field})`);
      return value - number;
    }
    const text = String(value);
    const other = /^\d{4}-\d\d-\d\dT/.test(text) ? resolveDate(bound) : bound;
    return text < other ? -1 : text > other ? 1 : 0;
  }

  /** The score of a document for a query node, or 0 when it does not match. */
  private score(node: QueryNode, index: number, doc: SolrDoc, defaults: FieldWeight[]): number {
    switch (node.kind) {
      case 'all':
        return 1;
      case 'none':
        return 0;
      case 'exists':
        this.checkField(node.field);
        return this.values(doc, node.field).length ? 1 : 0;
      case 'term':
      case 'phrase': {
        const fields = node.field ? [{ field: node.field, boost: 1 }] : defaults;
        let total = 0;
        for (const { field, boost } of fields) {
          this.checkField(field);
          total += boost * this.matchText(index, doc, field, node.text, node.kind === 'term' && node.prefix, node.kind === 'phrase');
        }
        return total * node.boost;
      }
      case 'range': {
        this.checkField(node.field);
        const hit = this.values(doc, node.field).some((value) => {
          if (node.low !== '*') {
            const low = this.compare(value, node.low, node.field);
            if (low < 0 || (low === 0 && !node.lowInclusive)) return false;
          }
          if (node.high !== '*') {
            const high = this.compare(value, node.high, node.field);
            if (high > 0 || (high === 0 && !node.highInclusive)) return false;
          }
          return true;
        });
        return hit ? 1 : 0;
      }
      case 'bool': {
        let total = 0;
        let must = false;
        let should = false;
        let anyShould = false;
        for (const { occur, node: child } of node.clauses) {
          const score = this.score(child, index, doc, defaults);
          if (occur === 'not') {
            if (score > 0) return 0;
          } else if (occur === 'must') {
            if (score <= 0) return 0;
            must = true;
            total += score;
          } else {
            anyShould = true;
            if (score > 0) {
              should = true;
              total += score;
            }
          }
        }
        // A query of NOT clauses only matches everything else (Solr adds *:* to it).
        if (!must && !anyShould) return 1 * node.boost;
        if (!must && !should) return 0;
        return total * node.boost;
      }
    }
  }

  /** The terms a highlighter marks: every positive term and phrase of the main query. */
  private positiveLeaves(node: QueryNode, out: Array<Extract<QueryNode, { kind: 'term' | 'phrase' }>> = []) {
    if (node.kind === 'term' || node.kind === 'phrase') out.push(node);
    if (node.kind === 'bool') for (const clause of node.clauses) if (clause.occur !== 'not') this.positiveLeaves(clause.node, out);
    return out;
  }

  private highlight(doc: SolrDoc, index: number, field: string, leaves: ReturnType<SolrCoreIndex['positiveLeaves']>, defaults: FieldWeight[]): string[] {
    const relevant = leaves.filter((leaf) => (leaf.field ? leaf.field === field : defaults.some((entry) => entry.field === field)));
    if (!relevant.length || !this.isText(field)) return [];
    const snippets: string[] = [];
    this.values(doc, field).forEach((raw, position) => {
      const value = String(raw);
      const tokens = this.tokens(index, field, value, position);
      const marked: Array<[number, number]> = [];
      for (const leaf of relevant) {
        const wanted = analyse(leaf.text).map((token) => token.text);
        if (!wanted.length) continue;
        const prefix = leaf.kind === 'term' && leaf.prefix;
        for (let i = 0; i + wanted.length <= tokens.length; i += 1) {
          const hit = wanted.every((text, j) => (prefix && j === wanted.length - 1 ? tokens[i + j]!.text.startsWith(text) : tokens[i + j]!.text === text));
          if (hit) marked.push([tokens[i]!.start, tokens[i + wanted.length - 1]!.end]);
        }
      }
      if (!marked.length) return;
      marked.sort((a, b) => a[0] - b[0]);
      const merged: Array<[number, number]> = [];
      for (const span of marked) {
        const last = merged[merged.length - 1];
        if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
        else merged.push([...span]);
      }
      let out = '';
      let at = 0;
      for (const [start, end] of merged) {
        out += `${value.slice(at, start)}<em>${value.slice(start, end)}</em>`;
        at = end;
      }
      snippets.push(out + value.slice(at));
    });
    return snippets;
  }

  private sorter(sort: string | undefined, scores: Map<number, number>): (a: number, b: number) => number {
    const specs = (sort ?? 'score desc')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [field, direction, extra] = entry.split(/\s+/);
        if (!field || (direction !== 'asc' && direction !== 'desc') || extra !== undefined) throw new BadRequestError(`Can't determine a Sort Order (asc or desc) in sort spec '${entry}'`);
        if (field !== 'score' && field !== 'id') {
          try {
            this.checkField(field);
          } catch {
            throw new BadRequestError(`sort param field can't be found: ${field}`);
          }
          // As in a real schema: analysed text has no single value to sort by.
          if (this.isText(field)) throw new BadRequestError(`can not sort on a field w/o docValues unless it is indexed=true uninvertible=true and the type supports Uninversion: ${field}`);
        }
        return { field, factor: direction === 'asc' ? 1 : -1 };
      });
    return (a, b) => {
      for (const { field, factor } of specs) {
        if (field === 'score') {
          const difference = (scores.get(a) ?? 0) - (scores.get(b) ?? 0);
          if (difference) return factor * difference;
          continue;
        }
        const left = this.docs[a]![field];
        const right = this.docs[b]![field];
        // Documents without the field sort last either way, as sortMissingLast does.
        if (left === undefined || right === undefined) {
          if (left !== right) return left === undefined ? 1 : -1;
          continue;
        }
        const x = Array.isArray(left) ? left[0] : left;
        const y = Array.isArray(right) ? right[0] : right;
        const difference = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en');
        if (difference) return factor * difference;
      }
      return a - b;
    };
  }

  select(request: SelectRequest): SelectResult {
    const main = request.defType === 'edismax' ? parseEdismax(request.q) : request.q.trim() ? parseLucene(request.q) : ({ kind: 'none' } as const);
    const filters = request.fq.filter((fq) => fq.trim()).map((fq) => parseLucene(fq));
    const defaults: FieldWeight[] =
      request.defType === 'edismax' && request.qf ? parseFieldList(request.qf) : request.df ? [{ field: request.df, boost: 1 }] : [...this.textFields].map((field) => ({ field, boost: 1 }));
    for (const { field } of defaults) this.checkField(field);

    const scores = new Map<number, number>();
    this.docs.forEach((doc, index) => {
      for (const filter of filters) if (this.score(filter, index, doc, defaults) <= 0) return;
      const score = this.score(main, index, doc, defaults);
      if (score > 0) scores.set(index, score);
    });
    const order = [...scores.keys()].sort(this.sorter(request.sort, scores));
    const page = order.slice(request.start, request.start + request.rows);

    const wanted = (request.fl ?? '*').split(/[\s,]+/).filter(Boolean);
    const allFields = wanted.includes('*');
    const withScore = wanted.includes('score');
    const docs = page.map((index) => {
      const doc = this.docs[index]!;
      const out: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(doc)) if (allFields || wanted.includes(field)) out[field] = value;
      if (withScore) out.score = scores.get(index);
      return out;
    });

    let highlighting: SelectResult['highlighting'];
    if (request.hl) {
      const leaves = this.positiveLeaves(main);
      const fields = request.hlFl ? request.hlFl.split(/[\s,]+/).filter(Boolean) : defaults.map((entry) => entry.field);
      highlighting = {};
      for (const index of page) {
        const doc = this.docs[index]!;
        const entry: Record<string, string[]> = {};
        for (const field of fields) {
          const snippets = this.highlight(doc, index, field, leaves, defaults);
          if (snippets.length) entry[field] = snippets;
        }
        highlighting[doc.id] = entry;
      }
    }
    return { numFound: order.length, start: request.start, docs, ...(highlighting ? { highlighting } : {}) };
  }
}

export { SolrSyntaxError, UndefinedFieldError };
