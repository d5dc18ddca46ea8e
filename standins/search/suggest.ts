import type { CatalogueDocument } from './catalogue/generate.ts';
import { CONTENT_LANGUAGES, PRODUCT_TYPES, type ContentLanguage } from '@voltaris/catalogue/taxonomy';
import { lowerBoundString } from './engine/index.ts';
import { normalize } from './engine/tokenize.ts';

/**
 * Query suggestions: popular queries (a query log in fixtures/search), product-type and category
 * names in the four languages, series codes, and part numbers by prefix.
 */

interface Suggestion {
  expression: string;
  normalized: string;
  score: number;
  language?: ContentLanguage;
}

interface Completion {
  expression: string;
  score: number;
  highlighted: string;
  executableConfidence: number;
}

/** What suggestions take from the catalogue: products per series, and every part number (sorted). */
export interface CatalogueTerms {
  seriesCounts: Array<[string, number]>;
  partNumbers: string[];
}

export function catalogueTermsOf(docs: readonly CatalogueDocument[]): CatalogueTerms {
  const seriesCount = new Map<string, number>();
  for (const doc of docs) {
    if (doc.objecttype !== 'Product') continue;
    const series = String(doc.fields.series);
    seriesCount.set(series, (seriesCount.get(series) ?? 0) + 1);
  }
  const partNumbers = docs
    .filter((doc) => doc.partNumber)
    .map((doc) => doc.partNumber!)
    .sort();
  return { seriesCounts: [...seriesCount], partNumbers };
}

export class Suggester {
  private readonly suggestions: Suggestion[] = [];
  private readonly partNumbers: string[];

  /** From the documents, or from their terms as an index snapshot kept them. */
  constructor(catalogue: readonly CatalogueDocument[] | CatalogueTerms, queryLog: ReadonlyArray<{ query: string; count: number; language?: ContentLanguage }> = []) {
    const terms = Array.isArray(catalogue) ? catalogueTermsOf(catalogue) : (catalogue as CatalogueTerms);
    const seen = new Set<string>();
    const add = (expression: string, score: number, language?: ContentLanguage) => {
      const normalized = normalize(expression);
      const key = `${language ?? '*'}:${normalized}`;
      if (seen.has(key)) return;
      seen.add(key);
      this.suggestions.push({ expression, normalized, score, language });
    };
    for (const entry of queryLog) add(entry.query, 1000 + entry.count, entry.language);
    for (const type of PRODUCT_TYPES) {
      for (const language of CONTENT_LANGUAGES) {
        add(type.l2[language], 500, language);
        add(type.noun[language], 400, language);
        for (const l3 of type.l3) add(l3[language], 300, language);
      }
    }
    for (const [series, count] of terms.seriesCounts) add(series, 100 + count);
    this.suggestions.sort((a, b) => b.score - a.score);
    this.partNumbers = terms.partNumbers;
  }

  suggest(q: string, count: number, language: ContentLanguage): Completion[] {
    const typed = normalize(q.trim());
    if (!typed) return [];
    const out: Completion[] = [];
    const taken = new Set<string>();
    const push = (expression: string, score: number) => {
      const key = normalize(expression);
      if (taken.has(key) || out.length >= count) return;
      taken.add(key);
      const prefixLength = key.startsWith(typed) ? q.trim().length : 0;
      out.push({
        expression,
        score,
        // As the Search API marks it: the typed part in [...], the completion in {...}.
        highlighted: prefixLength > 0 ? `[${expression.slice(0, prefixLength)}]{${expression.slice(prefixLength)}}` : `{${expression}}`,
        executableConfidence: key === typed ? 1 : 0.8,
      });
    };
    for (const suggestion of this.suggestions) {
      if (out.length >= count) break;
      if (suggestion.language && suggestion.language !== language) continue;
      if (suggestion.normalized.startsWith(typed) || suggestion.normalized.includes(` ${typed}`)) push(suggestion.expression, suggestion.score);
    }
    // Part numbers: an engineer types the start of one.
    if (out.length < count && (/\d/.test(typed) || out.length === 0)) {
      const upper = q.trim().toUpperCase();
      for (let i = lowerBoundString(this.partNumbers, upper); i < this.partNumbers.length && out.length < count; i += 1) {
        const part = this.partNumbers[i]!;
        if (!part.startsWith(upper)) break;
        push(part, 50);
      }
    }
    return out;
  }
}
