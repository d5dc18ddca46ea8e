import { randomUUID } from 'node:crypto';
import { createCookie } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { readVisitorId, visitorCookieHeader, withFields } from '~/lib/analytics.server.ts';

describe('the events of a page served from a copy', () => {
  it('are the common body serialized once with each visitor’s fields appended, as JSON.stringify would write them', () => {
    const body = { actionCause: 'interfaceLoad', customData: { facetTitle: 'Market "é"' }, queryText: 'fuse', missing: undefined };
    const common = JSON.stringify(body);
    const cases: Array<Record<string, unknown>> = [
      { clientId: 'v1', userAgent: 'Mozilla/5.0 "x"', referrer: '' },
      { clientId: 'v2' },
      {},
      { ignored: undefined },
      // A field that replaces one of the body's takes its place, as in { ...body, ...fields }.
      { queryText: 'relay', clientId: 'v3' },
    ];
    for (const fields of cases) {
      expect(withFields(common, body, fields)).toBe(JSON.stringify({ ...body, ...fields }));
      expect(JSON.parse(withFields(common, body, fields))).toEqual(JSON.parse(JSON.stringify({ ...body, ...fields })));
    }
    expect(withFields('{}', {}, { clientId: 'v4' })).toBe('{"clientId":"v4"}');
  });

  it('give each new visitor the cookie Remix would write, which reads back as their id', async () => {
    const remix = createCookie('visitor', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 * 60 * 24 * 365 });
    for (const secure of [false, true]) {
      for (let n = 0; n < 20; n += 1) {
        const id = randomUUID();
        const header = await visitorCookieHeader(id, secure);
        expect(header).toBe(await remix.serialize(id, { secure }));
        const cookie = header.slice(0, header.indexOf(';'));
        expect(readVisitorId(new Request('http://site/', { headers: { cookie } }), undefined)).toBe(id);
      }
    }
  });
});
