import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { rawRequest } from '../support/raw-http.ts';
import { unreadableAnswer } from '../support/fuzz.ts';

// Issue 31 item 6: odd input gets a 4xx whose message a visitor can read: never a phrase key, never
// Remix's "Unexpected Server Error", never an empty body, never a 500.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '1000', FORM_RATE_LIMIT_PER_MINUTE: '0' });
const raw = (path: string, options: Parameters<typeof rawRequest>[2] = {}) => rawRequest(site.url, path, options);
const PHRASE_KEY = /\berror\.[a-zA-Z]+\.(title|text)\b|>error\.[a-zA-Z.]+</;

describe.runIf(built)('odd input is answered in words', () => {
  it('answers a path with an encoded line break with 404 in words of the page\'s language, never a phrase key', async () => {
    const cases: Array<[string, RegExp]> = [
      ['/stock-service/v1/%0D%0AX/', /Not found/],
      ['/%0AX', /Not found/],
      ['/products/%0D', /Not found/],
      ['/de/products/%E2%80%A8x', /Nicht gefunden/],
      ['/ja-jp/%0A', /見つかりません/],
    ];
    for (const [address, words] of cases) {
      for (const method of ['GET', 'POST']) {
        const response = await raw(address, { method, headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' }, ...(method === 'POST' ? { body: 'a=b' } : {}) });
        expect(response.status, `${method} ${address}`).toBe(404);
        expect(response.body, `${method} ${address}`).not.toMatch(PHRASE_KEY);
        expect(response.body, `${method} ${address}`).toMatch(words);
      }
    }
  });

  it('answers a malformed %-escape under the built files\' folders in words too', async () => {
    for (const address of ['/media/%', '/assets/%zz/x.js', '/media/ja-jp/%/datasheets/']) {
      const response = await raw(address);
      expect(response.status, address).toBe(400);
      expect(response.body, address).toContain('The address has a malformed %-escape.');
    }
  });

  it('answers PUT and DELETE on a route that only reads with 405, Allow and "not allowed" in words', async () => {
    const files = ['/media/datasheets/0451.pdf', '/media/datasheets/a.pdf', '/media/resources/x.pdf', '/media/thumbnails/x.png', '/robots.txt', '/sitemap.xml', '/sitemaps/products-1.xml', '/api/search/suggest', '/api/search/preview', '/api/search/preview.css', '/api/case-assist/suggest', '/company/events/x/calendar.ics'];
    for (const address of files) {
      for (const method of ['PUT', 'DELETE', 'PATCH', 'POST']) {
        const response = await raw(address, { method, headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
        const where = `${method} ${address}`;
        expect(response.status, where).toBe(405);
        expect(response.headers.allow, where).toBe('GET, HEAD, OPTIONS');
        expect(response.body, where).toContain(`The method ${method} is not allowed here.`);
      }
    }
    const german = await raw('/de/company/events/x/calendar.ics', { method: 'DELETE' });
    expect(german.body).toContain('Die Methode DELETE ist hier nicht erlaubt.');
    // Pages that take no form say so on their error page.
    for (const address of ['/search?q=fuse', '/de/search?q=fuse', '/login', '/login/callback']) {
      const response = await raw(address, { method: 'PUT', headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
      expect(response.status, address).toBe(405);
      expect(response.headers.allow, address).toBe('GET, HEAD, OPTIONS');
      expect(response.body, address).not.toContain('Unexpected Server Error');
      expect(/<h1>([^<]*)<\/h1>/.exec(response.body)?.[1], address).toBe(address.startsWith('/de/') ? 'Diese Seite lässt sich so nicht ändern' : 'This page cannot be changed that way');
    }
  });

  it('gives every route an action of its own, so no method reaches Remix\'s unworded 405', async () => {
    const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as ServerBuild;
    const routes = Object.values(build.routes).filter((route) => route !== undefined);
    // A parent (the root, the CMS pages' pathless layout) is never the one whose action a request runs.
    const parents = new Set(routes.map((route) => route.parentId));
    const withoutAction = routes.filter((route) => !parents.has(route.id) && !route.module.action).map((route) => route.id);
    expect(withoutAction).toEqual([]);
  });

  it('answers a request Node cannot parse (an unknown method) with 400 and words, not an empty body', async () => {
    for (const method of ['CONNECT_X', 'GET_']) {
      const response = await raw('/CheckStock', { method, headers: { origin: site.url }, body: 'a=b' });
      expect(response.status, method).toBe(400);
      expect(response.body, method).toMatch(/not well-formed HTTP/);
    }
  });

  it('refuses a form post whose X-Forwarded-Host is not its Origin\'s host with 403 and a message, never a 500', async () => {
    const own = new URL(site.url).host;
    for (const forwarded of ['evil.example', 'evil.example, ' + own, `${own}.evil.example`]) {
      const response = await raw('/CheckStock', {
        method: 'POST',
        headers: { origin: site.url, 'x-forwarded-host': forwarded, 'content-type': 'application/x-www-form-urlencoded' },
        body: '_component=CheckStock&partNumber=X&quantity=1',
      });
      expect(response.status, forwarded).toBe(403);
      expect(response.body, forwarded).toContain('Forms on this site only accept posts from its own pages.');
    }
    const german = await raw('/de/CheckStock', { method: 'POST', headers: { origin: site.url, 'x-forwarded-host': 'evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
    expect(german.status).toBe(403);
    expect(german.body).toContain('Formulare dieser Website nehmen nur Sendungen von ihren eigenen Seiten an.');
    // A forwarded Chinese host is the Chinese site: the refusal is in Chinese.
    const chinese = await raw('/CheckStock', { method: 'POST', headers: { origin: site.url, 'x-forwarded-host': 'voltaris.cn', 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
    expect(chinese.status).toBe(403);
    expect(chinese.body).toContain('本网站的表单只接受来自本网站页面的提交。');
    // The front's own forwarding (nginx names the public host in both) still reaches the form.
    const front = await raw('/CheckStock', {
      method: 'POST',
      headers: { origin: 'https://www.voltaris.example', 'x-forwarded-host': 'www.voltaris.example', 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded' },
      body: '_component=CheckStock&partNumbers=0451005&region=emea',
    });
    // The form itself answers (its own verdict on the fields), not the guard.
    expect(front.status).toBeLessThan(500);
    expect(front.status).not.toBe(403);
    expect(front.body).not.toContain('only accept posts from its own pages');
  });
  it('takes a facet value or facet search named like an Object.prototype member as any other text (it was a 500)', { timeout: 90_000 }, async () => {
    // A value is looked up among the category names the search sent: `names['__proto__']` is
    // Object.prototype, which React cannot render (500), and `names.constructor` a function (an empty label).
    const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];
    const faults: string[] = [];
    for (const tab of ['mainsearch', 'parametric', 'designcenter', 'whereToBuy']) {
      const page = await raw(`/searchresult?tab=${tab}`);
      const facets = [...new Set([...page.body.matchAll(/name="(f|fs)\.([A-Za-z0-9_-]+)"/g)].map((match) => `${match[1]}.${match[2]}`))];
      expect(facets.length, tab).toBeGreaterThan(1);
      // A facet's six at a time: about 150 searches in all.
      for (const facet of facets) {
        await Promise.all(
          PROTO_KEYS.map(async (key) => {
            const address = `/searchresult?tab=${tab}&${facet}=${key}`;
            const response = await raw(address);
            if (response.status >= 500) faults.push(`${response.status} ${address}`);
          }),
        );
      }
    }
    expect(faults).toEqual([]);
    // The value chosen is shown as it is written, like any value the index does not have.
    for (const key of PROTO_KEYS) {
      const response = await raw(`/searchresult?q=fuse&f.market=${key}`);
      expect(response.status, key).toBe(200);
      expect(response.body, key).toMatch(new RegExp(`name="f\\.market" checked="" value="${key}"/>${key}`));
    }
  });
});

describe('what counts as a readable 4xx', () => {
  const answer = (status: number, body: string, type = 'text/plain; charset=utf-8') => ({ status, headers: { 'content-type': type }, body });
  it('takes words in text, JSON and an HTML page\'s heading', () => {
    expect(unreadableAnswer('GET', answer(405, 'The method PUT is not allowed here.\n'))).toBeUndefined();
    expect(unreadableAnswer('POST', answer(400, '{"statusCode":400,"message":"The facet is not valid."}', 'application/json'))).toBeUndefined();
    expect(unreadableAnswer('GET', answer(404, '<html><body><main><h1>Page not found</h1><p>The page ...</p></main></body></html>', 'text/html'))).toBeUndefined();
    // A HEAD has no body, by definition; a 204 or a redirect says nothing and needs not.
    expect(unreadableAnswer('HEAD', answer(404, ''))).toBeUndefined();
    expect(unreadableAnswer('GET', answer(302, ''))).toBeUndefined();
  });
  it('refuses an empty body, a phrase key, Remix\'s generic message and JSON without a message', () => {
    expect(unreadableAnswer('POST', answer(403, ''))).toMatch(/empty/);
    expect(unreadableAnswer('GET', answer(404, '<main><h1>error.badRequest.title</h1><p>error.badRequest.text</p></main>', 'text/html'))).toMatch(/phrase key/);
    expect(unreadableAnswer('PUT', answer(405, '{"message":"Unexpected Server Error"}', 'application/json'))).toMatch(/Unexpected Server Error/);
    expect(unreadableAnswer('POST', answer(400, '{"ok":false}', 'application/json'))).toMatch(/no message/);
    expect(unreadableAnswer('GET', answer(400, '<html><body>x</body></html>', 'text/html'))).toMatch(/heading/);
  });
});
