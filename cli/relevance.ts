import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { parseQuery, type QueryNode } from '@voltaris/protocol/coveo/query-syntax';
import { FOLDING_FIELDS, FOLDED_RESULTS } from '../app/lib/search-constants.ts';
import { pageLanguageFilter } from '../app/plugins/search/language-filter.ts';
import { UsageError } from './io.ts';
import { searchedValues, withValueFilter } from '../app/plugins/search/query-values.ts';
import { withExactPart } from '../app/plugins/search/exact-part-query.server.ts';

/**
 * Relevance you can measure (docs/decisions/0081): a judged query set, each query as a visitor
 * types it with graded rules saying which results answer it, scored as nDCG@10 over what the search
 * page shows (the page's language, a series folded into one result). Rules are Coveo query
 * expressions over result fields, so a judgment names a family, a series, a rating or a document
 * type, not ids a regenerated catalogue would change.
 */

export const NDCG_DEPTH = 10;
const GRADES = [3, 2, 1] as const;

const expression = z.string().min(1).superRefine((text, ctx) => {
  try {
    if (!parseQuery(text)) ctx.addIssue({ code: 'custom', message: 'is empty' });
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
  }
});

/** The kinds of judged query, in the order replay prints them. */
export const JUDGED_KINDS = ['part number', 'other maker', 'series', 'category', 'value', 'trade name', 'language', 'question', 'misspelling', 'document'] as const;

const judgedQuerySchema = z
  .strictObject({
    q: z.string().min(1),
    locale: z.enum(['en-US', 'de-DE', 'ja-JP', 'zh-CN']).default('en-US'),
    /**
     * What the query tests (replay scores each kind): `value` a quantity with its unit (`parameter`,
     * its earlier name, still reads), `other maker` another maker's part number, `trade name` a
     * trade name, synonym or misspelt word the thesaurus answers, `language` text as typed in a
     * language (Japanese and Chinese without spaces, German compounds).
     */
    kind: z.preprocess((kind) => (kind === 'parameter' ? 'value' : kind), z.enum(JUDGED_KINDS)),
    /** Shorthand: a product family (leveltwocategory). Parts of it are 3, its datasheets, guides and notes 2, anything else of it 1. */
    family: z.string().optional(),
    /** With `family`: what narrows the parts that answer (a rating, a subcategory); the family's other parts are then 2. */
    parts: expression.optional(),
    /** Explicit rules by grade; they replace the shorthand's rule of that grade. */
    grades: z.strictObject({ 3: expression.optional(), 2: expression.optional(), 1: expression.optional() }).default({}),
  })
  .refine((query) => query.family || query.grades[3], 'needs a family or a rule of grade 3');
export type JudgedQuery = z.infer<typeof judgedQuerySchema>;

