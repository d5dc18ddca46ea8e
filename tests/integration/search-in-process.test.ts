import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPlain, withFailurePolicy } from '~/search-api/failure-policy.server.ts';
import { loadConfig } from '../../server/config.ts';
import type { RunningSite } from '../../server/site.ts';
import { startDemoSite } from '../../standins/launcher.ts';
import { InProcessSearchDispatcher } from '../../standins/search/in-process-dispatcher.ts';
import { createEmbeddedSearch } from '../../standins/search/service.ts';
import { CookieClient, signIn } from '../support/browserless.ts';

/**
 * The site's Search API client reaches an embedded Search API in its own process through an undici
 * dispatcher (decision 0066): the same status, headers and bodies as over HTTP, no socket, the
 * failure policy's time limit and retries unchanged, and HTTP whenever the Search API is elsewhere.
 */

const search = createEmbeddedSearch({ products: 1200, organizationId: 'local', accessToken: 'local-search-token', expiredToken: 'expired-search-token', rateLimitPerMinute: 0 });
let server: Server;
let origin = '';
/** Search API requests that reached a server over a socket (any server of this process). */
const overSockets: string[] = [];
const onRequest = (message: unknown) => {
  const url = (message as { request: IncomingMessage }).request.url ?? '';
  if (url.startsWith('/rest/')) overSockets.push(url);
};

beforeAll(async () => {
  subscribe('http.server.request.start', onRequest);
  server = createServer(search.handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  unsubscribe('http.server.request.start', onRequest);
  server.close();
});

const TOKEN = 'local-search-token';
const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
/** Fields that differ on every answer (ids, timings). */
const VOLATILE = /"(searchUid|responseId|duration|indexDuration|requestDuration)":("[^"]*"|[0-9.]+)/g;

async function seen(response: Response) {
  const text = await response.text();
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date' && name !== 'connection' && name !== 'keep-alive'));
  // The timings' digits change the length from one answer to the next: it must be the body's own.
  if (headers['content-length'] !== undefined) {
    expect(Number(headers['content-length'])).toBe(Buffer.byteLength(text));
    headers['content-length'] = 'the body’s';
  }
  // The service's own time (decision 0123) is there both ways; its milliseconds differ.
  if (headers['server-timing'] !== undefined) {
    expect(headers['server-timing']).toMatch(/^app;dur=\d+(\.\d+)?$/);
    headers['server-timing'] = 'app;dur=…';
  }
  return { status: response.status, headers, body: text.replace(VOLATILE, '"$1":"-"') };
}

const REQUESTS: Array<[string, string, RequestInit]> = [
  ['a search', '/rest/search/v2?organizationId=local', { method: 'POST', headers, body: JSON.stringify({ q: 'fuse', numberOfResults: 5, locale: 'de', facets: [{ facetId: 'series', field: 'series', type: 'specific', numberOfValues: 5, currentValues: [] }] }) }],
  ['recommendations', '/rest/search/v2?organizationId=local', { method: 'POST', headers, body: JSON.stringify({ recommendation: 'default', numberOfResults: 3 }) }],
  ['suggestions', '/rest/search/v2/querySuggest?organizationId=local', { method: 'POST', headers, body: JSON.stringify({ q: 'fu', count: 5 }) }],
  ['facet values', '/rest/search/v2/facet?organizationId=local', { method: 'POST', headers, body: JSON.stringify({ field: 'series', query: '*', numberOfValues: 5 }) }],
  ['a plan', '/rest/search/v2/plan?organizationId=local', { method: 'POST', headers, body: JSON.stringify({ q: 'relay' }) }],
  ['an HTML version', '/rest/search/v2/html?organizationId=local', { method: 'POST', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: 'uniqueId=42.3%24x&q=fuse&locale=ja' }],
  ['the fields', '/rest/search/v2/fields?organizationId=local', { headers }],
  ['a body that is not JSON', '/rest/search/v2?organizationId=local', { method: 'POST', headers, body: '{"q":' }],
  ['a bad request', '/rest/search/v2?organizationId=local', { method: 'POST', headers, body: JSON.stringify({ numberOfResults: -1 }) }],
  ['no token', '/rest/search/v2?organizationId=local', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }],
  ['an expired token', '/rest/search/v2?organizationId=local', { method: 'POST', headers: { ...headers, authorization: 'Bearer expired-search-token' }, body: '{}' }],
  ['an unknown organization', '/rest/search/v2?organizationId=other', { method: 'POST', headers, body: '{}' }],
  ['an unknown endpoint', '/rest/search/v2/nothing-here?organizationId=local', { method: 'POST', headers, body: '{}' }],
  ['an unknown document', '/rest/search/v2/document?organizationId=local&uniqueId=42.999999%24x', { headers }],
];

