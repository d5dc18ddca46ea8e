import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetMediaLibraryRule, mediaLibrary } from '~/lib/media-library.server.ts';
import { loadConfig } from '../../server/config.ts';
import { startDemoSite } from '../../standins/launcher.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { DESIGN_CENTER_APPLICATIONS, applicationPath, designCenterApplicationPaths } from '@voltaris/catalogue/design-center-applications';
import { DataFileError, industryRelayListSchema, readDataFile, selectionGuideSchema } from '../../app/plugins/design-center/data-files.server.ts';
import { ContentStore } from '@voltaris/content-files/content-store';
import { createLayoutServiceRouter } from '../../standins/layout/router.ts';

// The design center over real HTTP on the built site: the guide, the 33 application pages and
// every family and document they link to, 404s, the two data files, and the media link rule.
// One test visitor opens every family and document of 33 pages: the per-visitor search limit is off.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '20000', SEARCH_RATE_LIMIT_PER_MINUTE: '0' }, { timeout: 120_000 });

/** node:http rather than fetch: fetch does not send a Host header of our choosing (the Chinese host). */
const get = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const req = request(`${site.url}${path}`, { headers: { dnt: '1', ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
const hrefs = (body: string, pattern: RegExp) => [...new Set([...body.matchAll(pattern)].map((match) => match[1]!.replaceAll('&amp;', '&')))];

/** Fetches every path, a few at a time, and returns those that did not answer as expected. */
async function failing(paths: string[], ok: (status: number, type: string) => boolean): Promise<string[]> {
  const bad: string[] = [];
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const response = await fetch(`${site.url}${next}`, { redirect: 'manual' });
        await response.arrayBuffer();
        if (!ok(response.status, response.headers.get('content-type') ?? '')) bad.push(`${response.status} ${next}`);
      }
    }),
  );
  return bad;
}

describe.runIf(built)('design center guide', () => {
  it('lists the 33 applications by market in four languages, and every card opens its page', async () => {
    expect(DESIGN_CENTER_APPLICATIONS).toHaveLength(33);
    for (const [prefix, host] of [['', undefined], ['/de', undefined], ['/ja-jp', undefined], ['', 'www.voltaris.com.cn']] as const) {
      const page = await get(`${prefix}/design-center`, host ? { host } : {});
      expect(page.status).toBe(200);
      const cards = hrefs(page.body, new RegExp(`href="(${prefix}/design-center/applications/[^"/]+/[^"/?#]+)"`, 'g'));
      expect(cards, `${prefix || host}/design-center`).toHaveLength(33);
      expect(cards.map((href) => href.slice(prefix.length)).sort()).toEqual(DESIGN_CENTER_APPLICATIONS.map(applicationPath).sort());
    }
    // Every card of the English guide opens a page titled with the application's name.
    const en = await get('/design-center');
    for (const application of DESIGN_CENTER_APPLICATIONS) {
      const page = await get(applicationPath(application));
      expect(page.status, applicationPath(application)).toBe(200);
      expect(page.body).toMatch(new RegExp(`<h1[^>]*>${application.name.en}</h1>`));
      expect(en.body).toContain(`href="${applicationPath(application)}"`);
    }
    // The guide links the selection guide, the relay list, the arc-flash calculator and the resource library, all there.
    for (const link of ['/design-center/selection-guide', '/design-center/industry-relay-list', '/design-center/arc-flash-calculator', '/resource-library']) {
      expect(en.body).toContain(`href="${link}"`);
      expect((await get(link)).status, link).toBe(200);
    }
  }, 120_000);

  it('narrows to a market (?market=) and refuses one that does not exist, in the page language', async () => {
    const energy = await get('/design-center?market=energy');
    expect(hrefs(energy.body, /href="(\/design-center\/applications\/[^"]+)"/g).sort()).toEqual(
      DESIGN_CENTER_APPLICATIONS.filter((application) => application.market.slug === 'energy').map(applicationPath).sort(),
    );
    const unknown = await get('/de/design-center?market=mars');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('Diesen Markt gibt es nicht');
  });
});