export function readJudgedSet(file: string): JudgedQuery[] {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read ${file} (${error instanceof Error ? error.message : String(error)}).`);
  }
  const parsed = z.array(judgedQuerySchema).min(1).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new UsageError(`${file}: query ${Number(issue.path[0]) + 1}${issue.path.length > 1 ? ` ${issue.path.slice(1).join('.')}` : ''}: ${issue.message}`);
  }
  return parsed.data;
}

/** A query's rule per grade, best first. */
export function rulesOf(query: JudgedQuery): Array<{ grade: number; rule: string }> {
  const family = query.family ? `@leveltwocategory=="${query.family}"` : undefined;
  const shorthand: Record<number, string | undefined> = family
    ? query.parts
      ? { 3: `@objecttype==Product ${family} (${query.parts})`, 2: `@objecttype==Product ${family}`, 1: family }
      : { 3: `@objecttype==Product ${family}`, 2: `@objecttype==Document ${family} @resourcetype==(Datasheet,Brochure,"Application Note")`, 1: family }
    : {};
  return GRADES.flatMap((grade) => {
    const rule = query.grades[grade] ?? shorthand[grade];
    return rule ? [{ grade, rule }] : [];
  });
}

type Raw = Record<string, unknown>;

function valuesOf(raw: Raw, field: string): unknown[] {
  const value = raw[field.toLowerCase()];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function wildcard(pattern: string): RegExp {
  return new RegExp(`^${pattern.toLowerCase().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`, 's');
}

/** Whether a result's fields satisfy a rule (field expressions only: a rule judges fields, not text). */
export function satisfies(node: QueryNode, raw: Raw): boolean {
  switch (node.kind) {
    case 'and':
      return node.children.every((child) => satisfies(child, raw));
    case 'or':
      return node.children.some((child) => satisfies(child, raw));
    case 'not':
      return !satisfies(node.child, raw);
    case 'exists':
      return valuesOf(raw, node.field).length > 0;
    case 'range': {
      const [low, high] = [Number(node.start), Number(node.end)];
      return valuesOf(raw, node.field).some((value) => Number(value) >= low && Number(value) <= high);
    }
    case 'field': {
      const values = valuesOf(raw, node.field);
      const numeric = (compare: (a: number, b: number) => boolean) => values.some((value) => node.values.some((wanted) => compare(Number(value), Number(wanted))));
      switch (node.operator) {
        case '>':
          return numeric((a, b) => a > b);
        case '>=':
          return numeric((a, b) => a >= b);
        case '<':
          return numeric((a, b) => a < b);
        case '<=':
          return numeric((a, b) => a <= b);
        case '<>':
          return !values.some((value) => node.values.some((wanted) => String(value).toLowerCase() === wanted.toLowerCase()));
        case '=':
          return values.some((value) => node.values.some((wanted) => wildcard(wanted).test(String(value).toLowerCase())));
        default:
          return values.some((value) => node.values.some((wanted) => String(value).toLowerCase() === wanted.toLowerCase() || (typeof value === 'number' && value === Number(wanted))));
      }
    }
    default:
      throw new UsageError(`a judgment rule judges fields only, not words (${JSON.stringify(node)})`);
  }
}

/** The fields the rules read, for fieldsToInclude. */
export function fieldsOf(node: QueryNode, into = new Set<string>()): Set<string> {
  if (node.kind === 'and' || node.kind === 'or') for (const child of node.children) fieldsOf(child, into);
  else if (node.kind === 'not') fieldsOf(node.child, into);
  else if (node.kind === 'field' || node.kind === 'range' || node.kind === 'exists') into.add(node.field.toLowerCase());
  return into;
}

/** Discounted cumulative gain of grades in rank order, (2^g - 1) / log2(rank + 1). */
export function dcg(grades: readonly number[], depth = NDCG_DEPTH): number {
  return grades.slice(0, depth).reduce((sum, grade, rank) => sum + (2 ** grade - 1) / Math.log2(rank + 2), 0);
}

export function ndcg(grades: readonly number[], ideal: readonly number[], depth = NDCG_DEPTH): number {
  const best = dcg([...ideal].sort((a, b) => b - a), depth);
  return best === 0 ? 0 : dcg(grades, depth) / best;
}

interface SearchApi {
  search(body: Record<string, unknown>): Promise<{ totalCountFiltered?: number; results?: Array<{ uniqueId: string; title?: string; raw?: Raw }>; message?: string }>;
}

/** The search page's request for a query (docs/decisions/0080): its language, folded by series. */
export function pageRequest(q: string, locale: string, aq: string | undefined, numberOfResults: number, fields: Iterable<string>): Record<string, unknown> {
  const language = pageLanguageFilter(locale);
  // The judged query itself is asked as the search page asks it: values with units read out as
  // ranges (decision 0163), a part number's own part first (0160). A rule's own search is asked as written.
  const reading = aq === undefined && q ? searchedValues({ q, facets: {} }, locale) : undefined;
  const asked = reading ? withExactPart(q, withValueFilter(language, reading)) : { aq: aq ? `(${language}) (${aq})` : language };
  return {
    q: reading ? reading.text : q,
    aq: asked.aq,
    ...(asked.dq ? { dq: asked.dq } : {}),
    locale,
    numberOfResults,
    firstResult: 0,
    sortCriteria: 'relevancy',
    fieldsToInclude: [...new Set([...fields, FOLDING_FIELDS.collection, 'objecttype', 'language', 'permanentid'])],
    filterField: FOLDING_FIELDS.collection,
    parentField: FOLDING_FIELDS.child,
    childField: FOLDING_FIELDS.parent,
    filterFieldRange: FOLDED_RESULTS,
    queryCorrection: { enabled: true, options: { automaticallyCorrect: 'whenNoResults' } },
  };
}

export interface JudgedOutcome {
  q: string;
  locale: string;
  kind: JudgedQuery['kind'];
  ndcg: number;
  /** The grade of each of the first results as shown. */
  grades: number[];
  /** The best grades the page could show, in order. */
  ideal: number[];
  top: Array<{ title: string; grade: number }>;
  /** The judgment's problem: its best rule meets nothing, or it cannot be read. */
  error?: string;
  /** The query could not be run (the Search API refused it after its retries, or did not answer): not scored. */
  failed?: string;
}

/** One judged query: the page's first results, graded, against the best the index could give. */
export async function judge(api: SearchApi, query: JudgedQuery): Promise<JudgedOutcome> {
  const rules = rulesOf(query).map(({ grade, rule }) => ({ grade, rule, node: parseQuery(rule)! }));
  const fields = new Set<string>();
  for (const { node } of rules) fieldsOf(node, fields);
  const gradeOf = (raw: Raw) => rules.find(({ node }) => satisfies(node, raw))?.grade ?? 0;
  const base = { q: query.q, locale: query.locale, kind: query.kind };
  const answer = await api.search(pageRequest(query.q, query.locale, undefined, NDCG_DEPTH, fields));
  if (!answer.results) return { ...base, ndcg: 0, grades: [], ideal: [], top: [], error: answer.message ?? 'no results array' };
  const grades = answer.results.map((result) => gradeOf(result.raw ?? {}));
  // The best page: for each grade, best first, the results the page could show (one per series).
  const seen = new Set<string>();
  const ideal: number[] = [];
  for (const { grade, rule } of rules) {
    if (ideal.length >= NDCG_DEPTH) break;
    const found = await api.search(pageRequest('', query.locale, rule, NDCG_DEPTH + seen.size, fields));
    for (const result of found.results ?? []) {
      const key = String(result.raw?.[FOLDING_FIELDS.collection] ?? result.uniqueId);
      if (seen.has(key) || ideal.length >= NDCG_DEPTH) continue;
      seen.add(key);
      ideal.push(grade);
    }
  }
  const top = answer.results.map((result, i) => ({ title: result.title ?? result.uniqueId, grade: grades[i]! }));
  if (ideal.length === 0 || ideal[0] !== rules[0]!.grade) return { ...base, ndcg: 0, grades, ideal, top, error: `no result in the page's language meets its grade-${rules[0]!.grade} rule (${rules[0]!.rule}): the judgment no longer fits the catalogue` };
  return { ...base, ndcg: ndcg(grades, ideal), grades, ideal, top };
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0;
}

/** Mean nDCG@10 overall, per kind of query and per language, of the queries that ran. */
export function summarize(all: readonly JudgedOutcome[]) {
  const outcomes = all.filter((outcome) => !outcome.failed);
  const groupMean = (key: (outcome: JudgedOutcome) => string) => {
    const groups = new Map<string, number[]>();
    for (const outcome of outcomes) groups.set(key(outcome), [...(groups.get(key(outcome)) ?? []), outcome.ndcg]);
    return Object.fromEntries([...groups].map(([name, values]) => [name, round(mean(values))]));
  };
  const byKind = groupMean((o) => o.kind);
  // In the set's order of kinds, whatever order the file lists its queries in.
  const kinds = Object.fromEntries(JUDGED_KINDS.filter((kind) => kind in byKind).map((kind) => [kind, byKind[kind]!]));
  return { queries: all.length, failed: all.length - outcomes.length, ndcg: round(mean(outcomes.map((outcome) => outcome.ndcg))), byKind: kinds, byLanguage: groupMean((o) => o.locale.slice(0, 2)) };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
