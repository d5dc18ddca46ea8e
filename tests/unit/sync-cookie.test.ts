import { createCookie } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { SyncCookie } from '~/lib/sync-cookie.server.ts';

// A copy of a page reads and writes these cookies for each visitor (decision 0035): without
// promises, and exactly as Remix would.
const remix = createCookie('recent-queries', { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 60 * 60 * 24 * 30 });
const sync = new SyncCookie(remix);

const VALUES: unknown[] = [
  ['fuse', 'relay'],
  ['Sicherung 5×20 mm', 'ヒューズ', '保险丝', 'emoji 🔌', '"quoted" <tag> & more'],
  '7d6f3a52-0c1e-4f7e-9a51-3f7c2b8e9d10',
  [],
  { nested: { a: 1 } },
  '',
];

describe('a cookie read and written without promises', () => {
  it('writes what Remix writes, once it has learnt the attributes', async () => {
    for (const secure of [false, true]) {
      expect(new SyncCookie(remix).write(['x'], secure)).toBeUndefined();
      for (const value of VALUES) expect(await sync.serialize(value, secure)).toBe(await remix.serialize(value, { secure }));
      for (const value of VALUES) expect(sync.write(value, secure)).toBe(await remix.serialize(value, { secure }));
    }
  });

  it('reads what Remix reads, from its own cookies and from broken ones', async () => {
    const headers: Array<string | null> = [null, '', 'other=1', 'recent-queries=', 'recent-queries=%%%', 'recent-queries=bm90IGpzb24=', 'recent-queries=!!!!'];
    // A byte order mark, invalid UTF-8 and a lone surrogate's bytes: Remix gives up ({}) on each.
    for (const bytes of [[0xef, 0xbb, 0xbf, 0x5b, 0x5d], [0x22, 0xff, 0x22], [0x22, 0xed, 0xa0, 0x80, 0x22]]) {
      headers.push(`recent-queries=${encodeURIComponent(Buffer.from(bytes).toString('base64'))}`);
    }
    for (const value of VALUES) headers.push(`a=b; ${(await remix.serialize(value)).split(';')[0]}; c=d`);
    for (const header of headers) expect(sync.read(header), String(header)).toEqual(await remix.parse(header));
  });

  it('refuses a signed cookie, which only Remix can check', () => {
    expect(() => new SyncCookie(createCookie('session', { secrets: ['s'] }))).toThrow(/signed/);
  });
});
