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

  constructor(readonly rules: PipelineRules) {
    this.stopWords = new Set((rules.stopWords ?? []).map((word) => normalize(word)));
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
