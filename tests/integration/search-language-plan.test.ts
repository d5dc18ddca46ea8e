import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { loadConfig } from '../../server/config.ts';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

/**
 * Issue 17 items 2 and 4, over HTTP: the site against a search service on another port that
 * records the plan requests it answers (and can fail them).
 */
let service: Server;
let search: ReturnType<typeof createEmbeddedSearch>;
let plans: Array<{ q?: string; locale?: string }> = [];
let failPlans = false;

beforeAll(async () => {
  if (!built) return;
  search = createEmbeddedSearch({ ...loadConfig({ CATALOGUE_PRODUCTS: '3000' }).search, rateLimitPerMinute: 0 });
  const app = express();
  app.use(express.json({ limit: '256kb', type: () => true }), (req, res, next) => {
    if (req.method !== 'POST' || req.path !== '/rest/search/v2/plan') return next();
    plans.push(req.body as { q?: string; locale?: string });
    if (failPlans) return void res.status(503).json({ statusCode: 503, message: 'Service unavailable', type: 'ServiceUnavailable' });
    next();
  });
  app.use(search.router);
  service = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => service.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => service?.close(resolve));
});
const site = demoSiteForSuite(() => ({ SEARCH_API_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/rest/search/v2` }));
beforeEach(() => {
  plans = [];
  failPlans = false;
});

const get = (path: string) => fetch(`${site.url}${path}`, { redirect: 'manual' });
const locationOf = (response: Response) => {
  const location = response.headers.get('location') ?? '';
  return location.startsWith(site.url) ? location.slice(site.url.length) : location;
};

/** The results the page lists, in order: the index document each is, and its link. */
function renderedResults(html: string): Array<{ doc: number; href: string }> {
  const list = html.slice(html.indexOf('class="result-list"'));
  return [...list.matchAll(/id="result-42\.(\d+)\$[^"]*"[\s\S]*?<a href="([^"]+)"/g)].map((match) => ({ doc: Number(match[1]), href: match[2]!.replaceAll('&amp;', '&') }));
}

describe.runIf(built)('the header search box consults /plan (issue 17 item 4, REQ-BOX-2, REQ-COVEO-10)', () => {
  it('a redirect-trigger query lands on its target, through the plan', async () => {
    const response = await get('/search?q=contact');
    expect(response.status).toBe(303);
    expect(locationOf(response)).toBe('/company/contact');
    expect(plans).toEqual([expect.objectContaining({ q: 'contact' })]);
    const target = await fetch(`${site.url}${locationOf(response)}`);
    expect(target.status).toBe(200);
  });

  it("keeps the visitor's language on a trigger target of this site; another site's is followed as it is", async () => {
    const german = await get('/de/search?q=Contact');
    expect(locationOf(german)).toBe('/de/company/contact');
    expect(plans[0]).toMatchObject({ q: 'Contact', locale: 'de' });
    expect((await fetch(`${site.url}/de/company/contact`)).status).toBe(200);
    const careers = await get('/ja-jp/search?q=careers');
    expect(careers.status).toBe(303);
    expect(careers.headers.get('location')).toBe('https://careers.voltaris.example/');
  });

  it('a query without a redirect trigger lands on the search page with q, in the visitor language', async () => {
    const response = await get('/search?q=relay%20module');
    expect(response.status).toBe(303);
    expect(locationOf(response)).toBe('/searchresult?q=relay+module');
    expect(plans).toHaveLength(1);
    const page = await fetch(`${site.url}${locationOf(response)}`);
    expect(page.status).toBe(200);
    expect(renderedResults(await page.text()).length).toBeGreaterThan(0);
    expect(locationOf(await get('/de/search?q=varistor'))).toBe('/de/searchresult?q=varistor');
    expect(locationOf(await get('/ja-jp/search?q=varistor'))).toBe('/ja-jp/searchresult?q=varistor');
  });

  it('an empty query opens the search page; the plan is not asked', async () => {
    const response = await get('/de/search?q=%20%20');
    expect(response.status).toBe(303);
    expect(locationOf(response)).toBe('/de/searchresult');
    expect(plans).toHaveLength(0);
  });

  it('when the plan fails, the visitor still reaches the search page with the query', async () => {
    failPlans = true;
    const response = await get('/search?q=relay');
    expect(response.status).toBe(303);
    expect(locationOf(response)).toBe('/searchresult?q=relay');
    expect(plans.length).toBeGreaterThan(0);
  });

  it('refuses a bad query with a 400 page that says what is wrong, without asking the plan', async () => {
    const tooLong = await get(`/search?q=${'x'.repeat(201)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('A search query is at most 200 characters.');
    const twice = await get('/de/search?q=a&q=b');
    expect(twice.status).toBe(400);
    const body = await twice.text();
    // The reason in the page's language too, not only its heading.
    expect(body).toContain('Senden Sie einen Suchbegriff (q), nicht mehrere.');
    expect(body).toContain('Diese Suche ist nicht möglich');
    expect(body).not.toContain('Send one search query');
    const control = await get('/ja-jp/search?q=fuse%01');
    expect(control.status).toBe(400);
    expect(await control.text()).toContain('検索語に制御文字は使えません。');
    expect(await (await get(`/de/search?q=${'x'.repeat(201)}`)).text()).toContain('Ein Suchbegriff hat höchstens 200 Zeichen.');
    expect(plans).toHaveLength(0);
  });

  it("the header's form goes to /search in the visitor's language; the search page's own form to the search page", async () => {
    const html = await (await fetch(`${site.url}/de/searchresult?q=fuse`)).text();
    // The header's search landmark is named (f2ffc1a, axe): two search landmarks on the search page.
    expect(html).toMatch(/<form method="get" action="\/de\/search" role="search" aria-label="Websitesuche" class="search-box header-search"/);
    expect(html).toMatch(/<form method="get" action="\/de\/searchresult" role="search" class="search-box search-form"/);
  });
});

