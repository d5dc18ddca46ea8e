import type { CatalogueDocument } from './catalogue/generate.ts';
import type { ContentLanguage } from '@voltaris/catalogue/taxonomy';

/**
 * The HTML version of a catalogue document (the Search API's /html, REQ-COVEO-11): the document
 * as its reader sees it, its title and its text, never the index's fields. Index fields (type,
 * size, dates) are the client's to show from the result, as Coveo's quickview does.
 */

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const localized = (value: unknown, language: ContentLanguage): string | undefined => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) return (value as Record<string, string>)[language];
  return undefined;
};

/** The paragraphs a reader finds in the document, in the document's own language. */
function paragraphs(doc: CatalogueDocument, language: ContentLanguage): string[] {
  const fields = doc.fields;
  const out: string[] = [];
  if (doc.objecttype === 'FAQ') {
    out.push(String(fields.answer_custom ?? doc.body[language]));
    return out;
  }
  out.push(doc.body[language]);
  for (const field of ['shortdescription', 'seriesshortdescription']) {
    const text = localized(fields[field], language);
    if (text && !out.includes(text)) out.push(text);
  }
  return out.filter(Boolean);
}

export function documentHtml(doc: CatalogueDocument, requested: ContentLanguage, query = ''): string {
  // A document written in one language reads in that language, whatever the page's.
  const language = doc.language ?? requested;
  const title = doc.objecttype === 'FAQ' ? String(doc.fields.question_custom ?? doc.title[language]) : doc.title[language];
  const words = query
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}.-]/gu, ''))
    .filter((word) => word.length > 1);
  // Coveo marks the query's words in the preview; a plain <mark> does here.
  const marked = (text: string) => {
    const safe = escape(text);
    if (words.length === 0) return safe;
    const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
    return safe.replace(pattern, '<mark>$1</mark>');
  };
  const body = paragraphs(doc, language)
    .map((text) => `<p>${marked(text)}</p>`)
    .join('');
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body><article><h1>${marked(title)}</h1>${body}</article></body></html>`;
}
