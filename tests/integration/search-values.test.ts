import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { visibleText } from '../support/visible-text.ts';

/**
 * Values with units in the query (REQ-SEARCH-22, decision 0163), over HTTP, as the visitor reads the
 * results page: the first part listed has the value, the value is a removable filter, the count is
 * the narrowed one, and paging and sorting keep it.
 */
const site = demoSiteForSuite();

interface Page {
  html: string;
  total: number;
  /** The visible text of each top-level result that links to a part page, in order. */
  parts: string[];
  /** The removable filters: their text and link. */
  filters: Array<{ text: string; href: string }>;
  text: string;
}

const strip = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

async function search(query: string, prefix = '', extra = ''): Promise<Page> {
  const response = await fetch(`${site.url}${prefix}/searchresult?q=${encodeURIComponent(query)}${extra}`);
  expect(response.status).toBe(200);
  const html = (await response.text()).replace(/<script\b[\s\S]*?<\/script>/gi, ' ');
  const total = Number(/data-total="(\d+)"/.exec(html)?.[1] ?? NaN);
  const parts = html
    .split('<li class="result')
    .slice(1)
    .filter((item) => /<h3><a href="\/[a-z-]*\/?products\//.test(item))
    .map((item) => strip(item.split('<div class="result__folded"')[0]!));
  const nav = /<nav class="search-breadcrumbs"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  const filters = [...nav.matchAll(/<li class="search-breadcrumbs__value"><a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({ href: match[1]!.replaceAll('&amp;', '&'), text: strip(match[2]!.replace(/<!--.*?-->/g, '')) }));
  return { html, total, parts, filters, text: visibleText(html, prefix ? prefix.slice(1) : 'en').join(' ') };
}

const qOf = (href: string) => new URL(href, 'http://site').searchParams.get('q');

describe.runIf(built)('values with units in the search query (REQ-SEARCH-22)', () => {
  it('"10 A fuse": a 10 A fuse first, the value a removable filter, the count narrowed', async () => {
    const [page, fuses] = await Promise.all([search('10 A fuse'), search('fuse')]);
    expect(page.parts[0]).toMatch(/(^|[^0-9.])10 A\b/);
    expect(page.total).toBeGreaterThan(0);
    expect(page.total).toBeLessThan(fuses.total);
    expect(page.filters).toEqual([{ text: 'Rated current: 10 A ×', href: expect.any(String) }]);
    expect(qOf(page.filters[0]!.href)).toBe('fuse');
    // Every part listed has the value.
    for (const part of page.parts) expect(part).toMatch(/(^|[^0-9.])10 A\b/);
    // Removing the filter searches the rest of the query.
    const removed = await search('fuse');
    expect(removed.filters).toEqual([]);
  });

  it('"10 mA fuse" lists a 10 mA fuse first; "500 mA fuse" and "0.5 A fuse" a 500 mA one', async () => {
    const tiny = await search('10 mA fuse');
    expect(tiny.parts[0]).toMatch(/(^|[^0-9.])10 mA\b/);
    for (const query of ['500 mA fuse', '0.5 A fuse', '500mA fuse']) {
      const page = await search(query);
      expect(page.parts[0], query).toMatch(/(^|[^0-9.])500 mA\b/);
      expect(page.filters.map((filter) => filter.text)).toEqual(['Rated current: 500 mA ×']);
    }
  });

  it('two values narrow together, each removable on its own', async () => {
    const page = await search('2 A 250 V fuse');
    expect(page.filters.map((filter) => [filter.text, qOf(filter.href)])).toEqual([
      ['Rated current: 2 A ×', '250 V fuse'],
      ['Rated voltage: 250 V ×', '2 A fuse'],
    ]);
    if (page.total > 0) expect(page.parts[0]).toMatch(/(^|[^0-9.])2 A, 250 V\b/);
  });

  it('paging and sorting keep the filter and its count', async () => {
    const first = await search('1 A fuse');
    expect(first.total).toBeGreaterThan(12);
    const [second, sorted] = await Promise.all([search('1 A fuse', '', '&page=2'), search('1 A fuse', '', '&sort=partnumber')]);
    for (const page of [second, sorted]) {
      expect(page.total).toBe(first.total);
      expect(page.filters.map((filter) => filter.text)).toEqual(['Rated current: 1 A ×']);
      expect(page.parts[0]).toMatch(/(^|[^0-9.])1 A\b/);
    }
  });

  it('German, Japanese and Chinese: the value read, named in the page language', async () => {
    const german = await search('Sicherung 10 A', '/de');
    expect(german.parts[0]).toMatch(/(^|[^0-9,])10 A\b/);
    expect(german.filters.map((filter) => filter.text)).toEqual(['Nennstrom: 10 A ×']);
    const comma = await search('Sicherung 1,6 A', '/de');
    expect(comma.filters.map((filter) => filter.text)).toEqual(['Nennstrom: 1,6 A ×']);
    expect(comma.parts[0]).toMatch(/(^|[^0-9,.])1[,.]6 A\b/);
    const japanese = await search('10Aヒューズ', '/ja-jp');
    expect(japanese.total).toBeGreaterThan(0);
    expect(japanese.filters.map((filter) => filter.text)).toEqual(['定格電流：10 A ×']);
    const wide = await search('１０Ａ ヒューズ', '/ja-jp');
    expect(wide.total).toBe(japanese.total);
  });

  it('current is a PTC hold current, voltage a varistor AC voltage', async () => {
    const ptc = await search('1.1 A ptc');
    expect(ptc.filters.map((filter) => filter.text)).toEqual(['Hold current: 1.1 A ×']);
    expect(ptc.parts[0]).toMatch(/PTC/);
    expect(ptc.parts[0]).toMatch(/(^|[^0-9.])1\.1 A\b/);
    // No PTC holds exactly 1.5 A (the ladder has 1.35 A and 1.6 A): the nearest ratings, said so.
    const near = await search('1.5 A ptc');
    expect(near.filters.map((filter) => filter.text)).toEqual(['Hold current: about 1.5 A (nearest ratings) ×']);
    expect(near.total).toBeGreaterThan(0);
    expect(near.parts[0]).toMatch(/PTC/);
    expect(near.parts[0]).toMatch(/(^|[^0-9.])1\.(35|6) A\b/);
    const varistor = await search('275 V varistor');
    expect(varistor.filters.map((filter) => filter.text)).toEqual(['Max. AC voltage: 275 V ×']);
    expect(varistor.parts[0]).toMatch(/(^|[^0-9.])275 V\b/);
  });

  it('a value the site cannot place stays text: no filter, the words searched', async () => {
    const page = await search('10 A');
    expect(page.filters).toEqual([]);
    expect(page.text).not.toMatch(/Rated current: 10 A ×/);
  });
});