describe.runIf(built)('language-aware results on the search page (issue 17 item 2, REQ-LANG-5)', () => {
  /** The language a result's document is written in; 'all' for one that exists in every language. */
  const languageOf = (doc: number) => search.engine.index.docs.at(doc)!.language ?? 'all';

  it('/de/searchresult?q=varistor lists German documents first, and their links keep /de', async () => {
    const response = await fetch(`${site.url}/de/searchresult?q=varistor&size=48`);
    expect(response.status).toBe(200);
    const results = renderedResults(await response.text());
    expect(results.length).toBeGreaterThanOrEqual(10);
    // A product word lists the parts (in every language) first (decision 0081); the documents after them are German.
    const documents = results.filter((result) => languageOf(result.doc) !== 'all');
    expect(documents.length).toBeGreaterThan(0);
    expect(languageOf(documents[0]!.doc)).toBe('de');
    expect(results.slice(0, 10).map((result) => languageOf(result.doc)).every((language) => language === 'de' || language === 'all')).toBe(true);
    // Pages open in German; files (a PDF) have one address in every language.
    for (const { href } of results.slice(0, 10)) if (!href.startsWith('/media/')) expect(href).toMatch(/^\/de\//);
    const product = results.find((result) => result.href.startsWith('/de/products/'))!;
    const opened = await fetch(`${site.url}${product.href}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('<html lang="de"');
  });

  it('/ja-jp/searchresult ranks Japanese documents before those of other languages', async () => {
    // A series whose datasheet exists in Japanese: documents of several languages match its name.
    const datasheet = [...search.engine.index.docs].find((doc) => doc.language === 'ja' && doc.fields.resourcetype === 'Datasheet')!;
    const html = await (await fetch(`${site.url}/ja-jp/searchresult?q=${encodeURIComponent(String(datasheet.fields.series))}%20datasheet&tab=mainsearch`)).text();
    const languages = renderedResults(html).map((result) => languageOf(result.doc)).filter((language) => language !== 'all');
    expect(languages).toContain('ja');
    const firstOther = languages.findIndex((language) => language !== 'ja');
    if (firstOther >= 0) expect(languages.lastIndexOf('ja')).toBeLessThan(firstOther);
  });

  it('an English search does not put a German FAQ first, and its links have no language prefix', async () => {
    const results = renderedResults(await (await fetch(`${site.url}/searchresult?q=varistor`)).text());
    expect(results.length).toBeGreaterThan(0);
    expect(languageOf(results[0]!.doc)).not.toBe('de');
    expect(results.slice(0, 10).every((result) => languageOf(result.doc) !== 'de')).toBe(true);
    for (const { href } of results.slice(0, 10)) expect(href).not.toMatch(/^\/(de|ja-jp)\//);
  });
});