describe.runIf(built)('design center application pages', () => {
  it('recommend families whose links open series pages, and documents whose links open files', async () => {
    const families = new Set<string>();
    const documents = new Set<string>();
    for (const application of DESIGN_CENTER_APPLICATIONS) {
      const { body } = await get(applicationPath(application));
      const own = hrefs(body, /href="(\/products\/[^"?#]+\/[^"?#]+\/[^"?#]+\/[^"?#]+)"/g);
      const files = hrefs(body, /href="(\/media\/resources\/[^"]+\.pdf)"/g);
      expect(own.length, `${applicationPath(application)} families`).toBeGreaterThan(0);
      expect(files.length, `${applicationPath(application)} documents`).toBeGreaterThan(0);
      // The selection guide: one row per function of the data file, each with the listing filtered to its window.
      const rows = readDataFile('selectionGuide').applications.find((entry) => entry.application === application.slug)!.rows;
      expect(body.match(/<tr>/g)?.length).toBeGreaterThanOrEqual(rows.length + 1);
      expect(body).toMatch(/href="\/products\/[^"]+\?(min|max)_[a-z0-9]+=/);
      // Every function of the selection guide has series in the catalogue.
      expect(body, `${applicationPath(application)}: a row without series`).not.toContain('<td>–</td>');
      own.forEach((href) => families.add(href));
      files.forEach((href) => documents.add(href));
    }
    expect(await failing([...families], (status, type) => status === 200 && type.includes('text/html'))).toEqual([]);
    expect(await failing([...documents], (status, type) => status === 200 && type.includes('application/pdf'))).toEqual([]);
  }, 300_000);

  it('picks series inside the parameter window, of the application market first', async () => {
    // USB Type-C chargers: a TVS for the PD output must stand off 20 V to 58 V.
    const { body } = await get('/design-center/applications/consumer-electronics/usb-type-c-chargers');
    const row = body.slice(body.indexOf('USB PD output overvoltage'));
    const links = hrefs(row.slice(0, row.indexOf('</tr>')), /href="(\/products\/circuit-protection\/tvs-diodes\/[^"?]+\/[^"?]+)"/g);
    expect(links.length).toBeGreaterThan(0);
    // Asked of the index itself: every series shown has parts in the window, sold into the market.
    const partsOf = async (aq: string) => {
      const response = await fetch(`${site.url}/rest/search/v2?organizationId=local`, {
        method: 'POST',
        headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' },
        body: JSON.stringify({ aq, numberOfResults: 0 }),
      });
      return ((await response.json()) as { totalCount: number }).totalCount;
    };
    for (const href of links) {
      const series = decodeURIComponent(href.split('/').at(-1)!).toUpperCase();
      expect(await partsOf(`@objecttype==Product @series=="${series}" @standoffvoltage>=20 @standoffvoltage<=58 @market=="Consumer Electronics"`), href).toBeGreaterThan(0);
      expect((await get(href)).status).toBe(200);
    }
    // The row's range opens the listing filtered to the same window.
    expect(row).toContain('href="/products/circuit-protection/tvs-diodes?min_standoffvoltage=20V&amp;max_standoffvoltage=58V"');
    expect((await get('/products/circuit-protection/tvs-diodes?min_standoffvoltage=20V&max_standoffvoltage=58V')).status).toBe(200);
  });

  it('are in German, Japanese and Chinese with the page language', async () => {
    const de = await get('/de/design-center/applications/energy/smart-meters');
    expect(de.body).toMatch(/<html lang="de"/);
    expect(de.body).toContain('<h1>Intelligente Stromzähler</h1>');
    expect(de.body).toContain('Was die Schaltung schützen, erfassen und schalten muss');
    const ja = await get('/ja-jp/design-center/applications/medical/patient-monitors');
    expect(ja.body).toMatch(/<html lang="ja-JP"/);
    expect(ja.body).toContain('<h1>患者モニタ</h1>');
    const zh = await get('/design-center/applications/home-appliances/induction-cooktops', { host: 'www.voltaris.com.cn' });
    expect(zh.status).toBe(200);
    expect(zh.body).toMatch(/<html lang="zh-CN"/);
    expect(zh.body).toContain('<h1>电磁炉</h1>');
    expect(zh.body).toContain('推荐产品系列');
  });

  it('answer 404 for a market or application there is none of, and a market page for a market', async () => {
    for (const path of ['/design-center/applications/mars/rovers', '/design-center/applications/automotive/rovers', '/design-center/applications/automotive/adas/more', '/de/design-center/applications/nowhere']) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
    }
    const market = await get('/design-center/applications/medical');
    expect(market.status).toBe(200);
    // What the sitemap lists: 8 market pages and 33 application pages, each there.
    const paths = designCenterApplicationPaths();
    expect(paths).toHaveLength(41);
    expect(await failing(paths, (status) => status === 200)).toEqual([]);
    expect(market.body).toContain('href="/design-center/applications/medical/infusion-pumps"');
    const upper = await get('/design-center/applications/Automotive/ADAS');
    expect(upper.status).toBe(301);
  });

  it('are what the designcenter search tab links to, in the visitor language', async () => {
    const en = await get('/searchresult?q=smart%20meters&tab=designcenter');
    expect(en.body).toContain('href="/design-center/applications/energy/smart-meters"');
    const de = await get('/de/searchresult?q=Batteriemanagementsysteme&tab=designcenter');
    expect(de.body).toContain('href="/de/design-center/applications/automotive/battery-management-systems"');
    expect((await get('/de/design-center/applications/automotive/battery-management-systems')).status).toBe(200);
  });
});

