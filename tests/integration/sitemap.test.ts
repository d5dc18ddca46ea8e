import { createRequire } from 'node:module';
import { request } from 'node:http';
import type { GraphQLRequestClient as GraphQLRequestClientClass } from '@sitecore-jss/sitecore-jss/graphql';
import type { GraphQLRobotsService as RobotsServiceClass, GraphQLSitemapXmlService as SitemapServiceClass } from '@sitecore-jss/sitecore-jss/site';
import { describe, expect, it } from 'vitest';
import { demoSiteForSuite } from '../support/demo-site.ts';

const require = createRequire(import.meta.url);
const { GraphQLSitemapXmlService, GraphQLRobotsService } = require('@sitecore-jss/sitecore-jss/site') as {
  GraphQLSitemapXmlService: typeof SitemapServiceClass;
  GraphQLRobotsService: typeof RobotsServiceClass;
};
const { GraphQLRequestClient } = require('@sitecore-jss/sitecore-jss/graphql') as { GraphQLRequestClient: typeof GraphQLRequestClientClass };

/** /sitemap.xml, the product sitemaps and /robots.txt, and the content host's GraphQL site queries. */

const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '3000' });
const configured = demoSiteForSuite({ CATALOGUE_PRODUCTS: '3000', PUBLIC_ORIGIN: 'https://www.voltaris.example', ZH_PUBLIC_ORIGIN: 'https://www.voltaris.example.cn' });
const contentDown = demoSiteForSuite({ CATALOGUE_PRODUCTS: '3000', SITECORE_API_HOST: 'http://127.0.0.1:9', LAYOUT_TIMEOUT_MS: '1000' });

function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const urlsOf = (xml: string) => [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((match) => match[1]!);
const locOf = (url: string) => /<loc>([^<]+)<\/loc>/.exec(url)![1]!;
const alternatesOf = (url: string) => Object.fromEntries([...url.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));

describe('the content host (embedded stand-in) through JSS GraphQL site services', () => {
  const endpoint = () => `${site.url}/sitecore/api/graph/edge`;

  it('lists its sitemap, which names every page item in its languages and no wildcard item', async () => {
    const service = new GraphQLSitemapXmlService({ clientFactory: GraphQLRequestClient.createClientFactory({ endpoint: endpoint(), apiKey: 'local-layout-key' }), siteName: 'website' });
    const [address, ...more] = await service.fetchSitemaps();
    expect(more).toEqual([]);
    const xml = await (await fetch(address!)).text();
    const locs = urlsOf(xml).map(locOf);
    expect(locs).toContain(`${site.url}/en/`);
    expect(locs).toContain(`${site.url}/de/Legal/privacy-statement`);
    expect(locs).toContain(`${site.url}/ja-jp/design-center`);
    expect(locs.some((loc) => loc.includes(',-w-,'))).toBe(false);
  });

  it('answers the robots text editors wrote', async () => {
    const service = new GraphQLRobotsService({ clientFactory: GraphQLRequestClient.createClientFactory({ endpoint: endpoint(), apiKey: 'local-layout-key' }), siteName: 'website' });
    expect(await service.fetchRobots()).toMatch(/^User-agent: \*$/m);
  });

  it('refuses a wrong key and queries it does not answer', async () => {
    const wrongKey = new GraphQLRobotsService({ clientFactory: GraphQLRequestClient.createClientFactory({ endpoint: endpoint(), apiKey: 'nope' }), siteName: 'website' });
    await expect(wrongKey.fetchRobots()).rejects.toThrow();
    const other = await fetch(endpoint(), {
      method: 'POST',
      headers: { sc_apikey: 'local-layout-key', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ item(path: "/") { id } }' }),
    });
    expect((await other.json()).errors[0].message).toMatch(/only the siteInfo/);
  });
});

describe('/sitemap.xml', () => {
  it('lists CMS pages, indexed item pages and categories in four languages, each with its alternates', async () => {
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(response.headers.get('cache-control')).toMatch(/public/);
    const urls = urlsOf(await response.text());
    expect(urls.length).toBeGreaterThan(200);
    const home = urls.find((url) => locOf(url) === `${site.url}/de/`)!;
    const chinese = `${site.url.replace('127.0.0.1', '127.0.0.1.cn')}/`;
    expect(alternatesOf(home)).toEqual({ en: `${site.url}/`, de: `${site.url}/de/`, 'ja-JP': `${site.url}/ja-jp/`, 'zh-CN': chinese, 'x-default': `${site.url}/` });
    const locs = urls.map(locOf);
    expect(locs).toContain(`${site.url}/Legal/privacy-statement`);
    expect(locs).toContain(`${site.url}/ja-jp/products/circuit-protection/fuses`);
    // An item only the index knows (a news item) and one every language has.
    expect(locs.some((loc) => /\/de\/company\/news\/./.test(loc))).toBe(true);
    expect(locs.some((loc) => loc.includes(',-w-,') || loc.includes('#') || loc.includes('/media/'))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('uses the configured public origins, never the address it was asked on', async () => {
    const xml = await (await fetch(`${configured.url}/sitemap.xml`)).text();
    const locs = urlsOf(xml).map(locOf);
    expect(locs).toContain('https://www.voltaris.example/de/');
    expect(locs).toContain('https://www.voltaris.example.cn/');
    expect(xml).not.toContain('127.0.0.1');
  });

  it('is a 503 naming an error id, not a shorter list, when the content host is down', async () => {
    const response = await fetch(`${contentDown.url}/sitemap.xml`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(await response.text()).toMatch(/Error [0-9a-f]{8}/);
  });
});

describe('/robots.txt and the product sitemaps', () => {
  it('names /sitemap.xml and each product sitemap, which together list every part once per language', async () => {
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toMatch(/^Disallow: \/searchresult$/m);
    const sitemaps = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((match) => match[1]!);
    expect(sitemaps[0]).toBe(`${site.url}/sitemap.xml`);
    expect(sitemaps.length).toBeGreaterThan(1);
    const parts = new Set<string>();
    for (const address of sitemaps.slice(1)) {
      const urls = urlsOf(await (await fetch(address)).text());
      for (const url of urls) parts.add(locOf(url));
    }
    // 3,000 parts plus their series pages, in four languages.
    expect(parts.size).toBeGreaterThan(4 * 3000);
    const search = await fetch(`${site.url}/rest/search/v2?organizationId=local`, {
      method: 'POST',
      headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' },
      body: JSON.stringify({ aq: '@objecttype==Product', numberOfResults: 5, fieldsToInclude: ['clickableuri'] }),
    });
    for (const result of (await search.json()).results as Array<{ raw: { clickableuri: string } }>) {
      expect(parts.has(`${site.url}${result.raw.clickableuri}`)).toBe(true);
      expect(parts.has(`${site.url}/ja-jp${result.raw.clickableuri}`)).toBe(true);
    }
  });

  it('names the Chinese host\'s own addresses on the Chinese host', async () => {
    const host = `${new URL(site.url).hostname}.cn:${new URL(site.url).port}`;
    const { status, body } = await getWithHost(`${site.url}/robots.txt`, host);
    expect(status).toBe(200);
    expect(body).toContain(`Sitemap: http://${host}/sitemap.xml`);
  });

  it('answers 404 for a product sitemap that does not exist', async () => {
    expect((await fetch(`${site.url}/sitemaps/products-999.xml`)).status).toBe(404);
    expect((await fetch(`${site.url}/sitemaps/other.xml`)).status).toBe(404);
  });
});
