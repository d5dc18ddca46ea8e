import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLayoutPort } from '~/cms/layout-service.server.ts';
import { loadConfig } from '../../server/config.ts';
import type { RunningSite } from '../../server/site.ts';
import { startDemoSite } from '../../standins/launcher.ts';
import { ContentStore } from '@voltaris/content-files/content-store';
import { createInProcessLayoutFetch } from '../../standins/layout/in-process-fetch.ts';
import { createLayoutServiceRouter } from '../../standins/layout/router.ts';

const API_KEY = 'local-layout-key';
const SITE = 'website';
let store: ContentStore;
let server: Server;
let origin: string;
/** Requests that reached the stand-in over a socket. */
const overHttp: string[] = [];

beforeAll(async () => {
  store = new ContentStore({ dir: 'fixtures/content' });
  const app = express()
    .use((req, _res, next) => {
      overHttp.push(req.originalUrl);
      next();
    })
    .use(createLayoutServiceRouter({ store, apiKey: API_KEY, siteName: SITE }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  store.close();
});

/** What a client can tell apart: status, the headers the stand-in sets, and the body. */
async function seen(response: Response) {
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    allowOrigin: response.headers.get('access-control-allow-origin'),
    body: await response.text(),
  };
}

describe('the layout stand-in answered in process', () => {
  it('gives the HTTP route’s answer, status, headers and key check included, without a socket', async () => {
    const direct = createInProcessLayoutFetch({ store, apiKey: API_KEY, siteName: SITE, origin: () => origin });
    const paths = [
      `/sitecore/api/layout/render/jss?item=%2F&sc_apikey=${API_KEY}&sc_site=${SITE}&sc_lang=de&tracking=false`,
      `/sitecore/api/layout/render/jss?item=%2Fsearchresult&sc_apikey=${API_KEY}&sc_site=${SITE}&sc_lang=ja-JP`,
      `/sitecore/api/layout/render/jss?item=%2Fno%2Fsuch%2Fitem&sc_apikey=${API_KEY}&sc_site=${SITE}&sc_lang=en`,
      `/sitecore/api/layout/render/jss?item=%2F&sc_site=${SITE}&sc_lang=en`,
      `/sitecore/api/layout/render/jss?item=%2F&sc_apikey=wrong-key&sc_lang=en`,
      `/sitecore/api/layout/render/jss?item=%2F&sc_apikey=${API_KEY}&sc_site=other-site`,
      `/sitecore/api/layout/render/jss?sc_apikey=${API_KEY}`,
      `/sitecore/api/jss/dictionary/${SITE}/zh-CN?sc_apikey=${API_KEY}`,
      `/sitecore/api/jss/dictionary/${SITE}/xx?sc_apikey=${API_KEY}`,
      `/sitecore/api/jss/dictionary/${SITE}/en`,
      `/sitecore/api/layout/placeholder/jss?item=%2F&placeholderName=jss-main&sc_apikey=${API_KEY}`,
    ];
    const statuses = new Set<number>();
    for (const path of paths) {
      overHttp.length = 0;
      const inProcess = await seen(await direct(`${origin}${path}`));
      expect(overHttp, path).toEqual([]);
      const http = await seen(await fetch(`${origin}${path}`));
      expect(overHttp, path).toEqual([path]);
      expect(inProcess, path).toEqual(http);
      statuses.add(http.status);
    }
    // The list covers answers and refusals alike.
    expect([...statuses].sort()).toEqual([200, 400, 401, 404]);
  });

  it('feeds the JSS clients the same layout and dictionary as HTTP does', async () => {
    const config = { apiHost: origin, apiKey: API_KEY, siteName: SITE, timeoutMs: 5000, cacheDictionary: false, layoutCacheSeconds: 0 };
    const viaHttp = createLayoutPort(config);
    const inProcess = createLayoutPort({ ...config, fetch: createInProcessLayoutFetch({ store, apiKey: API_KEY, siteName: SITE, origin: () => origin }) });
    overHttp.length = 0;
    const [layout, missing, phrases] = await Promise.all([inProcess.fetchLayout('/products', 'de'), inProcess.fetchLayout('/no/such/item', 'en'), inProcess.fetchDictionary('ja-JP')]);
    expect(overHttp).toEqual([]);
    expect(layout).toEqual(await viaHttp.fetchLayout('/products', 'de'));
    expect(missing.sitecore.route).toBeNull();
    expect(missing).toEqual(await viaHttp.fetchLayout('/no/such/item', 'en'));
    expect(phrases).toEqual(await viaHttp.fetchDictionary('ja-JP'));
    expect(Object.keys(phrases).length).toBeGreaterThan(100);
  });

  it('sends a request for any other origin over HTTP', async () => {
    const direct = createInProcessLayoutFetch({ store, apiKey: API_KEY, siteName: SITE, origin: () => 'http://127.0.0.1:1' });
    overHttp.length = 0;
    const answer = await direct(`${origin}/sitecore/api/jss/dictionary/${SITE}/en?sc_apikey=${API_KEY}`);
    expect(answer.status).toBe(200);
    expect(overHttp).toHaveLength(1);
  });
});

describe('the site’s layout client', () => {
  let site: RunningSite | undefined;
  afterAll(async () => site?.close());

  it('asks a content host named by SITECORE_API_HOST over HTTP, layout and dictionary alike', async () => {
    site = await startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: '0', CATALOGUE_PRODUCTS: '1000', SITECORE_API_HOST: origin }));
    overHttp.length = 0;
    const page = await fetch(`${site.url}/de/products`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="de"');
    expect(overHttp.some((url) => url.startsWith('/sitecore/api/layout/render/jss?item=%2Fproducts') && url.includes('sc_lang=de'))).toBe(true);
    expect(overHttp.some((url) => url.startsWith(`/sitecore/api/jss/dictionary/${SITE}/de`))).toBe(true);
  });
});
