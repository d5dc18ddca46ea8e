/**
 * The Coveo query syntax subset the site and its tools use: words, "quoted phrases", trailing
 * wildcards (fus*), AND / OR / NOT (and a leading -), parentheses, and field expressions:
 * `@field` (exists), `@field==value`, `@field=value`, `@field<>value`, `@field>n`, `@field>=n`,
 * `@field<n`, `@field<=n`, `@field=(a,b)`, `@field==a..b` (ranges of numbers or dates
 * `YYYY/MM/DD@HH:mm:ss`), and the ranking extension `$qre(expression:'@field==value', modifier:'100')`
 * (it filters nothing and adds `modifier` to the ranking score of what its expression matches).
 * Without query syntax, q is plain words.
 */

export type FieldOperator = '==' | '=' | '<>' | '>' | '>=' | '<' | '<=';

export type QueryNode =
  | { kind: 'term'; word: string; wildcard: boolean }
  | { kind: 'phrase'; words: string[] }
  | { kind: 'field'; field: string; operator: FieldOperator; values: string[] }
  | { kind: 'range'; field: string; start: string; end: string }
  | { kind: 'exists'; field: string }
  | { kind: 'and'; children: QueryNode[] }
  | { kind: 'or'; children: QueryNode[] }
  | { kind: 'not'; child: QueryNode }
  /** `$qre(...)`: ranks only (Coveo's query ranking expression); matches every item. */
  | { kind: 'qre'; expression: QueryNode; modifier: number };

export class QuerySyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(`Invalid query syntax at position ${position}: ${message}`);
    this.name = 'QuerySyntaxError';
  }
}

const OPERATORS: FieldOperator[] = ['==', '<>', '>=', '<=', '=', '>', '<'];
const FIELD_NAME = /[A-Za-z_][A-Za-z0-9_]*/y;

/**
 * Issue 19: parentheses and NOTs nest at most this deep. The parser and the evaluator recurse once
 * per level, so 3000 levels overflowed the stack (a 500); no real query comes near 50.
 */
export const MAX_QUERY_DEPTH = 50;
/** Longest expression parsed (the request schemas allow at most this much per expression). */
export const MAX_QUERY_LENGTH = 20_000;

class Parser {
  private position = 0;
  private depth = 0;

  constructor(private readonly input: string) {}

  parse(): QueryNode | null {
    if (this.input.length > MAX_QUERY_LENGTH) throw new QuerySyntaxError(`an expression must be at most ${MAX_QUERY_LENGTH} characters`, MAX_QUERY_LENGTH);
    this.skipSpace();
    if (this.done()) return null;
    const node = this.parseOr();
    this.skipSpace();
    if (!this.done()) {
      if (this.peek() === ')') this.fail('there is a ")" without a matching "("');
      this.fail(`unexpected "${this.peek()}"`);
    }
    return node;
  }

  private done() {
    return this.position >= this.input.length;
  }

  private peek(offset = 0) {
    return this.input[this.position + offset] ?? '';
  }

  private fail(message: string): never {
    throw new QuerySyntaxError(message, this.position);
  }