describe('the embedded Search API through the in-process dispatcher', () => {
  it('gives every answer as HTTP does (status, headers, body), without a socket', async () => {
    const dispatcher = search.dispatcher(() => origin);
    const statuses = new Set<number>();
    for (const [what, path, init] of REQUESTS) {
      overSockets.length = 0;
      const direct = await seen(await fetch(`${origin}${path}`, { ...init, dispatcher } as RequestInit));
      expect(overSockets, what).toEqual([]);
      const http = await seen(await fetch(`${origin}${path}`, init));
      expect(overSockets, what).toEqual([path]);
      expect(direct, what).toEqual(http);
      statuses.add(http.status);
    }
    expect([...statuses].sort()).toEqual([200, 400, 401, 404, 419]);
  });

  it('gives the failure policy’s client (undici request) the same answer as HTTP', async () => {
    const dispatcher = search.dispatcher(() => origin);
    const body = JSON.stringify({ q: 'varistor', numberOfResults: 3, locale: 'zh' });
    const url = `${origin}/rest/search/v2?organizationId=local`;
    overSockets.length = 0;
    const direct = await sendPlain(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000), dispatcher });
    expect(overSockets).toEqual([]);
    const http = await sendPlain(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
    const strip = (answer: typeof direct) => ({ status: answer.status, type: answer.headers['content-type'], body: answer.body.toString().replace(VOLATILE, '') });
    expect(strip(direct)).toEqual(strip(http));
    expect(JSON.parse(direct.body.toString()).results).toHaveLength(3);
  });

  it('sends other origins and other paths over HTTP', async () => {
    const elsewhere = search.dispatcher(() => 'http://127.0.0.1:1');
    overSockets.length = 0;
    const answer = await fetch(`${origin}/rest/search/v2/plan?organizationId=local`, { method: 'POST', headers, body: '{"q":"fuse"}', dispatcher: elsewhere } as RequestInit);
    expect(answer.status).toBe(200);
    expect(overSockets).toHaveLength(1);
  });
});

describe('the failure policy on the direct path', () => {
  /** A dispatcher over a plain handler standing in for a slow or throttling Search API. */
  const over = (handle: (req: IncomingMessage, res: ServerResponse) => void) => new InProcessSearchDispatcher({ handle, origin: () => 'http://search.test', answers: () => true });
  const plan = (dispatcher: InProcessSearchDispatcher, timeoutMs: number) =>
    withFailurePolicy(() => sendPlain('http://search.test/rest/search/v2/plan', { method: 'POST', headers, body: '{"q":"a"}', signal: AbortSignal.timeout(timeoutMs), dispatcher }));

  it('gives up on an answer slower than the time limit', async () => {
    const started = performance.now();
    const hanging = over(() => undefined);
    await expect(plan(hanging, 150)).rejects.toThrow(/abort|timeout/i);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('retries a 429 after Retry-After and returns the next answer', async () => {
    let calls = 0;
    const throttling = over((_req, res) => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end('{"statusCode":429,"message":"slow down","type":"TooManyRequestsException"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    const answer = await plan(throttling, 5000);
    expect(calls).toBe(2);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('{"ok":true}');
  });

  it('passes a thrown error on as a failed request', async () => {
    const failing = over(() => {
      throw new Error('the handler broke');
    });
    await expect(plan(failing, 5000)).rejects.toThrow();
  });
});

describe('the demo site’s search', () => {
  const sites: RunningSite[] = [];
  afterAll(async () => {
    for (const site of sites) await site.close();
  });

  it('answers a search page from the embedded Search API without a socket', async () => {
    const site = await startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: '0', CATALOGUE_PRODUCTS: '1000', SEARCH_RATE_LIMIT_PER_MINUTE: '0' }));
    sites.push(site);
    overSockets.length = 0;
    const page = await fetch(`${site.url}/searchresult?q=fuse`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/href="\/(products|media)\/[^"]+"/);
    expect(overSockets).toEqual([]);
  });

  it('asks the embedded Search API for a signed-in visitor’s search token without a socket', async () => {
    const site = await startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: '0', CATALOGUE_PRODUCTS: '1000', SEARCH_RATE_LIMIT_PER_MINUTE: '0' }));
    sites.push(site);
    overSockets.length = 0;
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    // Product change notices are secured: only a search made with the visitor's own token finds them.
    const page = await client.follow('/searchresult?f.resourcetype=Product+Change+Notice');
    expect(page.status).toBe(200);
    expect(Number(/data-total="(\d+)"/.exec(await page.text())?.[1])).toBeGreaterThan(0);
    expect(overSockets).toEqual([]);
  });

  it('asks a Search API named by SEARCH_API_URL over HTTP, the search token too', async () => {
    const site = await startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: '0', CATALOGUE_PRODUCTS: '1000', SEARCH_API_URL: `${origin}/rest/search/v2`, SEARCH_ORGANIZATION_ID: 'local', SEARCH_ACCESS_TOKEN: TOKEN }));
    sites.push(site);
    overSockets.length = 0;
    const page = await fetch(`${site.url}/searchresult?q=fuse`);
    expect(page.status).toBe(200);
    expect(overSockets.some((url) => url.startsWith('/rest/search/v2?'))).toBe(true);
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'staff@corp.example', password: 'staff-password', redirectTo: '/searchresult?q=relay' });
    expect(overSockets.some((url) => url.startsWith('/rest/search/v2/token?'))).toBe(true);
  });
});
