import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built, demoSiteForSuite, type DemoSite } from '../support/demo-site.ts';
import { createSolrClient } from '../../server/ports/solr.ts';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { createSolrStandIn } from '../../standins/solr/stand-in.ts';
import { rawRequest } from '../support/raw-http.ts';

// FAQ pages and contact us, read through the Solr port, on the built site over real HTTP; and a
// site configured (SOLR_URL alone) to read a second Solr stand-in on another port.
const PRODUCTS = '2000';
let secondSolr: { url: string; server: Server };

beforeAll(async () => {
  if (!built) return;
  // The second Solr: the same content, but its contacts and German questions say where they come from.
  const documents = generateCatalogue({ products: Number(PRODUCTS) }).documents.map((doc) => {
    if (doc.objecttype === 'Contact') return { ...doc, fields: { ...doc.fields, contactname: `Zweitsolr ${String(doc.fields.contactname)}` } };
    if (doc.objecttype === 'FAQ' && doc.language === 'de') return { ...doc, fields: { ...doc.fields, question_custom: `Zweitsolr: ${String(doc.fields.question_custom)}` } };
    return doc;
  });
  const app = express();
  app.use(createSolrStandIn({ documents, password: 'second-solr-password' }).router);
  const server = createServer(app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  secondSolr = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
});
afterAll(async () => {
  secondSolr?.server.closeAllConnections();
  await new Promise((resolve) => secondSolr?.server.close(resolve));
});
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: PRODUCTS });
const elsewhere = demoSiteForSuite(() => ({ CATALOGUE_PRODUCTS: PRODUCTS, SOLR_URL: `${secondSolr.url}/solr`, SOLR_PASSWORD: 'second-solr-password' }));

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
// node:http, not fetch: fetch will not send another Host (the Chinese site is chosen by it).
const page = async (path: string, options: { on?: DemoSite; host?: string } = {}) => {
  const { status, body } = await rawRequest((options.on ?? site).url, path, { headers: options.host ? { host: options.host } : {} });
  return { status, body };
};
/** The questions a list page shows, as links to their pages. */
const questions = (body: string) => [...body.matchAll(/<h3><a[^>]*href="([^"]*\/support\/faq\/[^"]+)"[^>]*>([\s\S]*?)<\/a><\/h3>\s*<p>([\s\S]*?)<\/p>/g)].map((m) => ({ href: m[1]!, question: decode(m[2]!.replace(/<\/?mark>/g, '')), answer: decode(m[3]!.replace(/<\/?mark>/g, '')), marked: /<mark>/.test(m[2]! + m[3]!) }));
const count = (body: string) => Number(/class="result-count"[^>]*>([^<]*)</.exec(body)?.[1]?.replace(/[^0-9]/g, '') ?? NaN);
const ZH_HOST = 'www.voltaris.example.cn';

