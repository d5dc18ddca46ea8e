import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createSolrClient, SolrError, type SolrClient } from '../../server/ports/solr.ts';
import { generateCatalogue, type CatalogueDocument } from '../../standins/search/catalogue/generate.ts';
import { createSolrStandIn } from '../../standins/solr/stand-in.ts';

// The Solr content port against the embedded stand-in, over real HTTP on 127.0.0.1.
const documents = generateCatalogue({ products: 300 }).documents;

async function listen(app: express.Express | ((req: never, res: never) => void)): Promise<{ url: string; server: Server }> {
  const server = createServer(app as Parameters<typeof createServer>[0]).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function standIn(docs: readonly CatalogueDocument[]) {
  const app = express();
  app.use(createSolrStandIn({ documents: docs }).router);
  return listen(app);
}

let first: { url: string; server: Server };
let second: { url: string; server: Server };
let silent: { url: string; server: Server };
let solr: SolrClient;

beforeAll(async () => {
  first = await standIn(documents);
  // The second Solr holds other answers: every English question carries a marker.
  second = await standIn(
    documents.map((doc) => (doc.objecttype === 'FAQ' && doc.language === 'en' ? { ...doc, fields: { ...doc.fields, question_custom: `Second Solr: ${String(doc.fields.question_custom)}` } } : doc)),
  );
  silent = await listen(() => undefined);
  solr = createSolrClient({ url: `${first.url}/solr`, user: 'solr', password: 'local-solr-password' });
});
afterAll(async () => {
  for (const running of [first, second, silent]) {
    running?.server.closeAllConnections();
    await new Promise((resolve) => running?.server.close(resolve));
  }
});

type Faq = { id: string; language: string; question_custom: string; answer_custom: string; slug: string; leveltwocategory: string; date: string };

describe('Solr select port against the stand-in', () => {
  it('holds the six cores with the fields the content lists read', async () => {
    for (const core of ['faq', 'news', 'events', 'wheretobuy', 'locations', 'contactus_details'] as const) {
      const answer = await solr.select(core, { q: '*:*', fq: ['language:de'], rows: 1 });
      expect(answer.response.numFound, core).toBeGreaterThan(0);
      expect(answer.response.docs[0], core).toMatchObject({ id: expect.stringMatching(/-de$/), language: 'de' });
      const ids = (await solr.select<{ id: string }>(core, { q: '*:*', rows: 10_000, fl: 'id' })).response.docs.map((doc) => doc.id);
      expect(new Set(ids).size, `${core}: ids are unique`).toBe(ids.length);
    }
    const faqs = await solr.select<Faq>('faq', { q: '*:*', fq: ['language:en'], rows: 500 });
    expect(faqs.response.numFound).toBe(documents.filter((doc) => doc.objecttype === 'FAQ' && doc.language === 'en').length);
    expect(faqs.response.docs[0]).toMatchObject({ question_custom: expect.any(String), answer_custom: expect.any(String), slug: expect.any(String), date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
    const news = await solr.select('news', { q: '*:*', rows: 1, fq: ['language:en'], sort: 'date desc' });
    expect(news.response.docs[0]).toMatchObject({ title: expect.any(String), body: expect.any(String), series: expect.any(String), slug: expect.any(String), date: expect.stringMatching(/Z$/) });
    const events = await solr.select('events', { q: '*:*', rows: 1, fq: ['language:ja'] });
    expect(Object.keys(events.response.docs[0]!)).toEqual(expect.arrayContaining(['title', 'body', 'eventstartdate', 'eventenddate', 'eventcity', 'eventvenue', 'slug']));
    const dealers = await solr.select<{ kind: string; country: string }>('wheretobuy', { q: 'kind:distributor', fq: ['language:en', 'region:Europe'], rows: 100 });
    expect(dealers.response.docs.length).toBeGreaterThan(3);
    expect(Object.keys(dealers.response.docs[0]!)).toEqual(expect.arrayContaining(['name', 'kind', 'region', 'country', 'companyaddress_t', 'companycity_t', 'companystate_t', 'companyzip_t', 'companycountry_t', 'phone', 'url']));
    // Place names are written in each document's language; codes are the same in all.
    const plants = await solr.select('locations', { q: 'countrycode:CN', fq: ['language:zh'], rows: 50 });
    expect(plants.response.docs.map((doc) => doc.plantlocationname)).toEqual(expect.arrayContaining(['苏州工厂', '无锡工厂']));
    expect(plants.response.docs.map((doc) => doc.country)).toEqual(plants.response.docs.map(() => '中国'));
    expect(Object.keys(plants.response.docs[0]!)).toEqual(expect.arrayContaining(['plantlocationname', 'region', 'country', 'city', 'resourceurl']));
  });

  it('answers q by field:value, phrase, terms and AND/OR/NOT as Solr would', async () => {
    const count = async (q: string, fq: string[] = ['language:en']) => (await solr.select('faq', { q, fq, rows: 0 })).response.numFound;
    const all = await count('*:*');
    const fuses = await count('leveltwocategory:Fuses');
    const tvs = await count('leveltwocategory:"TVS Diodes"');
    expect(fuses).toBeGreaterThan(0);
    expect(tvs).toBeGreaterThan(0);
    expect(await count('leveltwocategory:Fuses OR leveltwocategory:"TVS Diodes"')).toBe(fuses + tvs);
    expect(await count('leveltwocategory:Fuses AND leveltwocategory:"TVS Diodes"')).toBe(0);
    expect(await count('*:* NOT leveltwocategory:Fuses')).toBe(all - fuses);
    expect(await count('-leveltwocategory:Fuses')).toBe(all - fuses);
    // A phrase is narrower than its words.
    const words = await count('question_custom:(free AND samples)');
    expect(words).toBeGreaterThan(0);
    expect(await count('question_custom:"free samples"')).toBe(words);
    expect(await count('question_custom:"samples free"')).toBe(0);
    // Chinese and Japanese text is found by its characters.
    expect(await count('question_custom:样品', ['language:zh'])).toBe(words);
    expect(await count('question_custom:サンプル', ['language:ja'])).toBe(words);
    // Several fq intersect.
    expect(await count('*:*', ['language:en', 'leveltwocategory:Fuses', 'question_custom:RoHS'])).toBe(1);
  });

  it('pages with rows and start, sorts, limits fields with fl', async () => {
    const sorted = await solr.select<Faq>('faq', { q: '*:*', fq: ['language:en'], rows: 10, sort: 'slug desc', fl: 'id,slug' });
    const slugs = sorted.response.docs.map((doc) => doc.slug);
    expect(slugs).toEqual([...slugs].sort((a, b) => b.localeCompare(a, 'en')));
    expect(Object.keys(sorted.response.docs[0]!).sort()).toEqual(['id', 'slug']);
    const next = await solr.select<Faq>('faq', { q: '*:*', fq: ['language:en'], rows: 10, start: 10, sort: 'slug desc', fl: 'id' });
    expect(next.response.start).toBe(10);
    expect(next.response.docs.map((doc) => doc.id)).not.toContain(sorted.response.docs[9]!.id);
    const newest = await solr.select<Faq>('faq', { q: '*:*', fq: ['language:en'], rows: 3, sort: 'date desc, id asc' });
    const dates = newest.response.docs.map((doc) => doc.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const recent = await solr.select('news', { q: 'date:[NOW-3000DAYS TO *]', fq: ['language:en'], rows: 0 });
    expect(recent.response.numFound).toBeGreaterThan(0);
  });

  it('searches qf fields with edismax, df with lucene, and highlights with hl.fl', async () => {
    const edismax = await solr.select<Faq>('faq', { q: 'reflow AND soldered', defType: 'edismax', qf: 'question_custom^2 answer_custom', fq: ['language:en'], rows: 50, hl: true, 'hl.fl': 'question_custom,answer_custom' });
    expect(edismax.response.numFound).toBeGreaterThan(0);
    const first = edismax.response.docs[0]!;
    expect(edismax.highlighting?.[first.id]?.answer_custom?.[0]).toContain('<em>reflow</em>');
    expect(edismax.highlighting?.[first.id]?.question_custom?.[0]).toContain('<em>soldered</em>');
    const df = await solr.select('faq', { q: 'reflow', df: 'answer_custom', fq: ['language:en'], rows: 0 });
    expect(df.response.numFound).toBe(edismax.response.numFound);
    const questionOnly = await solr.select('faq', { q: 'reflow', df: 'question_custom', fq: ['language:en'], rows: 0 });
    expect(questionOnly.response.numFound).toBe(0);
    // edismax takes what lucene cannot parse as words.
    const forgiving = await solr.select('faq', { q: 'samples (', defType: 'edismax', qf: 'question_custom', fq: ['language:en'], rows: 0 });
    expect(forgiving.response.numFound).toBeGreaterThan(0);
  });

  it('adds the score with fl=score, highlights the qf fields when hl.fl is not given, and refuses what Solr refuses', async () => {
    const scored = await solr.select<{ id: string; score: number }>('faq', { q: 'question_custom:samples', fq: ['language:en'], rows: 2, fl: 'id,score' });
    expect(scored.response.docs[0]!.score).toBeGreaterThan(0);
    const marked = await solr.select<Faq>('faq', { q: 'RoHS', defType: 'edismax', qf: 'question_custom', fq: ['language:de'], rows: 1, hl: true });
    expect(marked.highlighting?.[marked.response.docs[0]!.id]?.question_custom?.[0]).toContain('<em>RoHS</em>');
    const beyond = await solr.select('faq', { q: '*:*', fq: ['language:en'], rows: 10, start: 10_000 });
    expect(beyond.response).toMatchObject({ start: 10_000, docs: [] });
    expect(beyond.response.numFound).toBeGreaterThan(0);
    const headers = { authorization: `Basic ${Buffer.from('solr:local-solr-password').toString('base64')}` };
    for (const query of ['q=*:*&rows=ten', 'q=*:*&wt=xml', 'q=*:*&defType=dismax', 'rows=1', 'q=date:[2020 TO', 'q=*:*&sort=question_custom%20up', 'q=*:*&sort=question_custom%20asc']) {
      const answer = await fetch(`${first.url}/solr/faq/select?${query}`, { headers });
      expect([query, answer.status]).toEqual([query, 400]);
      expect(((await answer.json()) as { error: { code: number; msg: string } }).error).toMatchObject({ code: 400, msg: expect.any(String) });
    }
  });

  it('maps refusals to SolrError: 401 without or with wrong credentials, 400 for an unparsable query, 404 for a missing core', async () => {
    const bare = await fetch(`${first.url}/solr/faq/select?q=*:*&wt=json`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Basic/);
    const wrong = createSolrClient({ url: `${first.url}/solr`, user: 'solr', password: 'not-the-password' });
    await expect(wrong.select('faq', { q: '*:*' })).rejects.toMatchObject({ name: 'SolrError', kind: 'unauthorized', status: 401 });
    const refused = await solr.select('faq', { q: 'question_custom:(samples' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SolrError);
    expect(refused).toMatchObject({ kind: 'bad-query', status: 400 });
    expect((refused as SolrError).message).toContain("Cannot parse 'question_custom:(samples'");
    await expect(solr.select('faq', { q: 'nosuchfield:x' })).rejects.toMatchObject({ kind: 'bad-query', message: expect.stringContaining('undefined field nosuchfield') });
    await expect(solr.select('faq', { q: '*:*', sort: 'date sideways' })).rejects.toMatchObject({ kind: 'bad-query' });
    const raw = await fetch(`${first.url}/solr/products/select?q=*:*&wt=json`, { headers: { authorization: `Basic ${Buffer.from('solr:local-solr-password').toString('base64')}` } });
    expect(raw.status).toBe(404);
  });

  it('gives up after its timeout, and on an unreachable Solr, with kind unreachable', async () => {
    const slow = createSolrClient({ url: `${silent.url}/solr`, user: 'solr', password: 'local-solr-password', timeoutMs: 300 });
    const started = Date.now();
    await expect(slow.select('faq', { q: '*:*' })).rejects.toMatchObject({ kind: 'unreachable', status: 0, message: expect.stringContaining('300 ms') });
    expect(Date.now() - started).toBeLessThan(3000);
    const closed = createSolrClient({ url: 'http://127.0.0.1:9/solr', user: 'solr', password: 'x' });
    await expect(closed.select('faq', { q: '*:*' })).rejects.toMatchObject({ kind: 'unreachable' });
  });

  it('reads from a second Solr when the configuration names it (SOLR_URL alone)', async () => {
    const config = loadConfig({ SOLR_URL: `${second.url}/solr/`, SOLR_USER: 'solr', SOLR_PASSWORD: 'local-solr-password' });
    expect(config.solr).toMatchObject({ url: `${second.url}/solr`, embedded: false });
    const client = createSolrClient({ url: config.solr.url!, user: config.solr.user, password: config.solr.password });
    const there = await client.select<Faq>('faq', { q: 'question_custom:"Second Solr"', fq: ['language:en'], rows: 500 });
    const here = await solr.select<Faq>('faq', { q: 'question_custom:"Second Solr"', fq: ['language:en'], rows: 500 });
    expect(here.response.numFound).toBe(0);
    expect(there.response.numFound).toBe(documents.filter((doc) => doc.objecttype === 'FAQ' && doc.language === 'en').length);
    expect(there.response.docs[0]!.question_custom).toMatch(/^Second Solr: /);
  });
});
