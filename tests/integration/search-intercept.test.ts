import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

/**
 * The search page's Search API calls (search, suggestions, facet values, plan) are taken before the
 * host app's middleware, as the demo site does (decision 0060): the answers are the same as through
 * the host, only the host's own work (here a header it adds) is skipped; other calls still go
 * through the host.
 */

const search = createEmbeddedSearch({ products: 1200, organizationId: 'local', accessToken: 'local-search-token', expiredToken: 'expired-search-token', rateLimitPerMinute: 0 });
let viaIntercept = '';
let viaHost = '';
const servers: Server[] = [];

beforeAll(async () => {
  const host = express();
  host.use((_req, res, next) => {
    res.set('X-Host-Middleware', 'yes');
    next();
  });
  host.use(search.router);
  const listen = async (server: Server) => {
    servers.push(server.listen(0, '127.0.0.1'));
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  viaIntercept = await listen(createServer((req, res) => void (search.intercept(req, res) || host(req, res))));
  viaHost = await listen(createServer(host));
});
afterAll(() => {
  for (const server of servers) server.close();
});

const headers = { authorization: 'Bearer local-search-token', 'content-type': 'application/json' };
const post = (origin: string, path: string, body: unknown, extra: Record<string, string> = {}) => fetch(`${origin}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const comparable = async (response: Response) => {
  const json = (await response.json()) as Record<string, unknown>;
  for (const key of ['searchUid', 'duration', 'indexDuration', 'requestDuration', 'responseId']) delete json[key];
  return { status: response.status, json };
};

describe('the Search API taken before the host app', () => {
  it.each([
    ['search', '/rest/search/v2?organizationId=local', { q: 'fuse', numberOfResults: 5, facets: [{ facetId: 'series', field: 'series', type: 'specific', numberOfValues: 5, currentValues: [] }] }],
    ['suggestions', '/rest/search/v2/querySuggest?organizationId=local', { q: 'fu', count: 5 }],
    ['facet values', '/rest/search/v2/facet?organizationId=local', { field: 'series', query: '*', numberOfValues: 5 }],
    ['plan', '/rest/search/v2/plan?organizationId=local', { q: 'relay' }],
    ['recommendations', '/rest/search/v2?organizationId=local', { recommendation: 'default', numberOfResults: 3 }],
    ['a bad request', '/rest/search/v2?organizationId=local', { numberOfResults: -1 }],
    ['an unknown organization', '/rest/search/v2?organizationId=other', { q: 'fuse' }],
  ])('answers %s as the host would, without the host middleware', async (_what, path, body) => {
    const [taken, hosted] = await Promise.all([post(viaIntercept, path, body), post(viaHost, path, body)]);
    expect(taken.headers.get('x-host-middleware')).toBeNull();
    expect(hosted.headers.get('x-host-middleware')).toBe('yes');
    expect(taken.headers.get('content-type')).toBe(hosted.headers.get('content-type'));
    expect(taken.headers.get('etag')).toBeNull();
    expect(await comparable(taken)).toEqual(await comparable(hosted));
  });

  it('refuses a body that is not JSON with a 400 in the Search API shape', async () => {
    const response = await post(viaIntercept, '/rest/search/v2?organizationId=local', '{"q":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, type: 'InvalidRequestException' });
  });

  it('refuses a missing token as before (401)', async () => {
    const response = await fetch(`${viaIntercept}/rest/search/v2?organizationId=local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
  });

  it('leaves the other calls to the host app', async () => {
    const response = await fetch(`${viaIntercept}/rest/search/v2/fields?organizationId=local`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-host-middleware')).toBe('yes');
  });
});
