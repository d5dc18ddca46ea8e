import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

let server: Server;
let base: string;
const TOKEN_SECRET = 'a-test-secret-for-the-stand-in-only';

beforeAll(async () => {
  const search = createEmbeddedSearch({
    products: 2000,
    organizationId: 'local',
    accessToken: 'local-search-token',
    expiredToken: 'expired-search-token',
    rateLimitPerMinute: 5,
    tokenSecret: TOKEN_SECRET,
  });
  // As in server/site.ts: behind the site's own SSR calls, X-Forwarded-For names the visitor.
  server = express().set('trust proxy', 'loopback').use(search.router).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/search/v2`;
});
afterAll(() => server?.close());

let token = 0;
/** Each call uses its own token-less rate bucket by varying the client address header. */
async function post(path: string, body: string, headers: Record<string, string> = {}) {
  token += 1;
  const response = await fetch(`${base}${path}?organizationId=local`, {
    method: 'POST',
    headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${token % 250}`, ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { statusCode: number; message: string; type: string } };
}

describe('bad requests get a 400 with a clear message, never a 500', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['malformed JSON', '{"q": "fuse",', /not valid JSON/],
    ['a wrong type', '{"q": 42}', /^q: q must be a string/],
    ['numberOfResults of 10^9', '{"q":"fuse","numberOfResults":1000000000}', /numberOfResults must be at most 1000/],
    ['a negative firstResult', '{"firstResult":-1}', /firstResult must be at least 0/],
    ['a facet id with spaces', '{"facets":[{"facetId":"bad id","field":"series","type":"specific","numberOfValues":8,"currentValues":[]}]}', /facets\.0\.facetId: The facet id may contain only letters, digits, dash and underscore/],
    ['zero facet values', '{"facets":[{"facetId":"s","field":"series","type":"specific","numberOfValues":0}]}', /at least 1/],
    ['26 allowed values', `{"facets":[{"facetId":"s","field":"series","type":"specific","allowedValues":{"type":"simple","values":${JSON.stringify(Array.from({ length: 26 }, (_, i) => `v${i}`))}}}]}`, /at most 25 allowed values/],
    ['an unknown facet type', '{"facets":[{"facetId":"s","field":"series","type":"pie"}]}', /specific, numericalRange, dateRange or hierarchical/],
    ['invalid query syntax', '{"q":"@series==(","enableQuerySyntax":true}', /Invalid query syntax at position \d+/],
    ['an unclosed parenthesis', '{"q":"(fuse OR diode","enableQuerySyntax":true}', /never closed/],
    ['a bad sort criterion', '{"sortCriteria":"price upward"}', /sort order "upward"/],
    ['a range with start after end', '{"facets":[{"facetId":"c","field":"ratedcurrent","type":"numericalRange","currentValues":[{"start":10,"end":1,"state":"selected"}]}]}', /start of the range must not be greater than its end/],
    ['a date before 1401', '{"facets":[{"facetId":"d","field":"date","type":"dateRange","currentValues":[{"start":"1300/01/01@00:00:00","end":"2020/01/01@00:00:00","state":"selected"}]}]}', /before year 1401/],
    ['an unparsable date', '{"aq":"@date>yesterday-ish"}', /Could not parse the provided date/],
    ['a comparison on a text field', '{"aq":"@series>5"}', /not a numeric or date field/],
  ];
  for (const [name, body, message] of cases) {
    it(name, async () => {
      const { status, body: error } = await post('', body);
      expect(status).toBe(400);
      expect(error.statusCode).toBe(400);
      expect(error.message).toMatch(message);
      expect(error.type).toBeTruthy();
    });
  }

  it('an oversized body', async () => {
    const { status, body } = await post('', JSON.stringify({ q: 'x'.repeat(300_000) }));
    expect(status).toBe(400);
    expect(body.message).toMatch(/too large/);
  });

  it('bad bodies on the other endpoints', async () => {
    expect((await post('/querySuggest', '{"q":"fu","count":0}')).status).toBe(400);
    expect((await post('/facet', '{"field":5}')).status).toBe(400);
    expect((await post('/plan', '[1,2')).status).toBe(400);
  });
});

