import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { generateCatalogue, startOfDay } from '../../standins/search/catalogue/generate.ts';
import { createSolrStandIn } from '../../standins/solr/stand-in.ts';
import { createSolrClient } from '../../server/ports/solr.ts';
import { companyItemPaths } from '../../app/plugins/company/company.server.ts';

// News, events, where to buy and plant locations on the built site over real HTTP: what the
// visitor reads (order, dates, markers, links followed to the page they open), read through the
// Solr port. A second site reads a Solr whose news are dated around today, for the recent marker.
const DAY = 86_400_000;
/** 8 yearly fairs over four years and the two biennial ones twice: the events listed (generate.ts FAIRS). */
const FAIRS_LISTED = 8 * 4 + 2 * 2;
let todaySolr: Server;
let solrUrl: string;

const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '4000' });
beforeAll(async () => {
  if (!built) return;
  // The generator dates news from the day it runs; these news are moved to end two days ago.
  const documents = generateCatalogue({ products: 300, today: startOfDay(Date.now() - 2 * DAY) }).documents;
  const app = express();
  app.use(createSolrStandIn({ documents }).router);
  todaySolr = createServer(app).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => todaySolr.once('listening', resolve));
  solrUrl = `http://127.0.0.1:${(todaySolr.address() as AddressInfo).port}/solr`;
});
afterAll(async () => {
  todaySolr?.closeAllConnections();
  await new Promise((resolve) => (todaySolr ? todaySolr.close(resolve) : resolve(undefined)));
});
const todaySite = demoSiteForSuite(() => ({ CATALOGUE_PRODUCTS: '300', SOLR_URL: solrUrl }));
const solrDown = demoSiteForSuite({ CATALOGUE_PRODUCTS: '300', SOLR_URL: 'http://127.0.0.1:9/solr', SOLR_TIMEOUT_MS: '500' });

const page = async (path: string, on = () => site) => {
  const response = await fetch(`${on().url}${path}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
};

/** fetch() will not send another Host header; the Chinese site is chosen by exactly that header. */
function chinese(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${site.url}${path}`, { headers: { host: 'www.example.com.cn' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .trim();

interface ListedNews {
  href: string;
  title: string;
  date: string;
  shown: string;
  recent: boolean;
  seriesHref?: string;
}

function newsItems(html: string): ListedNews[] {
  return [...html.matchAll(/<li class="result news-item">(.*?)<\/li>/g)].map(([, item]) => {
    const link = /<h2><a[^>]*href="([^"]+)"[^>]*>(.*?)<\/a><\/h2>/.exec(item!)!;
    const time = /<time dateTime="([^"]+)">([^<]+)<\/time>/.exec(item!)!;
    const series = /<a[^>]*href="(\/[^"]*products\/[^"]+)"/.exec(item!);
    return { href: link[1]!, title: decode(link[2]!), date: time[1]!, shown: time[2]!, recent: item!.includes('badge--ok'), ...(series ? { seriesHref: series[1]! } : {}) };
  });
}

interface ListedEvent {
  href: string;
  title: string;
  start: string;
  end: string;
  past: boolean;
  place: string;
}

