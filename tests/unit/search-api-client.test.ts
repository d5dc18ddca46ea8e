import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '@voltaris/protocol/coveo/query-syntax';
import { PolicyDispatcher, sendPlain, THROTTLE_TRIES, withFailurePolicy } from '../../app/search-api/failure-policy.server.ts';
import { allOf, anyOf, fieldCompares, fieldIs, fieldIsNot, fieldIsTrue, fieldMatches } from '../../app/search-api/query-expression.server.ts';

describe('query expressions (Headless buildQueryExpression)', () => {
  it('writes field clauses joined by AND, as the Search API parses them', () => {
    const aq = allOf(fieldIs('objecttype', 'Product'), fieldIs('series', ['SMBJ', '0451']), fieldCompares('ratedcurrent', 'greaterThanOrEqual', 0.5), fieldIsTrue('checkstock'));
    expect(aq).toBe('(@objecttype=="Product") AND (@series==("SMBJ","0451")) AND (@ratedcurrent>=0.5) AND (@checkstock=="true")');
    expect(parseQuery(aq)).toEqual({
      kind: 'and',
      children: [
        { kind: 'field', field: 'objecttype', operator: '==', values: ['Product'] },
        { kind: 'field', field: 'series', operator: '==', values: ['SMBJ', '0451'] },
        { kind: 'field', field: 'ratedcurrent', operator: '>=', values: ['0.5'] },
        { kind: 'field', field: 'checkstock', operator: '==', values: ['true'] },
      ],
    });
  });

  it('keeps a value with quotes, brackets and operators inside its quotes: it cannot add a clause', () => {
    const hostile = ['a") OR (@issecured==true', 'x\\" OR @issecured==true', '(NOT @a) AND @b>=1', 'Ω, µ "quoted" [brackets]'];
    for (const value of hostile) {
      const node = parseQuery(allOf(fieldIs('objecttype', 'Document'), fieldIs('title', value)));
      expect(node).toEqual({
        kind: 'and',
        children: [
          { kind: 'field', field: 'objecttype', operator: '==', values: ['Document'] },
          { kind: 'field', field: 'title', operator: '==', values: [value.replace(/["\\]/g, '')] },
        ],
      });
    }
  });

  it('refuses a field name that is not one, and a number that is not finite', () => {
    expect(() => fieldIs('series==x OR @a', 'v')).toThrow(RangeError);
    expect(() => fieldCompares('ratedvoltage', 'greaterThan', Number.NaN)).toThrow(RangeError);
    expect(() => fieldIs('series', [])).toThrow(RangeError);
  });

  it('writes every number as a plain decimal, never in exponent form (a 100 nF capacitance is 1e-7 F)', () => {
    const cases: Array<[number, string]> = [
      [1e-7, '0.0000001'],
      [4.7e-11, '0.000000000047'],
      [-2.2e-12, '-0.0000000000022'],
      [1.5e-6, '0.0000015'],
      [0.25, '0.25'],
      [1500, '1500'],
      [2e21, '2000000000000000000000'],
      [1.25e22, '12500000000000000000000'],
    ];
    for (const [value, written] of cases) {
      const aq = allOf(fieldCompares('capacitance', 'greaterThanOrEqual', value));
      expect(aq).toBe(`@capacitance>=${written}`);
      expect(aq).not.toMatch(/e[+-]?\d/i);
      expect(parseQuery(aq)).toEqual({ kind: 'field', field: 'capacitance', operator: '>=', values: [written] });
      expect(Number(written)).toBe(value);
    }
    expect(allOf(fieldCompares('capacitance', 'lowerThan', 1e-7))).toBe('@capacitance<0.0000001');
    expect(allOf(fieldCompares('capacitance', 'isExactly', 1e-7))).toBe('@capacitance==0.0000001');
  });

  it('negates, matches patterns, nests OR inside AND and leaves out what is not given', () => {
    expect(parseQuery(allOf(fieldIsNot('objecttype', ['Product', 'Contact'])))).toEqual({
      kind: 'not',
      child: { kind: 'field', field: 'objecttype', operator: '==', values: ['Product', 'Contact'] },
    });
    expect(parseQuery(allOf(fieldMatches('series', 'S*')))).toEqual({ kind: 'field', field: 'series', operator: '=', values: ['S*'] });
    const nested = allOf(fieldIs('objecttype', 'Product'), anyOf(fieldIs('market', 'Automotive'), fieldIs('market', 'Industrial')), undefined, false);
    expect(parseQuery(nested)).toMatchObject({ kind: 'and', children: [{ kind: 'field' }, { kind: 'or', children: [{ kind: 'field' }, { kind: 'field' }] }] });
    expect(allOf()).toBe('');
  });
});

describe('failure policy', () => {
  let server: Server;
  let base: string;
  let answers: Array<{ status: number; body: string; type?: string; retryAfter?: string }> = [];
  let calls = 0;
  beforeAll(async () => {
    server = createServer((_request, response) => {
      calls += 1;
      const answer = answers.shift() ?? { status: 200, body: '{"ok":true}' };
      response.writeHead(answer.status, { 'content-type': answer.type ?? 'application/json', ...(answer.retryAfter ? { 'retry-after': answer.retryAfter } : {}) });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const policyFetch = () => {
    const dispatcher = new PolicyDispatcher((signal) => withFailurePolicy(() => sendPlain(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', signal })));
    // What Headless does with what preprocessRequest returned: the global fetch, with the dispatcher.
    return fetch(base, { method: 'POST', body: '{}', dispatcher } as RequestInit);
  };

  it('tries a throttled request again, then answers with a body Headless reports and does not retry', async () => {
    answers = Array.from({ length: THROTTLE_TRIES }, () => ({ status: 429, body: '{}', retryAfter: '0' }));
    calls = 0;
    const response = await policyFetch();
    expect(calls).toBe(THROTTLE_TRIES);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 429, type: 'TooManyRequestsException' });
  }, 10_000);

  it('passes an expired token on as an error with the service message, and a non-JSON error as JSON', async () => {
    answers = [{ status: 419, body: '{"message":"The token is expired."}' }, { status: 502, body: '<html>proxy</html>', type: 'text/html' }];
    const expired = await policyFetch();
    expect([expired.status, await expired.json()]).toEqual([400, { statusCode: 419, type: 'ExpiredTokenException', message: 'The token is expired.' }]);
    const html = await policyFetch();
    expect([html.status, await html.json()]).toEqual([502, { unreadableBody: true }]);
  });

  it('hands a good answer on unchanged', async () => {
    answers = [{ status: 200, body: '{"results":[1,2]}' }];
    const response = await policyFetch();
    expect([response.status, response.headers.get('content-type'), await response.json()]).toEqual([200, 'application/json', { results: [1, 2] }]);
  });
});