describe.runIf(built)('FAQ pages read from Solr', () => {
  it('lists every question of the language, grouped by product type, each linking to a page that exists', async () => {
    const solr = createSolrClient({ url: `${site.url}/solr`, user: 'solr', password: 'local-solr-password' });
    for (const [path, language, lang, host] of [
      ['/support/faq', 'en', 'en', undefined],
      ['/de/support/faq', 'de', 'de', undefined],
      ['/ja-jp/support/faq', 'ja', 'ja-JP', undefined],
      ['/support/faq', 'zh', 'zh-CN', ZH_HOST],
    ] as const) {
      const { status, body } = await page(path, host ? { host } : {});
      expect(status, path).toBe(200);
      expect(body).toMatch(new RegExp(`<html lang="${lang}"`));
      const listed = questions(body);
      const inSolr = await solr.select<{ question_custom: string }>('faq', { q: '*:*', fq: [`language:${language}`], rows: 500, fl: 'question_custom' });
      expect(listed.length, path).toBe(inSolr.response.numFound);
      expect(listed.map((entry) => entry.question).sort()).toEqual(inSolr.response.docs.map((doc) => doc.question_custom).sort());
      expect(count(body)).toBe(listed.length);
      expect((body.match(/<h2 id="faq-/g) ?? []).length).toBeGreaterThanOrEqual(5);
      // Follow some of the links: each opens the question's own page, in the same language.
      for (const entry of listed.filter((_, index) => index % 20 === 0)) {
        const opened = await page(entry.href, host ? { host } : {});
        expect(opened.status, entry.href).toBe(200);
        expect(opened.body).toMatch(new RegExp(`<html lang="${lang}"`));
        expect(decode(/<h1>([\s\S]*?)<\/h1>/.exec(opened.body)![1]!)).toBe(entry.question);
        expect(decode(opened.body)).toContain(entry.answer);
      }
    }
  });

  it('keeps English off the German, Japanese and Chinese lists', async () => {
    const english = ['Frequently asked', 'questions containing', 'Filter by first letter', 'Find questions', 'How do I select', 'What does the'];
    for (const [path, host] of [['/de/support/faq', undefined], ['/ja-jp/support/faq', undefined], ['/support/faq', ZH_HOST]] as const) {
      const { body } = await page(path, host ? { host } : {});
      const main = /<main[\s\S]*<\/main>/.exec(body)![0];
      for (const phrase of english) expect(main, `${path}: ${phrase}`).not.toContain(phrase);
    }
  });

  it('filters by text with a GET form: every question shown contains all the words, marked', async () => {
    const all = questions((await page('/support/faq')).body);
    const { status, body } = await page('/support/faq?q=reflow+profile');
    expect(status).toBe(200);
    expect(body).toMatch(/<form method="get"[^>]*>[\s\S]*name="q"/);
    const shown = questions(body);
    const expected = all.filter((entry) => /reflow/i.test(entry.question + entry.answer) && /profile/i.test(entry.question + entry.answer));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.map((entry) => entry.href).sort()).toEqual(expected.map((entry) => entry.href).sort());
    expect(shown.every((entry) => entry.marked)).toBe(true);
    expect(decode(body)).toContain('questions containing “reflow profile”');
    // German and Chinese filter in their own words.
    const de = questions((await page('/de/support/faq?q=Muster')).body);
    expect(de.length).toBeGreaterThan(0);
    expect(de.every((entry) => /muster/i.test(entry.question + entry.answer))).toBe(true);
    const zh = questions((await page(`/support/faq?q=${encodeURIComponent('样品')}`, { host: ZH_HOST })).body);
    expect(zh.length).toBe(de.filter((entry) => /Muster/.test(entry.question)).length);
    // Lucene syntax in the filter is text, not a query: no 500, no 400, just nothing found.
    const syntax = await page(`/support/faq?q=${encodeURIComponent('question_custom:(" AND')}`);
    expect(syntax.status).toBe(200);
    expect(questions(syntax.body)).toEqual([]);
    expect(decode(syntax.body)).toContain('No question or answer contains all of these words');
  });

  it('indexes questions A to Z: a letter shows only the questions starting with it', async () => {
    const { status, body } = await page('/support/faq?letter=W');
    expect(status).toBe(200);
    const shown = questions(body);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((entry) => entry.question.startsWith('W'))).toBe(true);
    expect(body).toMatch(/href="\/support\/faq\?letter=A"/);
    expect(body).toContain('<span aria-disabled="true">B</span>');
    const both = questions((await page('/support/faq?q=samples&letter=C')).body);
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((entry) => entry.question.startsWith('C') && /samples/i.test(entry.question + entry.answer))).toBe(true);
  });

  it('answers bad input with 400 in the page language, never 5xx', async () => {
    const long = await page(`/de/support/faq?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(decode(long.body)).toContain('Bitte geben Sie höchstens 100 Zeichen ein.');
    const angle = await page(`/ja-jp/support/faq?q=${encodeURIComponent('<script>')}`);
    expect(angle.status).toBe(400);
    expect(decode(angle.body)).toContain('絞り込み語句に < 、 > 、制御文字は使用できません。');
    const letter = await page('/de/support/faq?letter=%C3%84%C3%84');
    expect(letter.status).toBe(400);
    expect(decode(letter.body)).toContain('Diesen Indexbuchstaben gibt es nicht');
  });

  it('answers 404 for a question that does not exist, in the page language', async () => {
    for (const path of ['/support/faq/no-such-question', '/support/faq/fuses-0-ratedcurrent/more', '/support/faq/Fuses-0-ratedcurrent', '/de/support/faq/no-such-question']) {
      expect((await page(path)).status, path).toBe(404);
    }
    expect(decode((await page('/de/support/faq/no-such-question')).body)).toContain('Seite nicht gefunden');
  });

  it('opens a page for every FAQ search result, in every language', async () => {
    const faqs = generateCatalogue({ products: Number(PRODUCTS) }).documents.filter((doc) => doc.objecttype === 'FAQ');
    expect(faqs.length).toBeGreaterThan(500);
    // Each result's link names a question the faq core has in the result's language: the page's loader finds it.
    const solr = createSolrClient({ url: `${site.url}/solr`, user: 'solr', password: 'local-solr-password' });
    for (const language of ['en', 'de', 'ja', 'zh']) {
      const slugs = new Set((await solr.select<{ slug: string }>('faq', { q: '*:*', fq: [`language:${language}`], rows: 500, fl: 'slug' })).response.docs.map((doc) => doc.slug));
      for (const doc of faqs.filter((entry) => entry.language === language)) {
        const uri = String(doc.fields.clickableuri);
        expect(uri).toMatch(/^\/support\/faq\/[a-z0-9-]+$/);
        expect(slugs.has(uri.slice('/support/faq/'.length)), `${language} ${uri}`).toBe(true);
      }
    }
    // And the links the search pages show open: German results on /de/searchresult included.
    for (const [path, host] of [['/searchresult?q=free+samples', undefined], ['/de/searchresult?q=Muster', undefined], ['/ja-jp/searchresult?q=RoHS', undefined], ['/searchresult?q=RoHS', ZH_HOST]] as const) {
      const { body } = await page(path, host ? { host } : {});
      const links = [...new Set([...body.matchAll(/href="((?:\/de|\/ja-jp)?\/support\/faq\/[^"]+)"/g)].map((m) => m[1]!))];
      expect(links.length, path).toBeGreaterThan(0);
      for (const link of links) expect((await page(link, host ? { host } : {})).status, `${path} -> ${link}`).toBe(200);
    }
  });
});

describe.runIf(built)('a site configured for another Solr', () => {
  it('reads FAQs and contact-us contacts from the Solr SOLR_URL names', async () => {
    const here = decode((await page('/de/support/faq')).body);
    const there = decode((await page('/de/support/faq', { on: elsewhere })).body);
    expect(here).not.toContain('Zweitsolr');
    expect(questions(there).length).toBeGreaterThan(20);
    expect(questions(there).every((entry) => entry.question.startsWith('Zweitsolr: '))).toBe(true);
    const contacts = decode((await page('/company/contact?unit=Automotive&country=Germany', { on: elsewhere })).body);
    expect(contacts).toMatch(/<td>Zweitsolr [^<]+<\/td><td>Automotive<\/td>/);
    expect(decode((await page('/company/contact?unit=Automotive&country=Germany')).body)).not.toContain('Zweitsolr');
  });

  it('shows the lists as unavailable (503, in the page language) when that Solr is down', async () => {
    secondSolr.server.closeAllConnections();
    await new Promise((resolve) => secondSolr.server.close(resolve));
    // Another address than before: the page copy of /de/support/faq may still be served (decision 0031).
    const faq = await page('/de/support/faq?letter=W', { on: elsewhere });
    expect(faq.status).toBe(503);
    expect(decode(faq.body)).toContain('Die Fragen können gerade nicht geladen werden.');
    const contact = await page('/company/contact?unit=Automotive&country=Germany', { on: elsewhere });
    expect(contact.status).toBe(200);
    expect(contact.body).toContain('class="search-notice"');
  });
});

describe.runIf(built)('contact us on Solr', () => {
  it('lists the unit\'s contacts for a country with the Misc ones after them, by topic too, and by region', async () => {
    const rows = (body: string) => [...decode(body).matchAll(/<tr><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td>/g)].map((m) => ({ name: m[1]!, unit: m[2]!, country: m[3]! }));
    const byUnit = rows((await page('/company/contact?unit=Automotive&country=Germany')).body);
    expect(byUnit.map((row) => `${row.unit}/${row.country}`)).toEqual(['Automotive/Germany', 'Misc/Germany']);
    const byTopic = rows((await page('/company/contact?topic=circuit-protection&country=Japan')).body);
    expect(byTopic.map((row) => `${row.unit}/${row.country}`)).toEqual(['Circuit protection (ESBU)/Japan', 'Misc/Japan']);
    const byGeo = rows((await page('/company/contact?unit=Sensing&geo=Asia')).body);
    expect(new Set(byGeo.map((row) => row.country))).toEqual(new Set(['China', 'Japan', 'India', 'Korea']));
    expect(byGeo.filter((row) => row.unit === 'Sensing')).toHaveLength(4);
    expect(byGeo.slice(0, 4).every((row) => row.unit === 'Sensing')).toBe(true);
  });
});