describe.runIf(built)('selection guide and industry relay list', () => {
  it('are JSON files served as they are, that pass their schemas and cover every application', async () => {
    for (const [url, file, schema] of [
      ['/data/selection-guide.json', 'public/data/selection-guide.json', selectionGuideSchema],
      ['/data/industry-relay-list.json', 'public/data/industry-relay-list.json', industryRelayListSchema],
    ] as const) {
      const served = await get(url);
      expect(served.status).toBe(200);
      expect(served.type).toContain('application/json');
      expect(JSON.parse(served.body)).toEqual(JSON.parse(readFileSync(file, 'utf8')));
      expect(schema.safeParse(JSON.parse(served.body)).success).toBe(true);
    }
    const guide = readDataFile('selectionGuide');
    const covered = guide.applications.map((entry) => `/design-center/applications/${entry.market}/${entry.application}`).sort();
    expect(covered).toEqual(DESIGN_CENTER_APPLICATIONS.map(applicationPath).sort());
  });

  it('refuse a file naming a parameter the product type does not have', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'design-center-'));
    const guide = JSON.parse(readFileSync('public/data/selection-guide.json', 'utf8'));
    guide.applications[0].rows[0].parameter = 'flux capacity';
    writeFileSync(path.join(dir, 'selection-guide.json'), JSON.stringify(guide));
    expect(() => readDataFile('selectionGuide', dir)).toThrow(DataFileError);
    expect(() => readDataFile('selectionGuide', dir)).toThrow(/applications\.0\.rows\.0\.parameter: fuses has no parameter "flux capacity"/);
  });

  it('render as tables with a GET filter, and say what is wrong with a bad one', async () => {
    const all = await get('/design-center/selection-guide');
    const total = readDataFile('selectionGuide').applications.reduce((sum, entry) => sum + entry.rows.length, 0);
    expect(all.body.match(/<tbody>[\s\S]*<\/tbody>/)![0].match(/<tr>/g)).toHaveLength(total);
    const varistors = await get('/design-center/selection-guide?market=energy&q=varistor');
    const rows = varistors.body.match(/<tbody>[\s\S]*<\/tbody>/)![0].match(/<tr>/g)!.length;
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(total);
    expect(varistors.body).toContain('href="/products/circuit-protection/varistors?');
    const japanese = await get('/ja-jp/design-center/selection-guide?q=' + encodeURIComponent('x'.repeat(101)));
    expect(japanese.status).toBe(400);
    expect(japanese.body).toContain('絞り込みの文字列は100文字以内で入力してください。');
    const relays = await get('/de/design-center/industry-relay-list?market=medical');
    expect(relays.status).toBe(200);
    expect(relays.body).toContain('Medizintechnik');
    const relayLinks = hrefs(relays.body, /href="(\/de\/products\/power-control\/relays\/[^"]+)"/g);
    expect(relayLinks.length).toBeGreaterThan(0);
    expect(await failing(relayLinks, (status) => status === 200)).toEqual([]);
  });
});

