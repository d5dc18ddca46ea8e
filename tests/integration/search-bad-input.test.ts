import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

/**
 * Issue 19: bad input to the Search API stand-in is a 400 in Coveo's error shape
 * ({statusCode, message, type}), never a 5xx: deep or malformed query syntax, invalid date facet
 * values, and keys that name Object.prototype members.
 */
let server: Server;
let base: string;

beforeAll(async () => {
  const search = createEmbeddedSearch({ products: 2000, organizationId: 'local', accessToken: 'local-search-token', expiredToken: 'expired-search-token', rateLimitPerMinute: 0 });
  server = express().use(search.router).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/search/v2`;
});
afterAll(() => server?.close());

type Answer = { status: number; body: { statusCode?: number; message?: string; type?: string; totalCount?: number; [key: string]: unknown } };

async function post(path: string, body: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}?organizationId=local`, {
    method: 'POST',
    headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

function expectCoveoError(answer: Answer, message: RegExp) {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({ statusCode: 400, type: expect.any(String), message: expect.stringMatching(message) });
}

describe('query syntax limits', () => {
  it('aq nested 3000 parentheses deep is a 400 naming the depth limit, not a stack overflow', async () => {
    const deep = `${'('.repeat(3000)}fuse${')'.repeat(3000)}`;
    expectCoveoError(await post('', { aq: deep }), /nested more than 50 levels/);
    expectCoveoError(await post('', { q: deep, enableQuerySyntax: true }), /nested more than 50 levels/);
    expect((await post('', { aq: `${'('.repeat(3000)}` })).status).toBe(400);
  });

  it('3000 NOTs in a row are a 400 too', async () => {
    expectCoveoError(await post('', { aq: `${'NOT '.repeat(3000)}fuse` }), /nested more than 50 levels/);
  });

  it('50 levels still work', async () => {
    const answer = await post('', { aq: `${'('.repeat(50)}@objecttype==Product${')'.repeat(50)}`, numberOfResults: 0 });
    expect(answer.status).toBe(200);
    expect(answer.body.totalCount).toBeGreaterThan(0);
  });

  it('an overlong expression is a 400', async () => {
    expectCoveoError(await post('', { aq: 'fuse '.repeat(5000) }), /at most 20000 characters/);
  });

  it('no generated expression gets a 5xx', async () => {
    let seed = 19;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = ['(', ')', '"', '@', '@date', '@size', '@series', '==', '=', '<>', '>', '<=', '..', ',', ' ', 'AND', 'OR', 'NOT', '-', '*', 'fuse', '2020/01/01', 'now-3d', '<@-', '-@>', '\\', '%', '🙂', '__proto__', 'constructor'];
    const failures: string[] = [];
    for (let i = 0; i < 300; i += 1) {
      const expression = Array.from({ length: 1 + Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join(random() < 0.5 ? ' ' : '');
      for (const body of [{ aq: expression, numberOfResults: 0 }, { q: expression, enableQuerySyntax: true, numberOfResults: 0 }]) {
        const { status } = await post('', body);
        if (status >= 500) failures.push(`${status} ${JSON.stringify(body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('deeply nested bodies', () => {
  it('category values nested 5000 deep are a 400, not a stack overflow', async () => {
    // Written as text: JSON.stringify itself recurses per level.
    const node = `${'{"value":"x","children":['.repeat(5000)}{"value":"x","state":"selected","children":[]}${']}'.repeat(5000)}`;
    const facets = `[{"type":"hierarchical","facetId":"h","field":"ec_category","currentValues":[${node}]}]`;
    expectCoveoError(await post('', `{"facets":${facets}}`), /nested more than 64 levels/);
    expectCoveoError(await post('/facet', `{"field":"market","query":"*","searchContext":{"facets":${facets}}}`), /nested more than 64 levels/);
  });

  it('a realistic category path still works', async () => {
    const facets = [{ type: 'hierarchical', facetId: 'h', field: 'ec_category', currentValues: [{ value: 'a', state: 'idle', children: [{ value: 'b', state: 'idle', children: [{ value: 'c', state: 'selected', children: [] }] }] }] }];
    expect((await post('', { facets, numberOfResults: 0 })).status).toBe(200);
  });
});

describe('date facet values', () => {
  const dateFacet = (start: string, end: string) => ({ facets: [{ facetId: 'date', field: 'date', type: 'dateRange', currentValues: [{ start, end, endInclusive: false, state: 'selected' }] }] });

  it('a date range value that is not a date is a 400 naming the value', async () => {
    expectCoveoError(await post('', dateFacet('not-a-date', '2020/01/01@00:00:00')), /not-a-date/);
    expectCoveoError(await post('', dateFacet('2020/01/01@00:00:00', 'not-a-date')), /not-a-date/);
  });

  it('an idle date value that is not a date is a 400 too', async () => {
    const body = { facets: [{ facetId: 'date', field: 'date', type: 'dateRange', currentValues: [{ start: 'not-a-date', end: 'x', state: 'idle' }] }] };
    expectCoveoError(await post('', body), /not-a-date/);
  });

  it('dates out of range are a 400, not a 5xx', async () => {
    for (const value of ['now-99999999999999d', 'past-99999999999-year', '9999999/01/01@00:00:00', '2020/02/30@00:00:00', '']) {
      const answer = await post('', dateFacet(value, '2030/01/01@00:00:00'));
      expect([value, answer.status]).toEqual([value, 400]);
    }
  });

  it('an invalid date in a facet search context is a 400', async () => {
    expectCoveoError(await post('/facet', { field: 'market', query: '*', searchContext: dateFacet('not-a-date', 'x') }), /not-a-date/);
  });
});

describe('keys named like Object.prototype members', () => {
  const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

  it('sort criteria', async () => {
    for (const key of PROTO_KEYS) {
      for (const sortCriteria of [key, `@${key}`, `@${key} descending`, `${key} ascending`]) {
        const answer = await post('', { sortCriteria, numberOfResults: 2 });
        expect([sortCriteria, answer.status < 500]).toEqual([sortCriteria, true]);
      }
    }
  });

  it('facet ids and fields of every facet type, in search and facet search', async () => {
    for (const key of PROTO_KEYS) {
      const facets = [
        { facetId: 'f', field: key, type: 'specific', currentValues: [{ value: key, state: 'selected' }] },
        { facetId: key.replace(/[^\w-]/g, '') || 'x', field: 'series', type: 'specific', currentValues: [{ value: key, state: 'excluded' }] },
        { facetId: 'n', field: key, type: 'numericalRange', generateAutomaticRanges: true },
        { facetId: 'd', field: key, type: 'dateRange', currentValues: [{ start: '2020/01/01@00:00:00', end: '2021/01/01@00:00:00', state: 'selected' }] },
        { facetId: 'h', field: key, type: 'hierarchical', currentValues: [{ value: key, state: 'selected', children: [] }] },
      ];
      const answer = await post('', { facets, numberOfResults: 1 });
      expect([key, answer.status]).toEqual([key, 200]);
      const search = await post('/facet', { field: key, query: '*', captions: { [key]: 'x' } });
      expect([key, search.status]).toEqual([key, 200]);
    }
  });

  it('captions with prototype keys never become captions', async () => {
    const answer = await post('/facet', '{"field":"market","query":"*","captions":{"__proto__":"x","constructor":"y","toString":"z"}}');
    expect(answer.status).toBe(200);
    const values = answer.body.values as Array<{ displayValue: unknown }>;
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(typeof value.displayValue).toBe('string');
  });

  it('field expressions, fields to include, context and listing fields', async () => {
    for (const key of PROTO_KEYS) {
      for (const aq of [`@${key}`, `@${key}==x`, `@${key}=x*`, `@${key}>5`, `@${key}==1..2`]) {
        const answer = await post('', { aq, numberOfResults: 1 });
        expect([aq, answer.status < 500]).toEqual([aq, true]);
      }
      const included = await post('', { q: 'fuse', fieldsToInclude: [key, `@${key}`], numberOfResults: 1, context: { [key]: 'x' } });
      expect([key, included.status]).toEqual([key, 200]);
      const results = included.body.results as Array<{ raw: Record<string, unknown> }>;
      expect(Object.hasOwn(results[0]!.raw, key)).toBe(false);
    }
    const listing = await fetch(`${base.replace('/rest/search/v2', '')}/rest/organizations/local/commerce/v1/products/listing`, {
      method: 'POST',
      headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/products', additionalFields: PROTO_KEYS }),
    });
    expect(listing.status).toBe(200);
    const { products } = (await listing.json()) as { products: Array<{ additionalFields: Record<string, unknown> }> };
    for (const key of PROTO_KEYS) expect([key, products[0]!.additionalFields[key]]).toEqual([key, null]);
  });

  it('a body whose own __proto__ key is an object', async () => {
    for (const body of ['{"__proto__":{"q":"x"}}', '{"q":"fuse","context":{"__proto__":{"partnumber":"x"}}}', '{"facets":[{"__proto__":{"type":"specific"},"facetId":"a","field":"series"}]}']) {
      const answer = await post('', body);
      expect([body, answer.status < 500]).toEqual([body, true]);
    }
    expect((await post('/facet', '{"__proto__":{"field":"market"},"query":"*"}')).status).toBe(400);
  });

  it('a preview of a uniqueId named like a prototype member is a 404', async () => {
    for (const key of PROTO_KEYS) {
      const response = await fetch(`${base}/html?organizationId=local&uniqueId=${key}&access_token=local-search-token`);
      expect([key, response.status]).toEqual([key, 404]);
    }
  });
});
