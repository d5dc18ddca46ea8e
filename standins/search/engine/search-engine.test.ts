import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../catalogue/generate.ts';
import { Bitset } from './bitset.ts';
import { SearchIndex } from './index.ts';
import { parseQuery, plainQuery, QuerySyntaxError } from '@voltaris/protocol/coveo/query-syntax';
import { SearchEngine } from './search.ts';
import { stem, terms } from './tokenize.ts';
import { editDistance } from './typo.ts';
import { searchRequestSchema } from '@voltaris/protocol/coveo/schemas';

describe('tokenize', () => {
  it('lower-cases, stems Latin words and leaves part numbers alone', () => {
    expect(terms('Fuses and TVS-Diodes')).toEqual(['fuse', 'and', 'tvs', 'diod']);
    expect(terms('SMBJ15CA')).toEqual(['smbj15ca']);
    expect(stem('sicherungen')).toBe(stem('sicherung'));
  });

  it('splits Japanese and Chinese runs into bigrams', () => {
    expect(terms('車載用ヒューズ')).toEqual(['車載', '載用', '用ヒ', 'ヒュ', 'ュー', 'ーズ']);
    expect(terms('TVS二极管')).toEqual(['tvs', '二极', '极管']);
  });
});

describe('query syntax', () => {
  it('parses field expressions, lists, ranges, phrases, NOT and OR', () => {
    expect(parseQuery('@series==SMBJ')).toEqual({ kind: 'field', field: 'series', operator: '==', values: ['SMBJ'] });
    expect(parseQuery('@market=(Automotive, "Home Appliances")')).toEqual({ kind: 'field', field: 'market', operator: '=', values: ['Automotive', 'Home Appliances'] });
    expect(parseQuery('@ratedcurrent==1..2')).toEqual({ kind: 'range', field: 'ratedcurrent', start: '1', end: '2' });
    expect(parseQuery('"reed switch" -relay')).toEqual({
      kind: 'and',
      children: [{ kind: 'phrase', words: ['reed', 'switch'] }, { kind: 'not', child: { kind: 'term', word: 'relay', wildcard: false } }],
    });
    expect(parseQuery('fuse OR diode')).toMatchObject({ kind: 'or' });
    expect(parseQuery('fus*')).toEqual({ kind: 'term', word: 'fus', wildcard: true });
    expect(parseQuery('@issecured')).toEqual({ kind: 'exists', field: 'issecured' });
    expect(parseQuery('   ')).toBeNull();
  });

  it('names the problem and its position', () => {
    expect(() => parseQuery('@series==(')).toThrow(QuerySyntaxError);
    expect(() => parseQuery('(fuse')).toThrow(/never closed/);
    expect(() => parseQuery('fuse)')).toThrow(/without a matching/);
    expect(() => parseQuery('@==x')).toThrow(/field name is expected/);
    expect(() => parseQuery('"open')).toThrow(/quoted phrase is never closed/);
  });

  it('reads a <@- -@> block as plain words (headless wraps queries in it)', () => {
    expect(parseQuery('( <@- SMBJ (15) -@> ) OR @uri')).toEqual({
      kind: 'or',
      children: [
        { kind: 'and', children: [{ kind: 'term', word: 'SMBJ', wildcard: false }, { kind: 'term', word: '15', wildcard: false }] },
        { kind: 'exists', field: 'uri' },
      ],
    });
    expect(() => parseQuery('<@- open')).toThrow(/never closed/);
  });

  it('reads plain queries as words only', () => {
    expect(plainQuery('@series==(')).toEqual({ kind: 'term', word: '@series==', wildcard: false });
    expect(plainQuery('  ')).toBeNull();
  });
});

describe('typo distance', () => {
  it('counts swaps as one edit', () => {
    expect(editDistance('varistor', 'varsitor', 2)).toBe(1);
    expect(editDistance('fuse', 'fusse', 1)).toBe(1);
    expect(editDistance('relay', 'diode', 1)).toBe(2);
  });
});

describe('Bitset', () => {
  it('combines and counts', () => {
    const a = Bitset.fromIds(70, [1, 5, 64, 69]);
    const b = Bitset.fromIds(70, [5, 64]);
    expect(a.clone().and(b).toArray()).toEqual(Int32Array.from([5, 64]));
    expect(a.clone().andNot(b).toArray()).toEqual(Int32Array.from([1, 69]));
    expect(Bitset.full(70).count()).toBe(70);
    expect(b.clone().not().count()).toBe(68);
  });
});

describe('catalogue', () => {
  it('is the same for the same seed and respects REQ-VALID-9 part numbers', () => {
    const a = generateCatalogue({ products: 500 });
    const b = generateCatalogue({ products: 500 });
    expect(a.products).toBe(500);
    expect(JSON.stringify(a.documents)).toBe(JSON.stringify(b.documents));
    for (const doc of a.documents.filter((d) => d.partNumber)) expect(doc.partNumber).toMatch(/^(?=.*\d)[A-Za-z0-9 .-]{4,10}$/);
  });
});

