/**
 * The stand-in's subset of Solr's standard (lucene) query syntax: `field:value`, `*:*`, `field:*`,
 * bare terms, "phrases", `prefix*`, `(groups)`, `field:(a b)`, ranges `[a TO b]` / `{a TO b}` with
 * `*` and NOW date math, AND/OR/NOT, `&&`/`||`/`!`, `+`/`-` and `^boost`. Anything it cannot parse is
 * a SolrSyntaxError, which the router answers with 400 as Solr does.
 */

export class SolrSyntaxError extends Error {
  constructor(query: string, detail: string) {
    super(`org.apache.solr.search.SyntaxError: Cannot parse '${query}': ${detail}`);
    this.name = 'SolrSyntaxError';
  }
}

/** A query refers to a field the core does not have (Solr: 400 "undefined field"). */
export class UndefinedFieldError extends Error {
  constructor(field: string) {
    super(`undefined field ${field}`);
    this.name = 'UndefinedFieldError';
  }
}

export type Occur = 'must' | 'should' | 'not';

export type QueryNode =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'exists'; field: string }
  /** `field` undefined: the default field(s) (df, or edismax's qf). */
  | { kind: 'term'; field: string | undefined; text: string; prefix: boolean; boost: number }
  | { kind: 'phrase'; field: string | undefined; text: string; boost: number }
  | { kind: 'range'; field: string; low: string; high: string; lowInclusive: boolean; highInclusive: boolean }
  | { kind: 'bool'; clauses: Array<{ occur: Occur; node: QueryNode }>; boost: number };

const SOLR_RESERVED = new Set([' ', '\t', '\n', '\r', '(', ')', '"', ':', '[', ']', '{', '}', '^', '~']);

