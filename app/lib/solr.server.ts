import type { SiteLanguage } from '~/cms/language.ts';

/** A Solr document's `language` for a page's language (the search index's codes: en, de, ja, zh). */
export const SOLR_LANGUAGE: Record<SiteLanguage, 'en' | 'de' | 'ja' | 'zh'> = { en: 'en', de: 'de', 'ja-jp': 'ja', zh: 'zh' };

/** A value as a quoted Lucene term, whatever it holds (values come from URLs and forms). */
export function solrQuoted(value: string): string {
  return `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** Free text as Lucene terms that must all match: syntax characters are escaped, not obeyed. */
export function solrTerms(text: string): string[] {
  return text
    .split(/\s+/)
    .map((word) => word.replace(/[+\-!(){}[\]^"~*?:\\/&|]/g, (char) => `\\${char}`))
    .filter((word) => word && !/^(AND|OR|NOT)$/.test(word));
}
