import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import express from 'express';
import type { RestDictionaryService as RestDictionaryServiceClass } from '@sitecore-jss/sitecore-jss/i18n';
import type { RestLayoutService as RestLayoutServiceClass } from '@sitecore-jss/sitecore-jss/layout';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLayoutPort, layoutServiceDown } from '~/cms/layout-service.server.ts';
import { ContentStore } from '@voltaris/content-files/content-store';
import { createLayoutServiceRouter } from '../../standins/layout/router.ts';

// The real JSS clients, loaded the way the app loads them (REQ-PLATFORM-2: CommonJS subpaths).
const require = createRequire(import.meta.url);
const { RestLayoutService } = require('@sitecore-jss/sitecore-jss/layout') as { RestLayoutService: typeof RestLayoutServiceClass };
const { RestDictionaryService } = require('@sitecore-jss/sitecore-jss/i18n') as {
  RestDictionaryService: typeof RestDictionaryServiceClass;
};

const API_KEY = 'local-layout-key';
const SITE = 'website';
let server: Server;
let layoutCalls = 0;
let apiHost: string;
let store: ContentStore;

beforeAll(async () => {
  store = new ContentStore({ dir: 'fixtures/content' });
  const app = express()
    .use((req, _res, next) => {
      if (req.path.startsWith('/sitecore/api/layout/render')) layoutCalls += 1;
      next();
    })
    .use(createLayoutServiceRouter({ store, apiKey: API_KEY, siteName: SITE }));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  apiHost = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  store.close();
});

describe('embedded layout service, spoken to by the real JSS RestLayoutService', () => {
  it('serves the German home route with placeholders', async () => {
    const service = new RestLayoutService({ apiHost, apiKey: API_KEY, siteName: SITE, tracking: false });
    const data = await service.fetchLayoutData('/', 'de');
    expect(data.sitecore.context).toMatchObject({ language: 'de', site: { name: SITE }, pageState: 'normal', pageEditing: false });
    expect(data.sitecore.route?.itemLanguage).toBe('de');
    expect(data.sitecore.route?.placeholders['jss-main']?.length).toBeGreaterThan(0);
    expect(data.sitecore.route?.placeholders['jss-header']?.[0]).toMatchObject({ componentName: 'Header' });
  });

  it('resolves an unknown item to route null (the 404 body), as JSS expects', async () => {
    const service = new RestLayoutService({ apiHost, apiKey: API_KEY, siteName: SITE });
    const data = await service.fetchLayoutData('/no/such/item', 'en');
    expect(data.sitecore.route).toBeNull();
  });

  it('serves every page in every language', async () => {
    const service = new RestLayoutService({ apiHost, apiKey: API_KEY, siteName: SITE });
    const pages = ['/', '/products', '/design-center', '/design-center/application-guide', '/resource-library', '/company/about', '/Legal/privacy-statement', '/sandbox/missing-datasource'];
    for (const language of ['en', 'de', 'ja-JP', 'zh-CN']) {
      for (const page of pages) {
        const data = await service.fetchLayoutData(page, language);
        expect(data.sitecore.route, `${page} in ${language}`).not.toBeNull();
        expect(data.sitecore.context.language).toBe(language);
      }
    }
  });

  it('answers a wrong or missing sc_apikey with a JSON error the client surfaces', async () => {
    const service = new RestLayoutService({ apiHost, apiKey: 'wrong', siteName: SITE });
    await expect(service.fetchLayoutData('/', 'en')).rejects.toMatchObject({ response: { status: 401 } });
    const response = await fetch(`${apiHost}/sitecore/api/layout/render/jss?item=/&sc_lang=en`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ error: 'invalid_api_key' });
  });

  it('answers without item with 400 and for another site with 400', async () => {
    const noItem = await fetch(`${apiHost}/sitecore/api/layout/render/jss?sc_apikey=${API_KEY}&sc_lang=en`);
    expect(noItem.status).toBe(400);
    const otherSite = await fetch(`${apiHost}/sitecore/api/layout/render/jss?item=/&sc_apikey=${API_KEY}&sc_site=other`);
    expect(otherSite.status).toBe(400);
    expect(await otherSite.json()).toMatchObject({ error: 'unknown_site' });
  });

  it('serves a placeholder on its own', async () => {
    const service = new RestLayoutService({ apiHost, apiKey: API_KEY, siteName: SITE });
    const data = await service.fetchPlaceholderData('jss-main', '/products', 'en');
    expect(data.name).toBe('jss-main');
    expect(data.elements.length).toBeGreaterThan(0);
  });
});

