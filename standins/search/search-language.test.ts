import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './catalogue/generate.ts';
import { SearchIndex } from './engine/index.ts';
import { SearchEngine } from './engine/search.ts';
import { loadPipeline, QueryPipeline } from './pipeline.ts';
import { searchRequestSchema } from '@voltaris/protocol/coveo/schemas';
import { clickUriOf, toResult } from './protocol/results.ts';

/** Issue 17 item 2 (REQ-LANG-5): the request's language ranks first, and results open in it. */
describe('language-aware ranking in the search stand-in', () => {
  const catalogue = generateCatalogue({ products: 3000 });
  const index = new SearchIndex(catalogue.documents);
  const engine = new SearchEngine(index, new QueryPipeline(loadPipeline(new URL('../../fixtures/search/pipeline.yaml', import.meta.url).pathname)));
  const top = (q: string, locale: string, count = 20) =>
    engine.search(searchRequestSchema.parse({ q, locale, numberOfResults: count })).hits.map((hit) => index.docs[hit.doc]!);
  /** The language a document is written in; undefined: it exists in every language. */
  const languages = (docs: ReturnType<typeof top>) => docs.map((doc) => doc.language ?? 'all');

  it('a German search lists German documents and pages first', () => {
    const docs = top('varistor', 'de-DE');
    expect(languages(docs).every((language) => language === 'de' || language === 'all')).toBe(true);
    // A product word lists the parts first (decision 0081); the first of the rest is German.
    const rest = engine.search(searchRequestSchema.parse({ q: 'varistor', aq: 'NOT @objecttype==Product', locale: 'de-DE', numberOfResults: 20 })).hits.map((hit) => index.docs[hit.doc]!);
    expect(languages(rest).every((language) => language === 'de' || language === 'all')).toBe(true);
    expect(rest[0]!.language).toBe('de');
    // Where documents of several languages match equally (a series' datasheets), German ones lead.
    const datasheet = index.docs.find((doc) => doc.language === 'de' && doc.fields.resourcetype === 'Datasheet')!;
    const documents = engine
      .search(searchRequestSchema.parse({ q: String(datasheet.fields.series), aq: '@objecttype==Document', locale: 'de-DE', numberOfResults: 50 }))
      .hits.map((hit) => index.docs[hit.doc]!);
    const firstOther = documents.findIndex((doc) => doc.language !== 'de');
    expect(firstOther).toBeGreaterThan(0);
    expect(documents.findLastIndex((doc) => doc.language === 'de')).toBeLessThan(firstOther);
  });

  it('an English search does not put a German FAQ first, nor any German-only document in its first results', () => {
    const docs = top('varistor', 'en-US');
    expect(docs[0]!.objecttype === 'FAQ' && docs[0]!.language === 'de').toBe(false);
    expect(languages(docs).every((language) => language === 'en' || language === 'all')).toBe(true);
  });

  it('a Japanese search ranks Japanese documents above those in other languages', () => {
    // A series whose datasheet exists in Japanese too: its documents are in several languages.
    const datasheet = index.docs.find((doc) => doc.language === 'ja' && doc.fields.resourcetype === 'Datasheet')!;
    const series = String(datasheet.fields.series);
    const docs = engine
      .search(searchRequestSchema.parse({ q: series, aq: '@objecttype==Document', locale: 'ja-JP', numberOfResults: 50 }))
      .hits.map((hit) => index.docs[hit.doc]!);
    expect(new Set(languages(docs)).size).toBeGreaterThan(1);
    const firstOther = docs.findIndex((doc) => doc.language !== 'ja');
    const lastJapanese = docs.findLastIndex((doc) => doc.language === 'ja');
    expect(firstOther).toBeGreaterThan(0);
    expect(lastJapanese).toBeLessThan(firstOther);
  });

  it('the language rule ranks the matches, it does not filter them', () => {
    const all = engine.search(searchRequestSchema.parse({ q: 'varistor', locale: 'de-DE', numberOfResults: 0 })).totalCount;
    const english = engine.search(searchRequestSchema.parse({ q: 'varistor', locale: 'en-US', numberOfResults: 0 })).totalCount;
    expect(all).toBe(english);
  });
});

describe('result addresses per language version', () => {
  const docs = generateCatalogue({ products: 300 }).documents;
  const faq = (language: string) => docs.find((doc) => doc.objecttype === 'FAQ' && doc.language === language)!;
  const product = docs.find((doc) => doc.objecttype === 'Product')!;
  const pdf = docs.find((doc) => doc.objecttype === 'Document' && doc.language === 'de')!;

  it('a page written in German opens under /de, whatever the request language', () => {
    expect(clickUriOf(faq('de'), 'en')).toMatch(/^\/de\/support\/faq\/[a-z0-9-]+$/);
    expect(clickUriOf(faq('de'), 'de')).toMatch(/^\/de\//);
    expect(clickUriOf(faq('ja'), 'de')).toMatch(/^\/ja-jp\//);
  });

  it('an English page stays unprefixed, even for a German request', () => {
    expect(clickUriOf(faq('en'), 'de')).toMatch(/^\/support\/faq\/[a-z0-9-]+$/);
  });

  it('a page in every language opens in the request language; Chinese has no prefix (its host picks it)', () => {
    expect(clickUriOf(product, 'de')).toBe(`/de${product.fields.clickableuri}`);
    expect(clickUriOf(product, 'ja')).toBe(`/ja-jp${product.fields.clickableuri}`);
    expect(clickUriOf(product, 'zh')).toBe(product.fields.clickableuri);
    expect(clickUriOf(product, 'en')).toBe(product.fields.clickableuri);
  });

  it('a file has one address in every language', () => {
    expect(clickUriOf(pdf, 'de')).toBe(pdf.fields.clickableuri);
    expect(String(pdf.fields.clickableuri)).toMatch(/^\/media\/.*\.pdf$/);
  });

  it('the result object carries it as clickUri, its identity (uri) unchanged', () => {
    const result = toResult(0, faq('de'), 1, { language: 'en', matchedTerms: new Set(), excerptLength: 200, maxScore: 1 });
    expect(result.clickUri).toMatch(/^\/de\//);
    expect(result.uri).toBe(`https://www.voltaris.example${faq('de').path}`);
  });
});