describe('SearchEngine', () => {
  const index = new SearchIndex(generateCatalogue({ products: 3000 }).documents);
  const engine = new SearchEngine(index);
  const search = (body: object) => engine.search(searchRequestSchema.parse(body));

  it('ranks an exact part number first', () => {
    const part = index.docs.find((doc) => doc.partNumber)!.partNumber!;
    const result = search({ q: part.toLowerCase() });
    expect(index.docs[result.hits[0]!.doc]!.partNumber).toBe(part);
  });

  it('puts the shorter title first among results of equal relevance, in the request\'s language', () => {
    // Every application note on smart meters and the application page itself match both words in their titles.
    for (const [q, locale] of [['smart meters', 'en'], ['Smart Meter', 'de-DE']] as const) {
      const result = search({ q, locale, numberOfResults: 100, aq: '@objecttype==(Application, Document)' });
      expect(result.hits.length, q).toBeGreaterThan(2);
      const language = locale === 'en' ? 'en' : 'de';
      for (let i = 1; i < result.hits.length; i += 1) {
        const [before, after] = [result.hits[i - 1]!, result.hits[i]!];
        if (before.score !== after.score) continue;
        expect(index.docs[before.doc]!.title[language].length, q).toBeLessThanOrEqual(index.docs[after.doc]!.title[language].length);
      }
    }
    // Without words nothing is scored: a browsed tab keeps index order.
    const browsed = search({ numberOfResults: 50, aq: '@objecttype==Contact' }).hits.map((hit) => hit.doc);
    expect(browsed.length).toBeGreaterThan(2);
    expect(browsed).toEqual([...browsed].sort((a, b) => a - b));
  });

  it('finds a datasheet by its product family and by a part it lists, not only by the words of its title', () => {
    // The NTC series' sheet is titled "... Temperature Sensors Datasheet"; its parts are NTC thermistors.
    const sheets = (q: string, locale = 'en') => search({ q, locale, numberOfResults: 20, aq: '@resourcetype==Datasheet' }).hits.map((hit) => index.docs[hit.doc]!);
    const thermistorSheets = sheets('thermistor datasheet');
    expect(thermistorSheets.length).toBeGreaterThan(0);
    expect(thermistorSheets.every((doc) => doc.fields.leveltwocategory === 'Temperature Sensors')).toBe(true);
    expect(sheets('Thermistor Datenblatt', 'de-DE').some((doc) => doc.language === 'de')).toBe(true);
    const listed = index.docs.find((doc) => doc.fields.resourcetype === 'Datasheet' && Array.isArray(doc.fields.relatedparts) && doc.fields.relatedparts.length > 1)!;
    const part = (listed.fields.relatedparts as string[])[1]!;
    const found = search({ q: part, numberOfResults: 20 }).hits.map((hit) => index.docs[hit.doc]!);
    expect(found[0]!.partNumber).toBe(part);
    expect(found).toContain(listed);
  });

  it('reads a number written together with its unit as the number and the unit, and leaves part numbers whole', () => {
    // Ratings are written "250 V"; a visitor types "250v".
    const glued = search({ q: 'fuse 250v', numberOfResults: 20, enableDidYouMean: true });
    expect(glued.totalCount).toBeGreaterThan(0);
    expect(glued.totalCount).toBe(search({ q: 'fuse "250 V"', enableQuerySyntax: true, numberOfResults: 0 }).totalCount);
    for (const hit of glued.hits) expect(`${index.docs[hit.doc]!.title.en} ${index.docs[hit.doc]!.body.en}`).toMatch(/\b250 V\b/);
    expect(glued.correction).toBeUndefined();
    expect(glued.suggestedCorrection).toBeUndefined();
    const decimal = search({ q: 'fuse 2.5a', numberOfResults: 5 });
    expect(decimal.totalCount).toBe(search({ q: 'fuse "2.5 A"', enableQuerySyntax: true, numberOfResults: 0 }).totalCount);
    expect(decimal.totalCount).toBeGreaterThan(0);
    // A part number that ends in letters after digits (5910MS) is still found as itself, first.
    const part = index.docs.find((doc) => doc.partNumber && /^\d+(MS|MA|A)$/.test(doc.partNumber))?.partNumber;
    if (part) expect(index.docs[search({ q: part }).hits[0]!.doc]!.partNumber).toBe(part);
  });

  it('finds parts by their package, as a family word and a case size typed together (fuse 1206)', () => {
    const sized = index.docs.find((doc) => doc.objecttype === 'Product' && /^\d{4}$/.test(String(doc.fields.package)) && /fuse/i.test(String(doc.fields.leveltwocategory)))!;
    const size = String(sized.fields.package);
    const result = search({ q: `fuse ${size}`, numberOfResults: 50 });
    expect(result.totalCount).toBeGreaterThan(0);
    for (const hit of result.hits) expect(index.docs[hit.doc]!.fields.package, size).toBe(size);
  });

  it('counts facets exactly over the whole match set', () => {
    const result = search({ q: 'fuse', numberOfResults: 0, facets: [{ type: 'specific', facetId: 'm', field: 'objecttype', numberOfValues: 20 }] });
    const facet = result.facets[0]!;
    const sum = (facet.values as Array<{ numberOfResults: number }>).reduce((s, v) => s + v.numberOfResults, 0);
    expect(sum).toBe(result.totalCount);
  });

  it('finds German compounds by their parts', () => {
    expect(index.compoundsOf('schutz')).toContain('überspannungsschutz');
    const result = search({ q: 'Schutz', locale: 'de-DE', numberOfResults: 50 });
    expect(result.totalCount).toBeGreaterThan(0);
    expect(result.hits.some((hit) => index.docs[hit.doc]!.title.de.includes('Überspannungsschutz'))).toBe(true);
  });

  it('caps paging at 5000 reachable results (REQ-SEARCH-4)', () => {
    const result = search({ firstResult: 4995, numberOfResults: 100 });
    expect(result.hits).toHaveLength(5);
    expect(search({ firstResult: 6000, numberOfResults: 10 }).hits).toHaveLength(0);
  });

  it('applies a numeric range expression and sorts by it', () => {
    const result = search({ aq: '@ratedcurrent>=1 @ratedcurrent<10', sortCriteria: '@ratedcurrent ascending', numberOfResults: 50 });
    const values = result.hits.map((hit) => index.docs[hit.doc]!.fields.ratedcurrent as number);
    expect(values.every((v) => v >= 1 && v < 10)).toBe(true);
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });
});