describe('access', () => {
  it('refuses a wrong token, a wrong organization and answers the expired token with 419', async () => {
    expect((await post('', '{}', { authorization: 'Bearer wrong' })).status).toBe(401);
    const wrongOrg = await fetch(`${base}?organizationId=other`, { method: 'POST', headers: { authorization: 'Bearer local-search-token' }, body: '{}' });
    expect(wrongOrg.status).toBe(404);
    const expired = await post('', '{}', { authorization: 'Bearer expired-search-token' });
    expect(expired).toEqual({ status: 419, body: { statusCode: 419, type: 'ExpiredTokenException', message: 'The token being used to perform the request is expired.' } });
  });

  it('rate-limits per client with 429 and Retry-After', async () => {
    const headers = { authorization: 'Bearer local-search-token', 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.7' };
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 7; i += 1) {
      const response = await fetch(`${base}?organizationId=local`, { method: 'POST', headers, body: '{"numberOfResults":0}' });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('refills evenly: over 60 a minute, Retry-After is 1 s and a request a second later goes ahead', async () => {
    const steady = createEmbeddedSearch({ products: 200, organizationId: 'local', accessToken: 'local-search-token', expiredToken: 'expired-search-token', rateLimitPerMinute: 60 });
    const steadyServer = express().use(steady.router).listen(0, '127.0.0.1');
    await new Promise((resolve) => steadyServer.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(steadyServer.address() as AddressInfo).port}/rest/search/v2?organizationId=local`;
      const search = () => fetch(url, { method: 'POST', headers: { authorization: 'Bearer local-search-token', 'x-forwarded-for': '198.51.100.9' }, body: '{"numberOfResults":0}' });
      // A minute's worth at once (and what refilled meanwhile on a busy machine), then 429.
      let admitted = 0;
      let throttled = await search();
      while (throttled.status === 200 && admitted < 200) {
        admitted += 1;
        throttled = await search();
      }
      expect(admitted).toBeGreaterThanOrEqual(60);
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get('retry-after')).toBe('1');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await search()).status).toBe(200);
    } finally {
      steadyServer.close();
    }
  });

  it('never shows secured documents to an anonymous visitor', async () => {
    const { body } = await post('', '{"aq":"@issecured==true","numberOfResults":5}');
    expect((body as unknown as { totalCount: number }).totalCount).toBe(0);
  });
});

describe('search tokens for identified users (Coveo POST /token, issue 19)', () => {
  const tokenRequest = (authorization: string | undefined, body: unknown, organizationId = 'local') =>
    fetch(`${base}/token?organizationId=${organizationId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify(body),
    });
  const buyer = { userIds: [{ name: 'buyer@customer.example', provider: 'Email Security Provider', type: 'User' }], userGroups: ['External-User'], validFor: 900_000 };

  it('issues a token to the impersonation key, which shows secured documents to that user only', async () => {
    const response = await tokenRequest('Bearer local-impersonate-key', buyer);
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userIds: unknown; userGroups: unknown; exp: number; iat: number };
    expect(claims).toMatchObject({ userIds: buyer.userIds, userGroups: ['External-User'] });
    expect(claims.exp - claims.iat).toBe(900);
    const secured = await post('', '{"aq":"@issecured==true","numberOfResults":1}', { authorization: `Bearer ${token}` });
    expect(secured.status).toBe(200);
    expect((secured.body as unknown as { totalCount: number }).totalCount).toBeGreaterThan(0);
    const anonymous = await post('', '{"aq":"@issecured==true","numberOfResults":1}');
    expect((anonymous.body as unknown as { totalCount: number }).totalCount).toBe(0);
  });

  it('refuses a missing, wrong or search-only key with Coveo-shaped JSON', async () => {
    for (const [authorization, status] of [[undefined, 401], ['Bearer wrong-key', 401], ['Bearer local-search-token', 403]] as const) {
      const response = await tokenRequest(authorization, buyer);
      expect([authorization, response.status]).toEqual([authorization, status]);
      expect(await response.json()).toMatchObject({ statusCode: status, type: expect.any(String), message: expect.any(String) });
    }
    expect((await tokenRequest('Bearer local-impersonate-key', buyer, 'other')).status).toBe(404);
  });

  it('checks the request body', async () => {
    for (const [body, message] of [
      [{}, /userIds/],
      [{ userIds: [] }, /at least one user id/],
      [{ userIds: [{ name: '', provider: 'p' }] }, /must not be empty/],
      [{ ...buyer, validFor: 1000 }, /validFor must be at least 900000/],
      [{ ...buyer, validFor: 10 ** 12 }, /validFor must be at most 86400000/],
    ] as const) {
      const response = await tokenRequest('Bearer local-impersonate-key', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
  });

  it('refuses tokens signed with another secret, for another organization, or expired', async () => {
    const { issueSearchToken, searchTokenRequestSchema } = await import('../../standins/search/tokens.ts');
    const request = searchTokenRequestSchema.parse({ userIds: [{ name: 'x', provider: 'p' }] });
    const options = { secret: TOKEN_SECRET, organizationId: 'local' };
    // The committed default secret of earlier versions signs nothing any more.
    const forged = await issueSearchToken(request, { ...options, secret: 'local-search-token-secret' });
    expect((await post('', '{}', { authorization: `Bearer ${forged}` })).status).toBe(401);
    const otherOrg = await issueSearchToken(request, { ...options, organizationId: 'other' });
    expect((await post('', '{}', { authorization: `Bearer ${otherOrg}` })).status).toBe(401);
    const expired = await issueSearchToken(request, { ...options, validForMs: -10_000 });
    expect(await post('', '{}', { authorization: `Bearer ${expired}` })).toMatchObject({ status: 419, body: { message: 'The token being used to perform the request is expired.' } });
  });

  it('a service without a configured secret signs with a random one of its own', async () => {
    const other = createEmbeddedSearch({ products: 200, organizationId: 'local', accessToken: 'local-search-token', expiredToken: 'expired-search-token', rateLimitPerMinute: 0 });
    const otherServer = express().use(other.router).listen(0, '127.0.0.1');
    await new Promise((resolve) => otherServer.once('listening', resolve));
    try {
      const otherBase = `http://127.0.0.1:${(otherServer.address() as AddressInfo).port}/rest/search/v2`;
      const response = await fetch(`${otherBase}/token?organizationId=local`, { method: 'POST', headers: { authorization: 'Bearer local-impersonate-key', 'content-type': 'application/json' }, body: JSON.stringify(buyer) });
      const { token } = (await response.json()) as { token: string };
      expect((await fetch(`${otherBase}?organizationId=local`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: '{}' })).status).toBe(200);
      // ...which the first service does not know.
      expect((await post('', '{}', { authorization: `Bearer ${token}` })).status).toBe(401);
    } finally {
      otherServer.close();
    }
  });
});