export function parseLucene(query: string): QueryNode {
  let at = 0;
  const fail = (detail: string): never => {
    throw new SolrSyntaxError(query, detail);
  };
  const skipSpace = () => {
    while (at < query.length && /\s/.test(query[at]!)) at += 1;
  };
  const readWord = (): string => {
    let word = '';
    while (at < query.length) {
      const char = query[at]!;
      if (char === '\\') {
        if (at + 1 >= query.length) fail('Lexical error at end of input: a query cannot end with a backslash');
        word += query[at + 1];
        at += 2;
        continue;
      }
      if (SOLR_RESERVED.has(char)) break;
      word += char;
      at += 1;
    }
    return word;
  };
  const readBoost = (): number => {
    if (query[at] === '~') {
      at += 1;
      while (at < query.length && /[\d.]/.test(query[at]!)) at += 1;
    }
    if (query[at] !== '^') return 1;
    at += 1;
    const start = at;
    while (at < query.length && /[\d.]/.test(query[at]!)) at += 1;
    const boost = Number(query.slice(start, at));
    if (start === at || !Number.isFinite(boost)) fail(`Encountered "^" at column ${start}: a boost needs a number`);
    return boost;
  };

  const readPhrase = (): string => {
    at += 1;
    let text = '';
    while (at < query.length && query[at] !== '"') {
      if (query[at] === '\\' && at + 1 < query.length) at += 1;
      text += query[at];
      at += 1;
    }
    if (at >= query.length) fail('Lexical error at end of input: an unclosed quote');
    at += 1;
    return text;
  };

  const readRangeEnd = (): string => {
    skipSpace();
    if (query[at] === '"') return readPhrase();
    let word = '';
    while (at < query.length && !/[\s\]}]/.test(query[at]!)) {
      if (query[at] === '\\' && at + 1 < query.length) at += 1;
      word += query[at];
      at += 1;
    }
    if (!word) fail(`Encountered an empty range bound at column ${at}`);
    return word;
  };

  const valueFor = (field: string | undefined): QueryNode => {
    skipSpace();
    const char = query[at];
    if (char === undefined) return fail(`Encountered "<EOF>" at column ${at}: a value was expected${field ? ` after "${field}:"` : ''}`);
    if (char === '(') {
      at += 1;
      const group = sequence(field);
      skipSpace();
      if (query[at] !== ')') fail(`Encountered "<EOF>" at column ${at}: expected ")"`);
      at += 1;
      const boost = readBoost();
      return group.kind === 'bool' ? { ...group, boost } : group;
    }
    if (char === '"') {
      const text = readPhrase();
      return { kind: 'phrase', field, text, boost: readBoost() };
    }
    if (char === '[' || char === '{') {
      if (!field) fail(`Encountered "${char}" at column ${at}: a range needs a field`);
      at += 1;
      const low = readRangeEnd();
      skipSpace();
      if (query.slice(at, at + 2) !== 'TO') fail(`Encountered "${query.slice(at, at + 10)}" at column ${at}: expected "TO"`);
      at += 2;
      const high = readRangeEnd();
      skipSpace();
      const close = query[at];
      if (close !== ']' && close !== '}') return fail(`Encountered "<EOF>" at column ${at}: expected "]" or "}"`);
      at += 1;
      readBoost();
      return { kind: 'range', field: field!, low, high, lowInclusive: char === '[', highInclusive: close === ']' };
    }
    const start = at;
    const word = readWord();
    if (!word) return fail(`Encountered "${char}" at column ${start}`);
    if (query[at] === ':' && field === undefined) {
      at += 1;
      if (word === '*') {
        skipSpace();
        if (query[at] === '*' && (at + 1 === query.length || SOLR_RESERVED.has(query[at + 1]!))) {
          at += 1;
          return { kind: 'all' };
        }
        return fail(`Encountered "*:" at column ${start}: only "*:*" may use "*" as a field`);
      }
      return valueFor(word);
    }
    if (query[at] === ':') return fail(`Encountered ":" at column ${at}: a field inside "${field}:" has no meaning here`);
    if (word === '*') {
      readBoost();
      return field ? { kind: 'exists', field } : { kind: 'all' };
    }
    const boost = readBoost();
    const prefix = word.endsWith('*') && !word.slice(0, -1).includes('*');
    return { kind: 'term', field, text: prefix ? word.slice(0, -1) : word.replaceAll('*', ''), prefix, boost };
  };

  /** Clauses up to ")" or the end, combined as Lucene's classic parser does (default operator OR). */
  const sequence = (field: string | undefined): QueryNode => {
    const clauses: Array<{ occur: Occur; node: QueryNode }> = [];
    let conjunction: 'and' | 'or' | undefined;
    for (;;) {
      skipSpace();
      if (at >= query.length || query[at] === ')') break;
      const rest = query.slice(at);
      const operator = /^(AND|OR|NOT)(?=[\s("]|$)/.exec(rest)?.[1] ?? (rest.startsWith('&&') ? 'AND' : rest.startsWith('||') ? 'OR' : undefined);
      if (operator === 'AND' || operator === 'OR') {
        if (!clauses.length || conjunction) fail(`Encountered "${operator}" at column ${at}: an operator needs a clause on each side`);
        conjunction = operator === 'AND' ? 'and' : 'or';
        at += operator === 'AND' && !rest.startsWith('&&') ? 3 : 2;
        continue;
      }
      let occur: Occur = 'should';
      if (operator === 'NOT') {
        occur = 'not';
        at += 3;
      } else if (query[at] === '!') {
        occur = 'not';
        at += 1;
      } else if (query[at] === '+') {
        occur = 'must';
        at += 1;
      } else if (query[at] === '-') {
        occur = 'not';
        at += 1;
      }
      skipSpace();
      if (at >= query.length || query[at] === ')') fail(`Encountered "<EOF>" at column ${at}: a clause was expected`);
      const node = valueFor(field);
      if (conjunction === 'and') {
        const previous = clauses[clauses.length - 1]!;
        if (previous.occur === 'should') previous.occur = 'must';
        if (occur === 'should') occur = 'must';
      }
      clauses.push({ occur, node });
      conjunction = undefined;
    }
    if (conjunction) fail(`Encountered "<EOF>" at column ${at}: an operator needs a clause on each side`);
    if (clauses.length === 1 && clauses[0]!.occur !== 'not') return clauses[0]!.node;
    return { kind: 'bool', clauses, boost: 1 };
  };

  const root = sequence(undefined);
  skipSpace();
  if (at < query.length) fail(`Encountered ")" at column ${at}: no "(" opens it`);
  return root;
}

/**
 * edismax's forgiving side: a query it cannot parse is taken as its words (Solr escapes the
 * syntax and searches the text).
 */
export function parseEdismax(query: string): QueryNode {
  try {
    return parseLucene(query);
  } catch (error) {
    if (!(error instanceof SolrSyntaxError)) throw error;
    const words = query.split(/[\s()"[\]{}:^~\\!+-]+/).filter(Boolean);
    return { kind: 'bool', clauses: words.map((text) => ({ occur: 'should' as const, node: { kind: 'term' as const, field: undefined, text, prefix: false, boost: 1 } })), boost: 1 };
  }
}

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = { SECOND: 1000, SECONDS: 1000, MINUTE: 60_000, MINUTES: 60_000, HOUR: 3_600_000, HOURS: 3_600_000, DAY: DAY_MS, DAYS: DAY_MS };

/** Solr date math: `NOW`, `NOW-30DAYS`, `NOW+1YEAR`, `NOW/DAY`, or an ISO date as it stands. */
export function resolveDate(value: string, now = Date.now()): string {
  if (!value.startsWith('NOW')) return value;
  let time = now;
  const math = value.slice(3);
  const pattern = /([+-])(\d+)(SECONDS?|MINUTES?|HOURS?|DAYS?|MONTHS?|YEARS?)|\/(DAY|HOUR|MONTH|YEAR)/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(math))) {
    consumed = pattern.lastIndex;
    const date = new Date(time);
    if (match[4]) {
      if (match[4] === 'HOUR') date.setUTCMinutes(0, 0, 0);
      else date.setUTCHours(0, 0, 0, 0);
      if (match[4] === 'MONTH' || match[4] === 'YEAR') date.setUTCDate(1);
      if (match[4] === 'YEAR') date.setUTCMonth(0);
      time = date.getTime();
      continue;
    }
    const amount = Number(match[2]) * (match[1] === '-' ? -1 : 1);
    const unit = match[3]!;
    if (unit.startsWith('MONTH')) date.setUTCMonth(date.getUTCMonth() + amount);
    else if (unit.startsWith('YEAR')) date.setUTCFullYear(date.getUTCFullYear() + amount);
    else date.setTime(time + amount * UNIT_MS[unit]!);
    time = date.getTime();
  }
  if (consumed !== math.length) throw new SolrSyntaxError(value, `Invalid Date Math String: '${value}'`);
  return new Date(time).toISOString().replace(/\.000Z$/, 'Z');
}