function eventItems(html: string): ListedEvent[] {
  return [...html.matchAll(/<li class="result event-item( event-item--past)?">(.*?)<\/li>/g)].map(([, past, item]) => {
    const link = /<a[^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/.exec(item!)!;
    const [start, end] = [...item!.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => m[1]!);
    return { href: link[1]!, title: decode(link[2]!), start: start!, end: end ?? start!, past: Boolean(past), place: decode(/<p class="result__meta">(.*)<\/p>/.exec(item!)![1]!) };
  });
}

async function allPages<T>(path: string, read: (html: string) => T[], on = () => site): Promise<T[][]> {
  const pages: T[][] = [];
  for (let n = 1; n < 20; n += 1) {
    const answer = await page(n === 1 ? path : `${path}?page=${n}`, on);
    if (answer.status === 404) break;
    expect(answer.status).toBe(200);
    pages.push(read(answer.body));
  }
  return pages;
}

/** Unfolds an iCalendar file's lines (RFC 5545 3.1) into name → value, checking each line's length. */
function parseCalendar(body: string): { lines: string[]; props: Map<string, string> } {
  expect(body.endsWith('\r\n')).toBe(true);
  const physical = body.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    expect(line).not.toMatch(/[\r\n]/);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const props = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    props.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return { lines, props };
}

const unescapeText = (value: string) => value.replace(/\\n/g, '\n').replace(/\\([,;\\])/g, '$1');

describe.runIf(built)('news', () => {
  it('lists every news item once, newest first, 12 a page, each linking to a page with its title and date', async () => {
    const pages = await allPages('/company/news', newsItems);
    expect(pages.length).toBeGreaterThan(1);
    for (const items of pages.slice(0, -1)) expect(items).toHaveLength(12);
    const items = pages.flat();
    expect(new Set(items.map((item) => item.href)).size).toBe(items.length);
    expect(items.length).toBe(80);
    const dates = items.map((item) => item.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // 'MMMM D, Y' in English.
    for (const item of items) expect(item.shown).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    for (const item of pages[0]!.slice(0, 4)) {
      const opened = await page(item.href);
      expect(opened.status).toBe(200);
      expect(decode(/<h1>(.*?)<\/h1>/.exec(opened.body)![1]!)).toBe(item.title);
      expect(opened.body).toContain(`<time dateTime="${item.date}">${item.shown}</time>`);
      expect(opened.body).toMatch(/<title>[^<]*/);
      // The series it concerns opens its catalogue page.
      const series = /href="(\/products\/[^"]+)"/.exec(/<article.*<\/article>/s.exec(opened.body)![0])![1]!;
      expect((await page(series)).status).toBe(200);
    }
  });

  it('answers a page past the last with 404 linking to the last, and a bad page number with 400 in the page language', async () => {
    const pages = await allPages('/company/news', newsItems);
    const beyond = await page(`/company/news?page=${pages.length + 1}`);
    expect(beyond.status).toBe(404);
    expect(beyond.body).toContain(`href="/company/news?page=${pages.length}"`);
    expect((await page(`/company/news?page=${pages.length}`)).status).toBe(200);
    for (const bad of ['abc', '0', '-1', '1.5', '2&page=3']) {
      const answer = await page(`/de/company/news?page=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body).toContain('ist keine Seitenzahl');
      expect(answer.body).toMatch(/<html lang="de"/);
    }
    expect((await page('/ja-jp/company/news?page=x')).body).toContain('ページ番号ではありません');
  });

  it('writes dates in each language and links items in that language', async () => {
    const de = newsItems((await page('/de/company/news')).body);
    expect(de[0]!.href).toMatch(/^\/de\/company\/news\/\d+$/);
    for (const item of de) expect(item.shown).toMatch(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
    const ja = newsItems((await page('/ja-jp/company/news')).body);
    for (const item of ja) expect(item.shown).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);
    expect(ja[0]!.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const zh = await chinese('/company/news');
    expect(zh.body).toMatch(/<html lang="zh-CN"/);
    const zhItems = newsItems(zh.body);
    expect(zhItems[0]!.href).toMatch(/^\/company\/news\/\d+$/);
    expect(zhItems[0]!.title).toMatch(/[\u4e00-\u9fff]/);
    const opened = await chinese(zhItems[0]!.href);
    expect(opened.status).toBe(200);
    expect(opened.body).toContain(zhItems[0]!.title.replace(/&/g, '&amp;'));
  });

  it('answers 404 for an unknown news item or a path below one', async () => {
    for (const path of ['/company/news/99999', '/company/news/not-an-item', '/de/company/news/3/more', '/company/news/%3Cscript%3E']) {
      expect((await page(path)).status, path).toBe(404);
    }
  });

  it('marks exactly the items dated within the last 30 days as recent', async () => {
    const items = (await allPages('/company/news', newsItems, () => todaySite)).flat();
    const now = Date.now();
    const within = (item: ListedNews) => now - new Date(item.date).getTime() <= 30 * DAY;
    expect(items.some(within)).toBe(true);
    expect(items.some((item) => !within(item))).toBe(true);
    for (const item of items) expect(item.recent, `${item.date} ${item.title}`).toBe(within(item));
    // The marker is in the page's language.
    expect((await page('/de/company/news', () => todaySite)).body).toContain('badge badge--ok">Neu</span>');
  });
});

describe.runIf(built)('events', () => {
  it('lists upcoming events soonest first, then past ones latest first and marked, 12 a page, each with a page of its own', async () => {
    const pages = await allPages('/company/events', eventItems);
    const items = pages.flat();
    // Ten fairs over four years (the last two, this one, the next), electronica and productronica every other year.
    expect(items).toHaveLength(FAIRS_LISTED);
    for (const items of pages.slice(0, -1)) expect(items).toHaveLength(12);
    // One address per fair and year (the same fair returns every year).
    expect(new Set(items.map((item) => item.href)).size).toBe(FAIRS_LISTED);
    const today = new Date().toISOString().slice(0, 10);
    const firstPast = items.findIndex((item) => item.past);
    const upcoming = items.slice(0, firstPast);
    const past = items.slice(firstPast);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(0);
    for (const item of upcoming) expect(item.end >= today).toBe(true);
    for (const item of past) expect(item.past && item.end < today).toBe(true);
    expect(upcoming.map((item) => item.start)).toEqual(upcoming.map((item) => item.start).sort());
    expect(past.map((item) => item.start)).toEqual(past.map((item) => item.start).sort().reverse());
    const withPast = await page(`/company/events?page=${Math.floor(firstPast / 12) + 1}`);
    expect(withPast.body).toContain('<h2>Past events</h2>');
    expect(withPast.body).toContain('Past event</span>');
    // Place: city, venue, booth.
    expect(items[0]!.place).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} – [A-Z][a-z]+ \d{1,2}, \d{4} · [^,]+, [^,]+, booth [ABC]\d$/);
    const opened = await page(items[0]!.href);
    expect(opened.status).toBe(200);
    expect(decode(/<h1>(.*?)<\/h1>/.exec(opened.body)![1]!)).toBe(items[0]!.title);
    expect((await page('/company/events?page=9')).status).toBe(404);
    expect((await page('/company/events/electronica-1999-01-01')).status).toBe(404);
  });

  it('offers each event as an iCalendar file with its dates, place and name', async () => {
    const [item] = eventItems((await page('/de/company/events')).body);
    const detail = await page(item!.href);
    const ics = /href="([^"]+\.ics)"/.exec(detail.body)![1]!;
    expect(ics).toBe(`${item!.href}/calendar.ics`);
    const answer = await page(ics);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="[a-z0-9-]+\.ics"$/);
    const { lines, props } = parseCalendar(answer.body);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(props.get('VERSION')).toBe('2.0');
    expect(props.get('PRODID')).toBeTruthy();
    expect(props.get('UID')).toMatch(/^[a-z0-9-]+@/);
    expect(props.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    expect(props.get('DTSTART;VALUE=DATE')).toBe(item!.start.replace(/-/g, ''));
    const dayAfter = new Date(new Date(item!.end).getTime() + DAY).toISOString().slice(0, 10).replace(/-/g, '');
    expect(props.get('DTEND;VALUE=DATE')).toBe(dayAfter);
    expect(unescapeText(props.get('SUMMARY')!)).toBe(item!.title);
    // The place as the German page lists it: booth, venue, city.
    const location = unescapeText(props.get('LOCATION')!);
    expect(location).toMatch(/^Stand [ABC]\d, .+, .+$/);
    for (const part of location.split(', ')) expect(item!.place).toContain(part);
    expect(props.get('LOCATION')).toContain('\\,');
    expect(unescapeText(props.get('DESCRIPTION')!)).toContain('Besuchen Sie Voltaris');
    expect(props.get('URL')).toMatch(new RegExp(`${item!.href.replace(/[/.]/g, '\\$&')}$`));
    expect((await page('/company/events/no-such-fair/calendar.ics')).status).toBe(404);
  });

  it('shows the Japanese and Chinese lists in their languages, whole characters only', async () => {
    const ja = await page('/ja-jp/company/events');
    // React's renderer once left NULs where a character did not fit its 2 kB piece (entry.server.tsx).
    expect(ja.body).not.toContain('\u0000');
    expect(ja.body).toContain('<h2>開催予定のイベント</h2>');
    expect(eventItems(ja.body)[0]!.place).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日～\d{4}年\d{1,2}月\d{1,2}日 · [^A-Za-z,]+、[^A-Za-z,]+、ブース[ABC]\d$/);
    const zh = await chinese('/company/events');
    expect(eventItems(zh.body)[0]!.place).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日至\d{4}年\d{1,2}月\d{1,2}日 · /);
  });
});

interface Channel {
  anchor: string;
  name: string;
  address: string;
}

function channels(html: string): Channel[] {
  return [...html.matchAll(/<li id="([^"]+)" class="result sales-channel"><h4>(.*?) <span.*?<p class="sales-channel__address">(.*?)<\/p>/g)].map(([, anchor, name, address]) => ({
    anchor: anchor!,
    name: decode(name!),
    address: decode(address!),
  }));
}

async function solrDocs(core: string, fq: string): Promise<Array<Record<string, string>>> {
  const response = await fetch(`${site.url}/solr/${core}/select?q=*:*&fq=${encodeURIComponent(fq)}&rows=500&wt=json`, {
    headers: { authorization: `Basic ${Buffer.from('solr:local-solr-password').toString('base64')}` },
  });
  return ((await response.json()) as { response: { docs: Array<Record<string, string>> } }).response.docs;
}

describe.runIf(built)('where to buy and locations', () => {
  it('lists every sales office and distributor with its address joined on one line, empty parts skipped', async () => {
    const listed = channels((await page('/company/where-to-buy')).body);
    const docs = await solrDocs('wheretobuy', 'language:en');
    expect(listed).toHaveLength(docs.length);
    for (const doc of docs) {
      const entry = listed.find((channel) => channel.anchor === doc.slug)!;
      expect(entry.name).toBe(doc.name);
      const parts = [doc.companyaddress_t, doc.companycity_t, doc.companystate_t, doc.companyzip_t, doc.companycountry_t].filter((part) => part && part.trim());
      expect(entry.address).toBe(parts.join(', '));
      expect(entry.address).not.toMatch(/, ,|^,|,$/);
    }
    // Singapore has no state: four parts.
    expect(listed.find((channel) => channel.anchor === 'voltaris-singapore')!.address.split(', ')).toHaveLength(4);
  });

  it('filters by region and country as GET parameters, in the page language', async () => {
    const all = channels((await page('/de/company/where-to-buy')).body);
    const europe = await page('/de/company/where-to-buy?region=europe');
    expect(europe.status).toBe(200);
    const inEurope = channels(europe.body);
    expect(inEurope.length).toBeGreaterThan(0);
    expect(inEurope.length).toBeLessThan(all.length);
    expect(europe.body).toContain('<h2>Europa</h2>');
    expect(europe.body).not.toContain('<h2>Asien</h2>');
    const germany = await page('/de/company/where-to-buy?region=europe&country=DE');
    const inGermany = channels(germany.body);
    expect(inGermany.map((c) => c.address.split(', ').at(-1))).toEqual(inGermany.map(() => 'Deutschland'));
    expect(inGermany[0]!.name).toBe('Voltaris Components Deutschland');
    // The form sends empty choices for "all": answered with the address without them.
    const allChoices = await page('/de/company/where-to-buy?region=&country=');
    expect(allChoices.status).toBe(302);
    expect(allChoices.headers.get('location')).toBe('/de/company/where-to-buy');
    expect((await page('/de/company/where-to-buy?region=asia&country=')).headers.get('location')).toBe('/de/company/where-to-buy?region=asia');
    const bad = await page('/de/company/where-to-buy?region=atlantis');
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('Eine Region „atlantis“ gibt es bei uns nicht.');
    expect((await page('/company/where-to-buy?country=XX')).status).toBe(400);
    const ja = await page('/ja-jp/company/where-to-buy?country=JP');
    expect(channels(ja.body)[0]!.name).toBe('Voltaris Components 日本営業所');
  });

  it('lists the plants by region with a link that opens their entry', async () => {
    const answer = await page('/de/company/locations');
    expect(answer.status).toBe(200);
    const rows = [...answer.body.matchAll(/<tr id="([^"]+)"><th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><td>([^<]+)<\/td><td><a href="([^"]+)">/g)];
    expect(rows).toHaveLength(14);
    expect(rows.map((row) => row[2])).toContain('Werk Dortmund');
    for (const [, anchor, , , , href] of rows) {
      expect(href).toBe(`/de/company/locations#${anchor}`);
    }
    expect((await page(rows[0]![5]!.split('#')[0]!)).status).toBe(200);
    expect(answer.body).toContain('<h2>Europa</h2>');
  });
});

/** The result links of a search page, as a visitor sees them. */
async function resultLinks(path: string, pattern: RegExp): Promise<string[]> {
  const html = (await page(path)).body;
  const lists = [...html.matchAll(/<ol class="result-list"[^>]*>(.*?)<\/ol>/gs)].map((m) => m[1]!).join('');
  return [...new Set([...lists.matchAll(/<h3><a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')))].filter((href) => pattern.test(href));
}

describe.runIf(built)('search results of news, events and where to buy', () => {
  it('open existing pages in the visitor language, with the anchors they name', async () => {
    const news = await resultLinks('/de/searchresult?q=Fertigungskapazit%C3%A4t', /company\/news/);
    const events = await resultLinks('/de/searchresult?q=Intersolar', /company\/events/);
    const whereToBuy = await resultLinks('/searchresult?tab=whereToBuy&size=48', /^\/company\//);
    const page2 = await resultLinks('/searchresult?tab=whereToBuy&size=48&page=2', /^\/company\//);
    expect(news.length).toBeGreaterThan(0);
    expect(events.length).toBeGreaterThan(0);
    expect(whereToBuy.length + page2.length).toBeGreaterThanOrEqual(20);
    // Each document opens its own language version (a German one the German page).
    for (const href of [...news, ...events]) expect(href).toMatch(/^(\/de|\/ja-jp)?\/company\/(news|events)\/[a-z0-9-]+$/);
    expect([...news, ...events].some((href) => href.startsWith('/de/'))).toBe(true);
    for (const href of [...news, ...events, ...whereToBuy, ...page2]) {
      const [path, anchor] = href.split('#');
      const opened = await page(path!);
      expect(opened.status, href).toBe(200);
      if (anchor) expect(opened.body, href).toContain(`id="${anchor}"`);
    }
  });
});

describe.runIf(built)('when Solr cannot be reached', () => {
  it('each list and item page says so in its language and answers 503, never kept', async () => {
    for (const path of ['/company/news', '/company/events', '/company/where-to-buy', '/company/locations', '/company/news/3', '/company/events/electronica-2026-11-10']) {
      const answer = await page(path, () => solrDown);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.body, path).toContain('This list cannot be loaded right now.');
    }
    expect((await page('/de/company/news', () => solrDown)).body).toContain('Diese Liste kann gerade nicht geladen werden.');
    const calendar = await page('/de/company/events/electronica-2026-11-10/calendar.ics', () => solrDown);
    expect(calendar.status).toBe(503);
    expect(calendar.body).toBe('Die Kalenderdatei kann gerade nicht erstellt werden. Bitte versuchen Sie es in einem Moment erneut.');
  });
});

describe.runIf(built)('the pages to list in a sitemap', () => {
  it('are every news and event page and list page of a language, each answering 200', async () => {
    const solr = createSolrClient({ url: `${site.url}/solr`, user: 'solr', password: 'local-solr-password' });
    const context = { solr } as unknown as Parameters<typeof companyItemPaths>[0];
    const german = await companyItemPaths(context, 'de');
    expect(german.filter((path) => /^\/de\/company\/news\/[0-9]+$/.test(path))).toHaveLength(80);
    expect(german.filter((path) => /^\/de\/company\/events\/[a-z0-9-]+$/.test(path))).toHaveLength(FAIRS_LISTED);
    expect(german).toContain('/de/company/news?page=7');
    expect(german).not.toContain('/de/company/news?page=8');
    for (const path of german.filter((_, i) => i % 9 === 0)) expect((await page(path)).status, path).toBe(200);
  });
});
