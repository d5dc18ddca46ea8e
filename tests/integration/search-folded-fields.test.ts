import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FIELDS_TO_INCLUDE } from '@voltaris/protocol/coveo/constants';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

/**
 * Folded results (REQ-COVEO-7) carry the fields the request names, as flat ones do, plus the three
 * folding fields the client groups them by (decision 0066); without a list, every field.
 */

const search = createEmbeddedSearch({ products: 1500, organizationId: 'local', accessToken: 'local-search-token', expiredToken: 'expired-search-token', rateLimitPerMinute: 0 });
let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer(search.handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/search/v2?organizationId=local`;
});
afterAll(() => server.close());

interface Result {
  raw: Record<string, unknown>;
  childResults: Result[];
  parentResult: Result | null;
}

const FOLDING = { filterField: 'foldingcollection', parentField: 'foldingchild', childField: 'foldingparent', filterFieldRange: 2 };

async function folded(body: Record<string, unknown>): Promise<Result[]> {
  const response = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' }, body: JSON.stringify({ q: 'SMBJ', ...FOLDING, ...body }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: Result[] }).results;
}

/** Every result of an answer: the listed ones, their children and their parents. */
const everyResult = (results: Result[]): Result[] => results.flatMap((result) => [result, ...result.childResults, ...(result.parentResult ? [result.parentResult] : [])]);

describe('folded results', () => {
  it('carry the requested fields and the folding fields, children and parents alike', async () => {
    const results = everyResult(await folded({ fieldsToInclude: ['partnumber', 'series'] }));
    expect(results.some((result) => result.childResults.length > 0 || result.parentResult)).toBe(true);
    expect(results.filter((result) => result.raw.objecttype === 'Product').length).toBeGreaterThan(2);
    const allowed = new Set<string>([...DEFAULT_FIELDS_TO_INCLUDE, 'partnumber', 'series', 'foldingcollection', 'foldingparent', 'foldingchild']);
    for (const result of results) {
      for (const key of Object.keys(result.raw)) expect(allowed, key).toContain(key);
      // Parts fold by series; the documents a query also finds stand alone.
      if (result.raw.objecttype !== 'Product') continue;
      expect(result.raw.foldingcollection).toBeTypeOf('string');
      expect(result.raw.series).toBeTypeOf('string');
    }
  });

  it('carry every field when the request names none', async () => {
    const results = everyResult(await folded({}));
    expect(results.some((result) => Object.keys(result.raw).length > 20)).toBe(true);
  });
});