describe('embedded dictionary service, spoken to by the real JSS RestDictionaryService', () => {
  it('serves phrases in all four languages', async () => {
    const service = new RestDictionaryService({ apiHost, apiKey: API_KEY, siteName: SITE, cacheEnabled: false });
    const english = await service.fetchDictionaryData('en');
    for (const language of ['de', 'ja-JP', 'zh-CN']) {
      const phrases = await service.fetchDictionaryData(language);
      expect(Object.keys(phrases).sort(), language).toEqual(Object.keys(english).sort());
      expect(phrases['error.notFound.title'], language).not.toBe(english['error.notFound.title']);
    }
  });

  it('answers with the lang and app of the contract and a wildcard origin', async () => {
    const response = await fetch(`${apiHost}/sitecore/api/jss/dictionary/${SITE}/de?sc_apikey=${API_KEY}`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toMatchObject({ lang: 'de', app: SITE, phrases: expect.any(Object) });
  });
});

describe('the site’s layout port (JSS clients with a timeout)', () => {
  it('fetches layout and dictionary through the same clients', async () => {
    const port = createLayoutPort({ apiHost, apiKey: API_KEY, siteName: SITE, timeoutMs: 5000, cacheDictionary: false, layoutCacheSeconds: 0 });
    expect((await port.fetchLayout('/company/about', 'ja-JP')).sitecore.route?.displayName).toBeTruthy();
    expect((await port.fetchDictionary('zh-CN'))['site.name']).toBeTruthy();
  });

  it('reuses an item\'s layout data for layoutCacheSeconds, giving each caller its own copy', async () => {
    const port = createLayoutPort({ apiHost, apiKey: API_KEY, siteName: SITE, timeoutMs: 5000, cacheDictionary: false, layoutCacheSeconds: 30 });
    const before = layoutCalls;
    const [first, second] = await Promise.all([port.fetchLayout('/company/about', 'en'), port.fetchLayout('/company/about', 'en')]);
    const third = await port.fetchLayout('/Company/About', 'en');
    expect(layoutCalls - before).toBe(1);
    expect(first).toEqual(third);
    (first.sitecore.route!.placeholders as Record<string, unknown>)['jss-main'] = [];
    expect(second.sitecore.route!.placeholders['jss-main']).not.toEqual([]);
    await port.fetchLayout('/company/about', 'de');
    expect(layoutCalls - before).toBe(2);
  });

  it('fails with an error, not a hang, when the service is down', async () => {
    const port = createLayoutPort({ apiHost: 'http://127.0.0.1:9', apiKey: API_KEY, siteName: SITE, timeoutMs: 2000, cacheDictionary: false, layoutCacheSeconds: 0 });
    await expect(port.fetchLayout('/', 'en')).rejects.toThrow();
  });

  it('tells an outage (no answer, a time-out, a 5xx or 429) from a refusal of the site’s request (REQ-CMS-12)', async () => {
    const failure = async (options: { apiHost?: string; apiKey?: string; timeoutMs?: number; answer?: number }) => {
      const answering: typeof fetch = async () => new Response('{"message":"no"}', { status: options.answer ?? 200, headers: { 'content-type': 'application/json' } });
      const port = createLayoutPort({ apiHost: options.apiHost ?? apiHost, apiKey: options.apiKey ?? API_KEY, siteName: SITE, timeoutMs: options.timeoutMs ?? 2000, cacheDictionary: false, layoutCacheSeconds: 0, ...(options.answer ? { fetch: answering } : {}) });
      return port.fetchLayout('/company/about', 'en').then(
        () => undefined,
        (error: unknown) => error,
      );
    };
    const hanging: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    const timedOut = await createLayoutPort({ apiHost, apiKey: API_KEY, siteName: SITE, timeoutMs: 100, cacheDictionary: false, layoutCacheSeconds: 0, fetch: hanging })
      .fetchLayout('/', 'en')
      .catch((error: unknown) => error);
    expect(layoutServiceDown(await failure({ apiHost: 'http://127.0.0.1:9' }))).toBe(true);
    expect(layoutServiceDown(timedOut)).toBe(true);
    expect(layoutServiceDown(await failure({ answer: 503 }))).toBe(true);
    expect(layoutServiceDown(await failure({ answer: 429 }))).toBe(true);
    // A wrong key is ours to fix: retrying will not help.
    const refused = await failure({ apiKey: 'wrong-key' });
    expect(refused).toBeInstanceOf(Error);
    expect(layoutServiceDown(refused)).toBe(false);
  });
});
