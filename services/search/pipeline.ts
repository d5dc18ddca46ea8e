import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { Bitset } from './engine/bitset.ts';
import { normalize } from './engine/tokenize.ts';

/**
 * The query pipeline: triggers (redirect, notify, query rewrite, execute), a thesaurus and
 * ranking boosts, read from fixtures/search/pipeline.yaml and checked on load.
 */

/**
 * In a ranking expression, the request's language as the index names it (`German` for a `de-DE`
 * locale), so one rule can lift the visitor's own language (REQ-LANG-5), as a Coveo QRE with a
 * locale condition would.
 */
export const LANGUAGE_VARIABLE = '$language';

const condition = z
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
  z.object({ when: condition, type: z.literal('redirect'), content: z.string().min(1) }),
  z.object({ when: condition, type: z.literal('notify'), content: z.string().min(1) }),
  z.object({ when: condition, type: z.literal('query'), content: z.string().min(1) }),
  z.object({
    when: condition,
    type: z.literal('execute'),
    content: z.object({ name: z.string().min(1), params: z.array(z.union([z.string(), z.number(), z.boolean()])).default([]) }),
  }),
]);

export const pipelineSchema = z.object({
  triggers: z.array(trigger).default([]),
  thesaurus: z.array(z.array(z.string().min(1)).min(2, 'a synonym group needs at least two entries')).default([]),
  rankingBoosts: z.array(z.object({ expression: z.string().min(1), boost: z.number().min(-100).max(100) })).default([]),
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

function matches(when: z.infer<typeof condition>, query: string): boolean {
  const q = normalize(query.trim());
  if (when.query !== undefined) return q === normalize(when.query);
  if (when.contains !== undefined) return ` ${q} `.includes(` ${normalize(when.contains)} `);
  return new RegExp(when.matches!, 'iu').test(query.trim());
}

export class QueryPipeline {
  private readonly synonyms = new Map<string, string[]>();

  constructor(readonly rules: PipelineRules) {
    for (const group of rules.thesaurus) {
      const normalized = group.map((entry) => normalize(entry));
      for (const entry of normalized) this.synonyms.set(entry, normalized.filter((other) => other !== entry));
    }
  }

  triggersFor(query: string): Trigger[] {
    if (!query.trim()) return [];
    return this.rules.triggers.filter((rule) => matches(rule.when, query)).map(({ type, content }) => ({ type, content }) as Trigger);
  }

  /** Other ways to say a word or the whole query (thesaurus), lower-cased. */
  synonymsOf(text: string): string[] {
    return this.synonyms.get(normalize(text.trim())) ?? [];
  }

  /**
   * The extra score each ranking expression's set gives, for a request in `languageName`
   * (`$language` in an expression stands for it).
   */
  boosts(evaluate: (expression: string) => Bitset, languageName: string): Array<{ set: Bitset; boost: number }> {
    return this.rules.rankingBoosts.map(({ expression, boost }) => ({ set: evaluate(expression.replaceAll(LANGUAGE_VARIABLE, languageName)), boost }));
  }
}
