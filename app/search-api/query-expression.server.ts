import { buildQueryExpression, type QueryExpression } from '@coveo/headless';

/**
 * The one way the site writes Coveo query expressions (aq, cq): Headless's buildQueryExpression,
 * with the three things it leaves to its caller done here (numbers: see fieldCompares). It quotes string values without escaping
 * them, so a value keeps no double quote or backslash (values come from URLs and the index; the
 * query syntax has no escape for them); and it prints field names as given, so a name that is not
 * a plain field name is refused before it can change the expression.
 */

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function checkedField(field: string): string {
  if (!FIELD_NAME.test(field)) throw new RangeError(`Not a field name: ${JSON.stringify(field)}`);
  return field;
}

const clean = (value: string) => value.replace(/["\\]/g, '');

/** A part of an expression: any Headless expression. */
export type Clause = QueryExpression;

type NumericOperator = 'greaterThanOrEqual' | 'lowerThanOrEqual' | 'greaterThan' | 'lowerThan' | 'isExactly';

function stringField(field: string, operator: 'isExactly' | 'contains', values: string | readonly string[], negate = false): Clause {
  const list = (typeof values === 'string' ? [values] : [...values]).map(clean);
  if (!list.length) throw new RangeError(`@${field}: no values`);
  return buildQueryExpression().addStringField({ field: checkedField(field), operator, values: list, negate });
}

/** `@field==value` (one of several values: `@field==("a","b")`). */
export const fieldIs = (field: string, values: string | readonly string[]) => stringField(field, 'isExactly', values);
/** `NOT @field==value`: none of the values. */
export const fieldIsNot = (field: string, values: string | readonly string[]) => stringField(field, 'isExactly', values, true);
/** `@field="pattern*"`: a value matching one of the wildcard patterns. */
export const fieldMatches = (field: string, patterns: string | readonly string[]) => stringField(field, 'contains', patterns);
/** `@field==true` for a boolean field. */
export const fieldIsTrue = (field: string) => fieldIs(field, 'true');
export const fieldIsFalse = (field: string) => fieldIs(field, 'false');

const NUMERIC_SYMBOLS: Record<NumericOperator, string> = { greaterThanOrEqual: '>=', lowerThanOrEqual: '<=', greaterThan: '>', lowerThan: '<', isExactly: '==' };

/**
 * A number as plain decimal digits: JavaScript (and Headless, which prints `String(n)`) writes
 * values below 1e-6 and from 1e21 in exponent form (a 100 nF capacitance is `1e-7` farad), and the
 * query syntax knows decimals only.
 */
function plainDecimal(value: number): string {
  const written = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(written);
  if (!match) return written;
  const [, sign, first, rest = '', exponentText] = match;
  const digits = `${first}${rest}`;
  const exponent = Number(exponentText);
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${sign}${digits}${'0'.repeat(Math.max(0, exponent - rest.length))}`;
}

/** A numeric comparison, `@field>=n`, the number in plain decimals (Headless's own clause would print `1e-7`). */
export function fieldCompares(field: string, operator: NumericOperator, value: number): Clause {
  if (!Number.isFinite(value)) throw new RangeError(`@${field}: ${value} is not a number`);
  const clause = `@${checkedField(field)}${NUMERIC_SYMBOLS[operator]}${plainDecimal(value)}`;
  return raw(clause);
}

/** The clauses that are given, all of them required (AND); '' when none is. */
export function allOf(...clauses: Array<Clause | string | undefined | false>): string {
  const expression = buildQueryExpression();
  for (const clause of clauses) {
    if (!clause) continue;
    expression.addExpression(typeof clause === 'string' ? raw(clause) : clause);
  }
  return expression.toQuerySyntax();
}

/** Any one of the clauses (OR); '' when none is given. */
export function anyOf(...clauses: Array<Clause | string | undefined | false>): string {
  const expression = buildQueryExpression().joinUsing('or');
  for (const clause of clauses) {
    if (!clause) continue;
    expression.addExpression(typeof clause === 'string' ? raw(clause) : clause);
  }
  return expression.toQuerySyntax();
}

/** An expression already written (a tab's constant query): kept as it is, as one part. */
function raw(expression: string): Clause {
  return buildQueryExpression().addExpression({ toQuerySyntax: () => expression } as Clause);
}
