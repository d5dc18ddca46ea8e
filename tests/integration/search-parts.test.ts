import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { rawRequest } from '../support/raw-http.ts';
import { visibleText } from '../support/visible-text.ts';

/**
 * Search that answers an engineer (decisions 0160, 0161): a part number of ours puts that part
 * first and the header box opens it; another maker's number is answered with our match from the
 * cross-reference, which reads real numbers of up to 40 characters and says "no equivalent" for
 * parts we do not make. Asserted on what the visitor reads.
 */
const site = demoSiteForSuite({ SEARCH_PAGE_CACHE_SECONDS: '0' });

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await rawRequest(site.url, path, { headers: { dnt: '1', ...headers } });
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(response.body)?.[1] ?? '';
  const language = /<html[^>]*lang="([^"]+)"/.exec(response.body)?.[1] ?? 'en';
  return { status: response.status, text: visibleText(main, language).join(' '), html: main };
}

/** The links of the result items in order (the folded parts under each included, after it). */
const resultLinks = (html: string) => [...html.matchAll(/<li class="result[^"]*"[^>]*>[\s\S]*?<h[34]><a href="([^"]+)"/g)].map((m) => m[1]!);
const SMBJ10A = '/products/circuit-protection/tvs-diodes/surface-mount-tvs-diodes/smbj/smbj10a';

describe.runIf(built)('the exact part first', () => {
  it('lists the part a query names first, however it is typed, never folded under a sibling', async () => {
    for (const q of ['SMBJ10A', 'smbj10a', 'SMBJ 10A', 'smbj-10a']) {
      const found = await page(`/searchresult?q=${encodeURIComponent(q)}`);
      expect(resultLinks(found.html)[0], q).toBe(SMBJ10A);
    }
    // Without its period, as people type it: 0451.063NR.
    const fuse = await page('/searchresult?q=0451063nr');
    expect(resultLinks(fuse.html)[0]).toBe('/products/circuit-protection/fuses/surface-mount-fuses/0451/0451-063nr');
    // In German too, with the part's German address.
    const german = await page('/de/searchresult?q=smbj10a');
    expect(resultLinks(german.html)[0]).toBe(`/de${SMBJ10A}`);
  });

  it('opens the part from the header box without JavaScript, with a way back to the results', async () => {
    const response = await rawRequest(site.url, '/search?q=smbj%2010a');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(SMBJ10A);
    const cookie = String(response.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    expect(cookie).toMatch(/^search-return=/);
    const part = await page(SMBJ10A, { cookie });
    expect(part.text).toContain('Back to results for “smbj 10a”');
    expect(part.html).toContain('href="/searchresult?q=smbj+10a"');
    // The results page itself still lists the results (no loop back to the part).
    expect(resultLinks((await page('/searchresult?q=smbj+10a')).html)[0]).toBe(SMBJ10A);
    // A word is still a search.
    expect((await rawRequest(site.url, '/search?q=fuse')).headers.location).toBe('/searchresult?q=fuse');
  });
});

describe.runIf(built)("another maker's number answered with ours", () => {
  it('leads the results for V275LA20AP with our drop-in, the reason and the cross-reference', async () => {
    const found = await page('/searchresult?q=V275LA20AP');
    expect(found.text).toContain("V275LA20AP is another maker's part. Our drop-in: V275DA20L : 275 V · Varistors · Disc 20 mm");
    expect(found.text).toMatch(/same Max\. AC voltage 275 V; package Disc 20 mm/);
    expect(found.html).toContain('href="/products/cross-reference?part=V275LA20AP"');
    expect(found.text).not.toContain('Parts you may be looking for');
    const german = await page('/de/searchresult?q=V275LA20AP');
    expect(german.text).toContain('V275LA20AP ist ein Teil eines anderen Herstellers. Unser direkter Ersatz: V275DA20L');
    expect(german.html).toContain('href="/de/products/cross-reference?part=V275LA20AP"');
  });

  it('answers SMBJ5.0A with a 5 V TVS diode of ours that is A, unidirectional and not automotive', async () => {
    const found = await page('/searchresult?q=SMBJ5.0A');
    expect(found.text).toMatch(/SMBJ5\.0A is another maker's part\. Our drop-in: SMBJ4-5\.0A : 5 V · TVS Diodes · SMB/);
  });

  it('leaves "Parts you may be looking for" out for a query that names no category', async () => {
    const gibberish = await page('/searchresult?q=xqzzt');
    expect(gibberish.text).toContain('No results');
    expect(gibberish.text).not.toContain('Parts you may be looking for');
  });
});

describe.runIf(built)('the cross-reference reads real part numbers', () => {
  it('accepts numbers of up to 40 characters', async () => {
    for (const part of ['0451001.MRL', 'B72214S0271K101', 'ABC-1234/56+7 X']) {
      const answer = await page(`/products/cross-reference?part=${encodeURIComponent(part)}`);
      expect(answer.status, part).toBe(200);
      expect(answer.text, part).not.toContain('4 to 10');
    }
    // 0451001.MRL is a 1 A fuse in the 2410 package: our 0451 series answers.
    expect((await page('/products/cross-reference?part=0451001.MRL')).text).toMatch(/0451\S* 1 A/);
    const tooLong = await page(`/products/cross-reference?part=${'A1'.repeat(21)}`);
    expect(tooLong.text).toContain('A part number is 1 to 40 letters, digits, spaces or . - / +, with at least one digit.');
  });

  it('answers "no equivalent in our range" for the rectifier 1N4007, with no TVS diode', async () => {
    const answer = await page('/products/cross-reference?part=1N4007');
    expect(answer.text).toContain('No equivalent in our range.');
    expect(answer.text).not.toMatch(/TVS/);
  });

  it('calls a part a drop-in only when direction, tolerance and grade match too', async () => {
    const answer = await page('/products/cross-reference?part=SMBJ5.0A');
    // SMBJ5-5.0 is an AQ part (its number lost the suffix): automotive grade, so similar.
    expect(answer.text).toMatch(/SMBJ5-5\.0 [^|]*? Similar [^|]*?automotive grade AEC-Q101 \(the typed number is not\)/);
    expect(answer.text).toMatch(/SMBJ4-5\.0A [^|]*? Drop-in/);
    const plain = await page('/products/cross-reference?part=SMBJ5.0');
    expect(plain.text).toContain('A tolerance, 5 % (the typed number is 10 %)');
    expect(plain.text).not.toMatch(/SMBJ4-5\.0A [^|]*? Drop-in/);
  });
});
