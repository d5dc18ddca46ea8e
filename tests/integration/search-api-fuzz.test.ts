import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

/**
 * Issue 19: generated request bodies (seeded, so a failure repeats) over every Search API endpoint
 * of the stand-in: known keys with values of every type, facets of every kind, wrong dates,
 * wildcards and prototype keys. None may get a 5xx.
 */
let server: Server;
let base: string;

beforeAll(async () => {
  const search = createEmbeddedSearch({ products: 500, organizationId: 'local', accessToken: 'local-search-token', expiredToken: 'expired-search-token', rateLimitPerMinute: 0 });
  server = express().use(search.router).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

const PATHS = ['/rest/search/v2', '/rest/search/v2/facet', '/rest/search/v2/querySuggest', '/rest/search/v2/plan', '/rest/search/v2/html', '/rest/organizations/local/commerce/v1/products/listing', '/rest/search/v2/token'];
const STRINGS = ['', 'x', '*', `${'*'.repeat(40)}zq`, '@date', '__proto__', 'constructor', 'toString', 'not-a-date', '2020/01/01@00:00:00', 'now-3d', 'now-99999999999999d', 'past-1-week', '(', ')', '"', 'fuse', 'series', 'date', 'ratedcurrent', 'ec_category', 'objecttype', 'market', 'a..b', '1..2', '%', '\u0000', 'İ'.repeat(600)];
const KEYS = ['q', 'aq', 'cq', 'dq', 'lq', 'enableQuerySyntax', 'sortCriteria', 'facets', 'numberOfResults', 'firstResult', 'fieldsToInclude', 'locale', 'context', 'filterField', 'parentField', 'childField', 'filterFieldRange', 'recommendation', 'mlParameters', 'queryCorrection', 'enableDidYouMean', 'field', 'query', 'type', 'captions', 'ignoreValues', 'ignorePaths', 'basePath', 'searchContext', 'numberOfValues', 'facetId', 'currentValues', 'start', 'end', 'state', 'value', 'children', 'generateAutomaticRanges', 'rangeAlgorithm', 'allowedValues', 'customSort', 'freezeCurrentValues', 'url', 'additionalFields', 'pagination', 'sort', 'uniqueId', 'count', 'itemIds', 'userIds', 'validFor', '__proto__', 'constructor'];
const FACET_TYPES = ['specific', 'numericalRange', 'dateRange', 'hierarchical'];

describe('generated Search API requests', () => {
  it('600 bodies, no 5xx', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const scalar = (): unknown => pick<() => unknown>([() => pick(STRINGS), () => Math.floor(random() * 3000) - 10, () => random() < 0.5, () => null, () => 1e308, () => -0.5])();
    const value = (depth: number): unknown =>
      depth > 3 ? scalar() : pick<() => unknown>([scalar, () => Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1)), () => object(depth + 1)])();
    const object = (depth: number): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < 1 + random() * 5; i += 1) out[pick(KEYS)] = value(depth);
      if (random() < 0.5) out.type = pick(FACET_TYPES);
      return out;
    };
    const rangeBound = () => (random() < 0.5 ? pick(STRINGS) : Math.floor(random() * 100));
    const facet = () => ({
      type: pick(FACET_TYPES),
      facetId: pick(['a', 'b_1', '__proto__', 'constructor']),
      field: pick(STRINGS),
      ...object(2),
      currentValues: Array.from({ length: Math.floor(random() * 3) }, () => ({ value: pick(STRINGS), start: rangeBound(), end: rangeBound(), state: pick(['idle', 'selected', 'excluded']), children: [] })),
    });
    const failures: string[] = [];
    for (let i = 0; i < 600; i += 1) {
      const path = pick(PATHS);
      const body = object(0);
      if (random() < 0.6) body.facets = Array.from({ length: 1 + Math.floor(random() * 3) }, facet);
      if (random() < 0.3) body.searchContext = { facets: [facet()], aq: pick(STRINGS) };
      if (path.includes('listing')) {
        body.url = `https://example.com/products/${encodeURIComponent(pick(STRINGS))}`;
        if (random() < 0.5) body.facets = { requests: [facet()] };
      }
      const key = path.endsWith('/token') ? 'local-impersonate-key' : 'local-search-token';
      const text = JSON.stringify(body);
      const response = await fetch(`${base}${path}?organizationId=local`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: text });
      if (response.status >= 500) failures.push(`${response.status} ${path} ${text.slice(0, 300)}`);
      else await response.arrayBuffer();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