describe('query pipeline', () => {
  it('loads the fixture rules and matches triggers by query, word and pattern', async () => {
    const { loadPipeline, QueryPipeline } = await import('../pipeline.ts');
    const pipeline = new QueryPipeline(loadPipeline('fixtures/search/pipeline.yaml'));
    expect(pipeline.triggersFor('Contact')).toEqual([{ type: 'redirect', content: '/company/contact' }]);
    expect(pipeline.triggersFor('are these discontinued')[0]).toMatchObject({ type: 'notify' });
    expect(pipeline.triggersFor('Muster')).toEqual([{ type: 'execute', content: { name: 'openSampleRequest', params: [] } }]);
    expect(pipeline.triggersFor('contact us')).toEqual([]);
    expect(pipeline.synonymsOf('MOV')).toEqual(['varistor', 'metal oxide varistor']);
  });

  it('a question of four words or more matches what holds half of them (partial match), best matches first', async () => {
    const { loadPipeline, QueryPipeline } = await import('../pipeline.ts');
    const rules = loadPipeline('fixtures/search/pipeline.yaml');
    expect(rules.queryParameters).toMatchObject({ partialMatch: true, partialMatchKeywords: 4, partialMatchThreshold: '50%' });
    const index = new SearchIndex(generateCatalogue({ products: 3000 }).documents);
    const engine = new SearchEngine(index, new QueryPipeline(rules));
    const search = (body: object) => engine.search(searchRequestSchema.parse(body));
    // "choose" is in no document: every word required, nothing matched.
    const question = search({ q: 'how to choose a varistor', numberOfResults: 10 });
    expect(question.totalCount).toBeGreaterThan(0);
    const top = index.docs[question.hits[0]!.doc]!;
    expect(top.objecttype).toBe('FAQ');
    expect(top.title.en).toMatch(/^How .*varistor/i);
    // Three words stay all-required (one in no document: nothing); and a request may turn partial matching off or ask for more words.
    expect(search({ q: 'varistor zebra crossing', numberOfResults: 0 }).totalCount).toBe(0);
    const plain = new SearchEngine(index);
    expect(plain.search(searchRequestSchema.parse({ q: 'how to choose a varistor', numberOfResults: 0 })).totalCount).toBe(0);
    expect(plain.search(searchRequestSchema.parse({ q: 'how to choose a varistor', partialMatch: true, numberOfResults: 0 })).totalCount).toBeGreaterThan(0);
    expect(plain.search(searchRequestSchema.parse({ q: 'how to choose a varistor', partialMatch: true, partialMatchThreshold: '5', numberOfResults: 0 })).totalCount).toBe(0);
    expect(searchRequestSchema.safeParse({ q: 'x', partialMatchThreshold: 'half' }).success).toBe(false);
  });

  it('a product family word lists the parts first, ahead of the documents whose titles name it', async () => {
    const { loadPipeline, QueryPipeline } = await import('../pipeline.ts');
    const index = new SearchIndex(generateCatalogue({ products: 3000 }).documents);
    const engine = new SearchEngine(index, new QueryPipeline(loadPipeline('fixtures/search/pipeline.yaml')));
    const top = (q: string, locale = 'en') => index.docs[engine.search(searchRequestSchema.parse({ q, locale, numberOfResults: 1 })).hits[0]!.doc]!;
    for (const q of ['mosfet', 'igbt', 'reed sensor', 'varistor', 'automotive fuse']) expect(top(q).objecttype, q).toBe('Product');
    expect(top('Sicherung', 'de-DE').objecttype).toBe('Product');
    // Words only documents hold still find documents.
    expect(top('thermistor datasheet').fields.resourcetype).toBe('Datasheet');
    expect(top('smart meters').title.en).toMatch(/^Smart meters/i);
  });

  describe('as a tuned pipeline ranks (issue 31, decision 0081)', async () => {
    const { loadPipeline, QueryPipeline } = await import('../pipeline.ts');
    const index = new SearchIndex(generateCatalogue({ products: 3000 }).documents);
    const engine = new SearchEngine(index, new QueryPipeline(loadPipeline('fixtures/search/pipeline.yaml')));
    /** The first results as the search page asks: the page's language, a series folded into one result. */
    const page = (q: string, locale = 'en-US', count = 12) => {
      const language = { 'en-US': 'English', 'de-DE': 'German' }[locale] ?? 'English';
      const result = engine.search(searchRequestSchema.parse({ q, locale, aq: `@language==${language}`, numberOfResults: count, filterField: 'foldingcollection', filterFieldRange: 2 }));
      return { docs: result.hits.map((hit) => index.docs[hit.doc]!), answers: result.answers.map((hit) => index.docs[hit.doc]!.title.en) };
    };

    it('"fuse" and "tvs diode" list parts of the family first, not datasheets or FAQs', () => {
      // Page 1 of "fuse" was twelve datasheets; "tvs diode" FAQs, then datasheets.
      expect(page('fuse').docs.slice(0, 5).map((doc) => `${doc.objecttype} ${doc.fields.leveltwocategory}`)).toEqual(Array(5).fill('Product Fuses'));
      expect(page('tvs diode').docs.slice(0, 5).map((doc) => `${doc.objecttype} ${doc.fields.leveltwocategory}`)).toEqual(Array(5).fill('Product TVS Diodes'));
      expect(page('Sicherung', 'de-DE').docs[0]!.fields.leveltwocategory).toBe('Fuses');
    });

    it('a word counts more in a short field, and once however many synonyms index as it', () => {
      // "PTC Resettable Fuses" holds "fuse" too, in a longer name: the fuses come first.
      const families = page('fuse', 'en-US', 24).docs.filter((doc) => doc.objecttype === 'Product').map((doc) => doc.fields.leveltwocategory);
      expect(families.slice(0, 12).every((family) => family === 'Fuses')).toBe(true);
    });

    it('a rating typed with a space is one rating: "Sicherung 250 V" lists 250 V fuses first', () => {
      const docs = page('Sicherung 250 V', 'de-DE').docs.slice(0, 5);
      expect(docs.map((doc) => `${doc.fields.leveltwocategory} ${doc.fields.ratedvoltage}`)).toEqual(Array(5).fill('Fuses 250'));
    });

    it('the smart snippet answers only a question an FAQ matches, with every word asked about', () => {
      // It answered "how to choose a varistor" with "Can I get free samples of varistors?".
      expect(page('how to choose a varistor').answers[0]).toBe('How do I select the right varistor for my application?');
      expect(page('Can I get free samples of fuses?').answers[0]).toBe('Can I get free samples of fuses?');
      expect(page('what is the breaking capacity of a fuse').answers[0]).toBe('What does the breaking capacity of a fuse mean?');
      expect(page('how do I calibrate a varistor?').answers).toEqual([]);
    });

    it('a question lists its FAQ among the first results; stop words do not count', () => {
      const first = page('how do I select a fuse').docs.slice(0, 3).map((doc) => doc.title.en);
      expect(first).toContain('How do I select the right fuse for my application?');
    });
  });

  it('refuses a bad rules file with its path and problem', async () => {
    const { pipelineSchema } = await import('../pipeline.ts');
    const bad = pipelineSchema.safeParse({ triggers: [{ when: { matches: '(' }, type: 'notify', content: 'x' }], thesaurus: [['lonely']] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).join(' | ')).toMatch(/valid regular expression.*at least two entries|at least two entries.*valid regular expression/);
  });
});
