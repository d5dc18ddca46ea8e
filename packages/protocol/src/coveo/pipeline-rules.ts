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

export const pipelineSchema = z.object({
  triggers: z.array(trigger).default([]),
  thesaurus: z.array(z.array(z.string().min(1)).min(2, 'a synonym group needs at least two entries')).default([]),
  /** Ranking expressions (QRE); one with `when` applies only to the queries its condition matches. */
  rankingBoosts: z.array(z.object({ expression: z.string().min(1), boost: z.number().min(-100).max(100), when: pipelineCondition.optional() })).default([]),
  /** Stop word rules: words dropped from a plain query's words, unless nothing else would be left. */
  stopWords: z.array(z.string().min(1)).default([]),
  /** Query parameter rules: values that override the request's (Coveo applies them on the server). */
  queryParameters: partialMatchParameters.strict().default({}),
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
