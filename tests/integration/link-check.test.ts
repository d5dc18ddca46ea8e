import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildSite, type ChildSite } from '../support/child-site.ts';
import { crawl, describeBroken, linksIn, type CrawlReport } from '../support/link-crawler.ts';

/**
 * Every place a visitor can reach exists: a bounded crawl of the built site from the home pages of the
 * four languages (the Chinese one on its own host) and from the results of searches on every tab, in
 * which any internal link answering 4xx or 5xx fails the run with the pages that link to it. Then the
 * sitemaps must name every page the crawl found.
 */

const MAX_PAGES = 3000;
const TABS = ['mainsearch', 'parametric', 'designcenter', 'whereToBuy'];
const QUERIES: Record<string, string[]> = {
  '': ['fuse', 'varistor', 'how', 'what', 'announces', 'webinar', 'exhibition', 'distributor', 'office', 'application', 'careers', 'quality', 'datasheet', 'relay', 'sensor'],
  '/de': ['sicherung', 'varistor', 'wie', 'messe', 'distributor', 'anwendung', 'datenblatt'],
  '/ja-jp': ['ヒューズ', 'バリスタ', 'サンプル'],
};

let site: ChildSite;
let dataDir: string;
let report: CrawlReport;
let chineseOrigin: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'link-check-'));
  // One crawler is one visitor: the per-visitor limits would only slow it down.
  site = await startChildSite({ DATA_DIR: dataDir, SEARCH_RATE_LIMIT_PER_MINUTE: '0', FORM_RATE_LIMIT_PER_MINUTE: '0' });
  const url = new URL(site.url);
  // The demo's Chinese twin of a loopback host is cn.localhost (decision 0086): the host its sitemaps name.
  chineseOrigin = `${url.protocol}//cn.localhost:${url.port}`;
  const starts = ['/', '/de/', '/ja-jp/', `${chineseOrigin}/`];
  for (const [prefix, queries] of Object.entries(QUERIES)) {
    for (const q of queries) for (const tab of TABS) starts.push(`${prefix}/searchresult?q=${encodeURIComponent(q)}&tab=${tab}`);
  }
  for (const q of ['保险丝', '压敏电阻']) for (const tab of TABS) starts.push(`${chineseOrigin}/searchresult?q=${encodeURIComponent(q)}&tab=${tab}`);
  report = await crawl({ origin: site.url, aliases: [chineseOrigin], starts, maxPages: MAX_PAGES, concurrency: 4 });
}, 900_000);

afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the link check', () => {
  it('finds no internal link answering 4xx or 5xx', () => {
    expect(report.visited.size).toBeGreaterThan(500);
    expect(describeBroken(report.broken)).toBe('');
  });

  it('reached every area of the site in every language', () => {
    const paths = report.pages.map((page) => new URL(page).pathname);
    for (const prefix of ['', '/de', '/ja-jp']) {
      for (const area of ['/support/faq', '/company/news', '/company/events', '/company/where-to-buy', '/design-center', '/resource-library', '/supplier-area']) {
        expect(paths, `${prefix}${area}`).toContain(`${prefix}${area}`);
      }
    }
    expect(report.pages.filter((page) => page.startsWith(chineseOrigin)).length).toBeGreaterThan(20);
  });

  it('finds every page it reached in the sitemaps robots.txt names', async () => {
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    const sitemaps = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((match) => match[1]!);
    expect(sitemaps[0]).toBe(`${site.url}/sitemap.xml`);
    const listed = new Set<string>();
    for (const address of sitemaps) {
      const response = await fetch(address);
      expect(response.status, address).toBe(200);
      for (const loc of linksIn(await response.text())) listed.add(loc);
    }
    const missing = report.pages.filter((page) => !listed.has(page));
    expect(missing.slice(0, 30)).toEqual([]);
  });
});
