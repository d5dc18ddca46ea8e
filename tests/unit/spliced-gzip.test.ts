import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, SplicedGzip } from '../../server/spliced-gzip.ts';

describe('a gzip body with a text spliced in per response', () => {
  const cases: Array<[string, string[]]> = [
    ['one part', ['<html>no nonce here</html>']],
    ['parts around the text', ['<script nonce="', '">a()</script><script nonce="', '">b()</script>']],
    ['the text first and last', ['', 'middle', '']],
    ['large repetitive parts', ['x'.repeat(200_000), 'abc'.repeat(50_000), '<p>end</p>']],
  ];
  for (const [name, parts] of cases) {
    it(`decodes to the parts joined by the text: ${name}`, () => {
      const gzip = new SplicedGzip(parts.map((part) => Buffer.from(part)));
      for (const between of ['QUJDREVGR0hJSktMTU5PUA==', 'another-nonce-of-any-length', '']) {
        const body = Buffer.concat(gzip.frames(Buffer.from(between)));
        expect(gunzipSync(body).toString()).toBe(parts.join(between));
      }
    });
  }

  it('splices a different text into each gap (a visitor’s own slot), longer than a stored block too', () => {
    const parts = ['<head nonce="', '"></head><div class="slot">', '</div><script>data={', '}</script>'];
    const gzip = new SplicedGzip(parts.map((part) => Buffer.from(part)));
    const texts = ['nonce-1', `<nav>${'é recent query '.repeat(6000)}</nav>`, ''];
    expect(Buffer.from(texts[1]!).length).toBeGreaterThan(0xffff);
    for (let round = 0; round < 2; round += 1) {
      const body = Buffer.concat(gzip.frames(texts.map((text) => Buffer.from(text))));
      expect(gunzipSync(body).toString()).toBe(parts.map((part, index) => part + (texts[index] ?? '')).join(''));
    }
    expect(() => gzip.frames([Buffer.from('one')])).toThrow(RangeError);
  });

  it('compresses the fixed parts', () => {
    const page = '<div class="result">'.repeat(2000);
    const gzip = new SplicedGzip([Buffer.from(page), Buffer.from(page)]);
    expect(gzip.bytes).toBeLessThan(page.length / 10);
  });
});

describe('Accept-Encoding', () => {
  it('takes gzip when named or under *, with a quality above 0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
  });
  it('refuses gzip when absent, at quality 0, or only identity', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
  });
});
