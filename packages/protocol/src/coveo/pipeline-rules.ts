import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { partialMatchParameters } from './schemas.ts';

/**
 * The rules of a query pipeline as Coveo's administration configures them: triggers (redirect,
 * notify, query rewrite, execute), a thesaurus and ranking boosts, read from
 * fixtures/search/pipeline.yaml and checked on load. The search stand-in applies them; sitectl
 * checks them.
 */

/**
 * In a ranking expression, the request's language as the index names it (`German` for a `de-DE`
 * locale), so one rule can lift the visitor's own language (REQ-LANG-5), as a Coveo QRE with a
 * locale condition would.
 */
export const LANGUAGE_VARIABLE = '$language';

export const pipelineCondition = z
  .object({ query: z.string().optional(), contains: z.string().optional(), matches: z.string().optional() })
  .refine((c) => [c.query, c.contains, c.matches].filter((v) => v !== undefined).length === 1, 'a condition is exactly one of query, contains or matches')
  .refine((c) => {
    if (c.matches === undefined) return true;
    try {
      new RegExp(c.matches);
      return true;
    } catch {
      return false;
    }
  }, 'matches must be a valid regular expression');

const trigger = z.discriminatedUnion('type', [
  z.object({ when: pipelineCondition, type: z.literal('redirect'), content: z.string().min(1) }),
  z.object({ when: pipelineCondition, type: z.literal('notify'), content: z.string().min(1) }),
  z.object({ when: pipelineCondition, type: z.literal('query'), content: z.string().min(1) }),
  z.object({
    when: pipelineCondition,
    type: z.literal('execute'),
    content: z.object({ name: z.string().min(1), params: z.array(z.union([z.string(), z.number(), z.boolean()])).default([]) }),
  }),
]);

const thesaurusWords = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).transform((words) => (typeof words === 'string' ? [words] : words));

/**
 * A thesaurus rule, as Coveo's query pipelines hold them: a list is a synonym group (a query for
 * any entry also finds the others); `expand` is a one-way synonym (a query for `expand` also finds
 * `to`, not the other way: "polyfuse" finds PTCs, "ptc" does not find every document that says
 * polyfuse); `replace` rewrites a word of the query before it is searched (a misspelling).
 */
export const thesaurusRule = z.union([
  z.array(z.string().min(1)).min(2, 'a synonym group needs at least two entries'),
  z.strictObject({ expand: thesaurusWords, to: thesaurusWords }),
  z.strictObject({ replace: thesaurusWords, with: z.string().min(1) }),
]);
export type ThesaurusRule = z.infer<typeof thesaurusRule>;

/** A query parameter rule with a condition: its values override the request's for the queries it matches. */
const conditionalParameters = z.strictObject({ when: pipelineCondition, set: partialMatchParameters.strict() });

export const pipelineSchema = z.object({
  triggers: z.array(trigger).default([]),
  thesaurus: z.array(thesaurusRule).default([]),
  /** Ranking expressions (QRE); one with `when` applies only to the queries its condition matches. */
  rankingBoosts: z.array(z.object({ expression: z.string().min(1), boost: z.number().min(-100).max(100), when: pipelineCondition.optional() })).default([]),
  /** Stop word rules: words dropped from a plain query's words, unless nothing else would be left. */
  stopWords: z.array(z.string().min(1)).default([]),
  /** Query parameter rules: values that override the request's (Coveo applies them on the server). */
  queryParameters: partialMatchParameters.strict().default({}),
  /** Query parameter rules with a condition, applied after `queryParameters` in order (the last that matches wins). */
  queryParameterRules: z.array(conditionalParameters).default([]),
});
export type PipelineRules = z.infer<typeof pipelineSchema>;
export type Trigger = { type: 'redirect' | 'notify' | 'query'; content: string } | { type: 'execute'; content: { name: string; params: Array<string | number | boolean> } };

export function loadPipeline(path: string): PipelineRules {
  const parsed = pipelineSchema.safeParse(parseYaml(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

const entryKey = (text: string) => text.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');

/**
 * What is wrong with a thesaurus (sitectl check-config): a rule pointing nowhere (an empty entry, a
 * rewrite to itself, a rule leading to a word another rule replaces, so it never reaches the
 * index), a cycle of one-way rules or rewrites, or a word two rules claim (the later one would
 * silently win). Each problem names the rules by their position, from 1.
 */
export function thesaurusProblems(rules: readonly ThesaurusRule[]): string[] {
  const problems: string[] = [];
  const describe = (index: number) => {
    const rule = rules[index]!;
    if (Array.isArray(rule)) return `rule ${index + 1} [${rule.join(', ')}]`;
    if ('expand' in rule) return `rule ${index + 1} (expand ${rule.expand.join(', ')} to ${rule.to.join(', ')})`;
    return `rule ${index + 1} (replace ${rule.replace.join(', ')} with ${rule.with})`;
  };
  const replaced = new Map<string, number>();
  const claimed = new Map<string, number>();
  const edges = new Map<string, Array<{ to: string; rule: number }>>();
  const claim = (word: string, index: number) => {
    const earlier = claimed.get(word);
    if (earlier !== undefined && earlier !== index) problems.push(`"${word}" is in ${describe(earlier)} and ${describe(index)}: one word, one rule`);
    else claimed.set(word, index);
  };
  rules.forEach((rule, index) => {
    const entries = Array.isArray(rule) ? rule : 'expand' in rule ? [...rule.expand, ...rule.to] : [...rule.replace, rule.with];
    if (entries.some((entry) => entryKey(entry) === '')) problems.push(`${describe(index)} has an empty entry: it points nowhere`);
    if (Array.isArray(rule)) {
      const keys = rule.map(entryKey);
      if (new Set(keys).size < keys.length) problems.push(`${describe(index)} lists a word twice`);
      for (const key of new Set(keys)) claim(key, index);
      return;
    }
    const sources = ('expand' in rule ? rule.expand : rule.replace).map(entryKey);
    const targets = ('expand' in rule ? rule.to : [rule.with]).map(entryKey);
    for (const source of sources) {
      claim(source, index);
      if (targets.includes(source)) problems.push(`${describe(index)} leads "${source}" to itself: it points nowhere`);
      if ('replace' in rule) replaced.set(source, index);
      const out = edges.get(source) ?? [];
      for (const target of targets) if (target !== source) out.push({ to: target, rule: index });
      edges.set(source, out);
    }
  });
  // A target another rule replaces never reaches the index: the rule points nowhere.
  for (const [source, out] of edges) {
    for (const { to, rule } of out) {
      const replacer = replaced.get(to);
      if (replacer !== undefined && replacer !== rule) problems.push(`${describe(rule)} leads "${source}" to "${to}", which ${describe(replacer)} replaces: it points nowhere`);
    }
  }
  // Cycles among one-way rules and rewrites (depth-first, each cycle reported once).
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (word: string) => {
    state.set(word, 'open');
    path.push(word);
    for (const { to } of edges.get(word) ?? []) {
      if (state.get(to) === 'open') problems.push(`a cycle: ${[...path.slice(path.indexOf(to)), to].map((w) => `"${w}"`).join(' → ')}`);
      else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(word, 'done');
  };
  for (const word of edges.keys()) if (!state.has(word)) visit(word);
  return problems;
}