describe.runIf(built)('GetMediaLibUrl, the media link rule', () => {
  const contextFor = (apiHost: string) => ({ config: { layout: { apiHost, apiKey: 'local-layout-key' } } }) as unknown as AppLoadContext;
  let other: Server;
  let otherHost: string;
  const tell = (host: string, mode: string) =>
    fetch(`${host}/clientapi/DesignCenter/_control`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-control-token': 'local-control-token' }, body: JSON.stringify({ mode }) });

  beforeAll(async () => {
    // A content host whose media library is elsewhere.
    const app = express().use(createLayoutServiceRouter({ store: new ContentStore({ dir: 'fixtures/content', watch: false }), apiKey: 'local-layout-key', siteName: 'website', mediaLibUrl: 'https://media.voltaris.example/-/media' }));
    other = createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => other.once('listening', resolve));
    otherHost = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => other.close(resolve)));

  it('is answered by the embedded content host with the API token only', async () => {
    expect((await get('/clientapi/DesignCenter/GetMediaLibUrl')).status).toBe(401);
    const answer = await get('/clientapi/DesignCenter/GetMediaLibUrl', { 'x-api-token': 'local-layout-key' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ mediaLibUrl: '/media', linkTemplate: '{mediaLibUrl}/{itemPath}' });
  });

  it('builds media links through its client, and falls back to /media when the content host fails', async () => {
    forgetMediaLibraryRule();
    const embedded = await mediaLibrary(contextFor(site.url));
    expect(embedded.source).toBe('content-host');
    expect(embedded.link('resources/datasheet/0451-datasheet.pdf')).toBe('/media/resources/datasheet/0451-datasheet.pdf');
    const elsewhere = await mediaLibrary(contextFor(otherHost));
    expect(elsewhere.link('/design-center/app battery.svg')).toBe('https://media.voltaris.example/-/media/design-center/app%20battery.svg');
    try {
      expect((await tell(otherHost, '500')).status).toBe(200);
      forgetMediaLibraryRule();
      const failed = await mediaLibrary(contextFor(otherHost));
      expect(failed.source).toBe('fallback');
      expect(failed.link('resources/datasheet/0451-datasheet.pdf')).toBe('/media/resources/datasheet/0451-datasheet.pdf');
    } finally {
      await tell(otherHost, 'ok');
      forgetMediaLibraryRule();
    }
  });

  it('leaves the pages whole when it fails: pictures and documents from the site media library', async () => {
    expect((await tell(site.url, '500')).status).toBe(200);
    // A second site on the same content host under another name, so it has never had an answer
    // from it (the rule is kept per content host): it must fall back, and says so in its log.
    // The site's log: JSON lines on stdout (server/log.ts).
    const warnings = vi.spyOn(process.stdout, 'write');
    const second = await startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: '0', CATALOGUE_PRODUCTS: '2000', SITECORE_API_HOST: site.url.replace('127.0.0.1', 'localhost') }));
    try {
      const page = await fetch(`${second.url}/design-center/applications/energy/smart-meters`);
      expect(page.status).toBe(200);
      const body = await page.text();
      expect(body).toMatch(/<img[^>]+src="\/media\/app-meter\.svg"/);
      expect((await fetch(`${site.url}/media/app-meter.svg`)).status).toBe(200);
      expect(body).toMatch(/href="\/media\/resources\/[^"]+\.pdf"/);
      expect(warnings.mock.calls.some((call) => String(call[0]).includes('media library rule unavailable, using /media: GetMediaLibUrl answered 500'))).toBe(true);
    } finally {
      warnings.mockRestore();
      await second.close();
      await tell(site.url, 'ok');
    }
  }, 120_000);
});
