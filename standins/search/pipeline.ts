import type { z } from 'zod';
import { LANGUAGE_VARIABLE, type PipelineRules, type pipelineCondition, type Trigger } from '@voltaris/protocol/coveo/pipeline-rules';
import type { Bitset } from './engine/bitset.ts';
import { normalize } from './engine/tokenize.ts';

export { loadPipeline, pipelineSchema, LANGUAGE_VARIABLE, type PipelineRules, type Trigger } from '@voltaris/protocol/coveo/pipeline-rules';

/** The query pipeline applied to a request: which triggers fire, synonyms, ranking boosts. */

function matches(when: z.infer<typeof pipelineCondition>, query: string): boolean {
  const q = normalize(query.trim());
  if (when.query !== undefined) return q === normalize(when.query);
  if (when.contains !== undefined) return ` ${q} `.includes(` ${normalize(when.contains)} `);
  return new RegExp(when.matches!, 'iu').test(query.trim());
}

export class QueryPipeline {
  private readonly synonyms = new Map<string, string[]>();
  private readonly stopWords: Set<string>;

  /** Replace rules: a word (or phrase) of the query and what is searched instead. */
  private readonly replacements = new Map<string, string>();

  constructor(readonly rules: PipelineRules) {
    this.stopWords = new Set((rules.stopWords ?? []).map((word) => normalize(word)));
    const add = (entry: string, others: string[]) => this.synonyms.set(entry, [...new Set([...(this.synonyms.get(entry) ?? []), ...others.filter((other) => other !== entry)])]);
    for (const rule of rules.thesaurus) {
      if (Array.isArray(rule)) {
        const normalized = rule.map((entry) => normalize(entry));
        for (const entry of normalized) add(entry, normalized);
      } else if ('expand' in rule) {
        const targets = rule.to.map((entry) => normalize(entry));
        for (const entry of rule.expand) add(normalize(entry), targets);
      } else {
        for (const entry of rule.replace) this.replacements.set(normalize(entry), normalize(rule.with));
      }
    }
  }

  /**
   * The query with the replace rules applied to its words and phrases, as Coveo rewrites the basic
   * expression before searching ("resetable fuse" searches "resettable fuse"). Longer phrases first.
   */
  rewrite(query: string): string {
    if (this.rewrites.length === 0 || !query.trim()) return query;
    return this.rewrites.reduce((text, [pattern, to]) => text.replace(pattern, to), query);
  }

  private get rewrites(): Array<[RegExp, string]> {
    this.compiled ??= [...this.replacements]
      .sort((a, b) => b[0].length - a[0].length)
      .map(([from, to]) => [new RegExp(`(?<![\\p{L}\\p{N}])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'giu'), to]);
    return this.compiled;
  }

  private compiled: Array<[RegExp, string]> | undefined;

  /** The query parameters the pipeline sets for a query: the rules without a condition, then those whose condition holds. */
  queryParametersFor(query: string): PipelineRules['queryParameters'] {
    let parameters = { ...this.rules.queryParameters };
    for (const rule of this.rules.queryParameterRules ?? []) if (this.applies(rule.when, query)) parameters = { ...parameters, ...rule.set };
    return parameters;
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
  boosts(evaluate: (expression: string) => Bitset, languageName: string): Array<{ set: Bitset; boost: number; when?: z.infer<typeof pipelineCondition> }> {
    return this.rules.rankingBoosts.map(({ expression, boost, when }) => ({ set: evaluate(expression.replaceAll(LANGUAGE_VARIABLE, languageName)), boost, ...(when ? { when } : {}) }));
  }

  /** Whether a rule's condition holds for a query (no condition: always). */
  applies(when: z.infer<typeof pipelineCondition> | undefined, query: string): boolean {
    return !when || (query.trim() !== '' && matches(when, query));
  }

  /** A stop word rule names the word (lower-cased, as typed). */
  isStopWord(word: string): boolean {
    return this.stopWords.has(normalize(word));
  }
}
