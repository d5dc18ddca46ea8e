import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { rawRequest } from '../support/raw-http.ts';

/**
 * Trade names, languages as typed and questions (docs/decisions/0166-0168), as the visitor reads
 * the results page of the built site over HTTP: the links of the results in order, the count, and
 * whether a smart snippet answers. The page is server-rendered: what it shows without JavaScript.
 */
// A smaller catalogue than the demo's starts in time; every family and language is in it.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '4000' }, { timeout: 180_000 });
const ZH_HOST = 'www.voltaris.example.cn';

interface Page {
  links: string[];
  titles: string[];
  total: number;
  snippet: boolean;
}

async function results(q: string, prefix = '', host?: string): Promise<Page> {
  const { status, body } = await rawRequest(site.url, `${prefix}/searchresult?q=${encodeURIComponent(q)}`, { headers: host ? { host } : {} });
  expect(status, q).toBe(200);
  const html = body.replace(/<script\b[\s\S]*?<\/script>/gi, ' ');
  // Each result item with its heading link (a folded series' other parts are items without one).
  const items = html
    .split('<li class="result')
    .slice(1)
    .filter((item) => /<h3><a href=/.test(item.split('<li')[0]!));
  const links = items.map((item) => /<h3><a href="([^"]*)"/.exec(item)?.[1] ?? '');
  const titles = items.map((item) => (/<h3><a [^>]*>([\s\S]*?)<\/a>/.exec(item)?.[1] ?? '').replace(/<[^>]+>/g, ''));
  const total = Number(/data-total="(\d+)"/.exec(html)?.[1] ?? 0);
  return { links, titles, total, snippet: html.includes('class="smart-snippet"') };
}

const under = (links: string[], path: string) => links.slice(0, 5).filter((link) => link.includes(path)).length;

describe.runIf(built)('trade names, synonyms and misspellings (thesaurus rules)', () => {
  it('"polyfuse" and "resetable fuse" list PTC resettable fuses first', async () => {
    for (const q of ['polyfuse', 'resetable fuse']) expect(under((await results(q)).links, '/ptc-resettable-fuses/'), q).toBeGreaterThanOrEqual(3);
  });

  it('"surge arrester" lists gas discharge tubes first, in English and German', async () => {
    expect(under((await results('surge arrester')).links, '/gas-discharge-tubes/')).toBeGreaterThanOrEqual(3);
    expect(under((await results('Überspannungsableiter', '/de')).links, '/gas-discharge-tubes/')).toBeGreaterThanOrEqual(3);
  });

  it('"ssr" lists solid-state relays, products first, not relay datasheets', async () => {
    const page = await results('ssr');
    expect(page.links[0]).toMatch(/^\/products\/.*\/solid-state-relays\//);
    expect(under(page.links, '/solid-state-relays/')).toBeGreaterThanOrEqual(3);
  });

  it('"termistor" (misspelt) and "サーミスタ" list NTC thermistors', async () => {
    expect((await results('termistor')).links[0]).toContain('/ntc-thermistors/');
    expect((await results('サーミスタ', '/ja-jp')).links[0]).toContain('/ntc-thermistors/');
  });
});

describe.runIf(built)('Japanese, Chinese and German as typed', () => {
  it('"10Aヒューズ" finds fuses, as "10A ヒューズ" does', async () => {
    const typed = await results('10Aヒューズ', '/ja-jp');
    const spaced = await results('10A ヒューズ', '/ja-jp');
    expect(typed.total).toBeGreaterThan(0);
    expect(typed.links[0]).toContain('/fuses/');
    expect(typed.total).toBe(spaced.total);
  });

  it('"表面実装ヒューズ" finds surface mount fuses, as "表面実装 ヒューズ" does', async () => {
    const typed = await results('表面実装ヒューズ', '/ja-jp');
    expect(typed.links[0]).toContain('/surface-mount-fuses/');
    expect(typed.links.slice(0, 3)).toEqual((await results('表面実装 ヒューズ', '/ja-jp')).links.slice(0, 3));
  });

  it('"保险丝10A" finds fuses on the Chinese site, as "保险丝 10A" does', async () => {
    const typed = await results('保险丝10A', '', ZH_HOST);
    expect(typed.total).toBeGreaterThan(0);
    expect(typed.links[0]).toContain('/fuses/');
    expect(typed.total).toBe((await results('保险丝 10A', '', ZH_HOST)).total);
  });

  it('"SMD-Sicherung" lists surface mount fuses first, not PTCs', async () => {
    const page = await results('SMD-Sicherung', '/de');
    expect(under(page.links, '/fuses/surface-mount-fuses/')).toBeGreaterThanOrEqual(3);
  });
});

describe.runIf(built)('questions without an FAQ of their own', () => {
  it('"how does a reed switch work" gives reed switch results, the first about reed, without a snippet that does not answer', async () => {
    const page = await results('how does a reed switch work');
    expect(page.total).toBeGreaterThan(0);
    expect(`${page.links[0]} ${page.titles[0]}`).toMatch(/reed/i);
    expect(page.snippet).toBe(false);
  });

  it('"wie funktioniert ein Reedschalter" gives Reedschalter results', async () => {
    const page = await results('wie funktioniert ein Reedschalter', '/de');
    expect(page.total).toBeGreaterThan(0);
    expect(`${page.links[0]} ${page.titles[0]}`).toMatch(/reed/i);
    expect(page.snippet).toBe(false);
  });

  it('a question an FAQ answers still shows the snippet', async () => {
    expect((await results('how should thyristors be stored')).snippet).toBe(true);
  });
});