  /** Runs `parse` one level deeper, refusing to go past MAX_QUERY_DEPTH. */
  private nested<T>(parse: () => T): T {
    if (this.depth >= MAX_QUERY_DEPTH) this.fail(`parentheses and NOT are nested more than ${MAX_QUERY_DEPTH} levels deep`);
    this.depth += 1;
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private skipSpace() {
    while (!this.done() && /\s/.test(this.peek())) this.position += 1;
  }

  private keyword(word: 'AND' | 'OR' | 'NOT'): boolean {
    this.skipSpace();
    const ahead = this.input.slice(this.position, this.position + word.length);
    const after = this.input[this.position + word.length] ?? ' ';
    if (ahead === word && /[\s(]/.test(after)) {
      this.position += word.length;
      return true;
    }
    return false;
  }

  private parseOr(): QueryNode {
    const children = [this.parseAnd()];
    while (this.keyword('OR')) children.push(this.parseAnd());
    return children.length === 1 ? children[0]! : { kind: 'or', children };
  }

  private parseAnd(): QueryNode {
    const children = [this.parseNot()];
    for (;;) {
      this.skipSpace();
      if (this.done() || this.peek() === ')') break;
      const save = this.position;
      if (this.keyword('OR')) {
        this.position = save;
        break;
      }
      this.keyword('AND');
      children.push(this.parseNot());
    }
    return children.length === 1 ? children[0]! : { kind: 'and', children };
  }

  private parseNot(): QueryNode {
    this.skipSpace();
    if (this.keyword('NOT')) return { kind: 'not', child: this.nested(() => this.parseNot()) };
    if (this.peek() === '-' && /[^\s-]/.test(this.peek(1))) {
      this.position += 1;
      return { kind: 'not', child: this.nested(() => this.parsePrimary()) };
    }
    return this.parsePrimary();
  }

  private parsePrimary(): QueryNode {
    this.skipSpace();
    const char = this.peek();
    if (char === '') this.fail('the expression ends where a term was expected');
    if (char === '(') {
      this.position += 1;
      this.skipSpace();
      if (this.peek() === ')') this.fail('empty parentheses');
      const inner = this.nested(() => this.parseOr());
      this.skipSpace();
      if (this.peek() !== ')') this.fail('a "(" is never closed');
      this.position += 1;
      return inner;
    }
    if (char === ')') this.fail('there is a ")" without a matching "("');
    // <@- text -@> holds plain words with no syntax (headless wraps the user's query in it).
    if (this.input.startsWith('<@-', this.position)) {
      const end = this.input.indexOf('-@>', this.position + 3);
      if (end < 0) this.fail('a "<@-" block is never closed with "-@>"');
      const inner = this.input.slice(this.position + 3, end);
      this.position = end + 3;
      return plainQuery(inner) ?? { kind: 'and', children: [] };
    }
    if (char === '"') return { kind: 'phrase', words: this.quoted().split(/\s+/).filter(Boolean) };
    if (char === '@') return this.fieldExpression();
    if (this.input.startsWith('$qre(', this.position)) return this.rankingExpression();
    const word = this.bareWord();
    if (!word) this.fail(`unexpected "${char}"`);
    const wildcard = word.endsWith('*');
    return { kind: 'term', word: wildcard ? word.replace(/\*+$/, '') : word, wildcard };
  }

  /** `$qre(expression:'...', modifier:'100')`, the arguments in either order, values in single quotes or bare. */
  private rankingExpression(): QueryNode {
    this.position += '$qre('.length;
    const args = new Map<string, string>();
    for (;;) {
      this.skipSpace();
      if (this.peek() === ')') break;
      const name = /^[a-zA-Z]+/.exec(this.input.slice(this.position))?.[0];
      if (!name) this.fail('an argument name is expected in $qre(...)');
      this.position += name.length;
      this.skipSpace();
      if (this.peek() !== ':') this.fail(`":" is expected after ${name} in $qre(...)`);
      this.position += 1;
      this.skipSpace();
      let value: string;
      if (this.peek() === "'") {
        const end = this.input.indexOf("'", this.position + 1);
        if (end < 0) this.fail("a quoted argument of $qre(...) is never closed");
        value = this.input.slice(this.position + 1, end);
        this.position = end + 1;
      } else {
        const start = this.position;
        while (!this.done() && !/[,)]/.test(this.peek())) this.position += 1;
        value = this.input.slice(start, this.position).trim();
      }
      args.set(name.toLowerCase(), value);
      this.skipSpace();
      if (this.peek() === ',') this.position += 1;
      else if (this.peek() !== ')') this.fail('"," or ")" is expected in $qre(...)');
    }
    this.position += 1;
    const modifier = Number(args.get('modifier'));
    const expression = args.get('expression');
    if (!expression || !Number.isFinite(modifier)) this.fail('$qre(...) needs an expression and a numeric modifier');
    const node = this.nested(() => new Parser(expression).parse());
    if (!node) this.fail('the expression of $qre(...) is empty');
    return { kind: 'qre', expression: node, modifier };
  }

  private quoted(): string {
    const start = this.position;
    this.position += 1;
    let out = '';
    while (!this.done() && this.peek() !== '"') {
      out += this.peek();
      this.position += 1;
    }
    if (this.done()) {
      this.position = start;
      this.fail('a quoted phrase is never closed');
    }
    this.position += 1;
    return out;
  }

  private bareWord(): string {
    const start = this.position;
    while (!this.done() && !/[\s()"]/.test(this.peek())) this.position += 1;
    return this.input.slice(start, this.position);
  }

  private fieldExpression(): QueryNode {
    this.position += 1; // @
    FIELD_NAME.lastIndex = this.position;
    const name = FIELD_NAME.exec(this.input)?.[0];
    if (!name) this.fail('a field name is expected after "@"');
    this.position += name.length;
    const operator = OPERATORS.find((op) => this.input.startsWith(op, this.position));
    if (!operator) return { kind: 'exists', field: name.toLowerCase() };
    this.position += operator.length;
    const values = this.fieldValues(name, operator);
    if (values.length === 1 && values[0]!.includes('..') && (operator === '==' || operator === '=')) {
      const [start, end] = values[0]!.split('..');
      if (!start || !end) this.fail(`the range of @${name} needs a start and an end`);
      return { kind: 'range', field: name.toLowerCase(), start, end };
    }
    return { kind: 'field', field: name.toLowerCase(), operator, values };
  }

  private fieldValues(name: string, operator: string): string[] {
    const missing = () => this.fail(`a value is expected after @${name}${operator}`);
    if (this.done() || /\s/.test(this.peek())) missing();
    if (this.peek() === '(') {
      this.position += 1;
      const values: string[] = [];
      for (;;) {
        this.skipSpace();
        if (this.done()) this.fail(`the value list of @${name} is never closed`);
        if (this.peek() === ')') {
          this.position += 1;
          break;
        }
        const value = this.peek() === '"' ? this.quoted() : this.listWord();
        if (!value) missing();
        values.push(value);
        this.skipSpace();
        if (this.peek() === ',') this.position += 1;
      }
      if (values.length === 0) this.fail(`the value list of @${name} is empty`);
      return values;
    }
    const value = this.peek() === '"' ? this.quoted() : this.bareWord();
    if (!value) missing();
    return [value];
  }

  private listWord(): string {
    const start = this.position;
    while (!this.done() && !/[\s(),"]/.test(this.peek())) this.position += 1;
    return this.input.slice(start, this.position);
  }
}

/** Parses an expression with query syntax; null for an empty one; throws QuerySyntaxError. */
export function parseQuery(input: string): QueryNode | null {
  return new Parser(input).parse();
}

/** Plain words (no syntax), as one AND of terms; null when there are none. */
export function plainQuery(input: string): QueryNode | null {
  const words = input.split(/[\s"()]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return null;
  const children: QueryNode[] = words.map((word) => ({ kind: 'term', word, wildcard: false }));
  return children.length === 1 ? children[0]! : { kind: 'and', children };
}

/** The free-text words of an expression (not under NOT), for highlighting and corrections. */
export function positiveWords(node: QueryNode | null): string[] {
  if (!node) return [];
  switch (node.kind) {
    case 'term':
      return [node.word];
    case 'phrase':
      return node.words;
    case 'and':
    case 'or':
      return node.children.flatMap(positiveWords);
    default:
      return [];
  }
}
