import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';

/**
 * Issue 19 item 6: the search rate limit means a visitor. The site names the visitor (Express's
 * req.ip under its trust-proxy setting) in X-Forwarded-For on every Search API call (pages,
 * suggestions, media), so one visitor over the limit leaves the others searching. Visitors are told
 * apart here by their loopback address (127.0.0.2, 127.0.0.3, ...: all of 127/8 is this machine).
 */
const LIMIT = 5;
const site = demoSiteForSuite({ HOST: '0.0.0.0', CATALOGUE_PRODUCTS: '2000', SEARCH_RATE_LIMIT_PER_MINUTE: String(LIMIT), SEARCH_PAGE_CACHE_SECONDS: '0' });

/** A GET from a given local address. */
function getFrom(localAddress: string, path: string): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(new URL(site.url).port), path, localAddress, headers: { accept: 'text/html,application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const suggest = async (from: string, q: string) => JSON.parse((await getFrom(from, `/api/search/suggest?q=${q}`)).body) as { suggestions: unknown[]; suggesterError?: string };

describe.skipIf(!built)('the search rate limit is per visitor', () => {
  it('a visitor over the limit leaves another visitor searching', async () => {
    const busy = '127.0.0.2';
    const answers = [];
    for (let i = 0; i <= LIMIT; i += 1) answers.push(await suggest(busy, 'fu'));
    expect(answers.slice(0, LIMIT).every((answer) => !answer.suggesterError)).toBe(true);
    // The busy visitor's next suggestion is refused (429 from the service).
    expect(answers[LIMIT]!.suggesterError).toBeTruthy();

    const other = '127.0.0.3';
    const suggestions = await suggest(other, 'fu');
    expect(suggestions.suggesterError).toBeUndefined();
    expect(suggestions.suggestions.length).toBeGreaterThan(0);
    const page = await getFrom(other, '/searchresult?q=fuse');
    expect(page.status).toBe(200);
    // Not refused: no search error on the page (the error pages' phrases are in every page's data).
    expect(page.body).not.toContain('class="search-error"');
    expect(page.body).toMatch(/data-total="[1-9]/);
    const datasheet = await getFrom('127.0.0.4', '/searchresult?q=datasheet');
    expect(datasheet.status).toBe(200);
  });

  it('media downloads count for their visitor, not for everyone', async () => {
    const page = await getFrom('127.0.0.5', '/searchresult?q=datasheet');
    const pdf = /href="(\/media\/(?:resources|datasheets)\/[^"]+\.pdf)"/.exec(page.body)?.[1];
    expect(pdf).toBeTruthy();
    const busy = '127.0.0.6';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await getFrom(busy, pdf!)).status);
    // A download asks the index for the document and then for the parts its table lists: two calls.
    const served = statuses.findIndex((status) => status !== 200);
    expect(served).toBeGreaterThanOrEqual(Math.floor(LIMIT / 2));
    expect(statuses[LIMIT]).toBe(429);
    expect((await getFrom('127.0.0.7', pdf!)).status).toBe(200);
  });

  it('a crawler over the limit is told to wait (429 with Retry-After), never that the site is down (503)', async () => {
    const crawler = '127.0.0.8';
    const pages = ['fuse', 'varistor', 'relay', 'thermistor', 'diode', 'sensor', 'switch', 'igbt'];
    const answers: Array<{ status: number; headers: Record<string, string | string[] | undefined> }> = [];
    // Two at a time, as a polite crawler asks.
    for (let i = 0; i < pages.length; i += 2) answers.push(...(await Promise.all(pages.slice(i, i + 2).map((q) => getFrom(crawler, `/searchresult?q=${q}`)))));
    expect(answers.map((answer) => answer.status).every((status) => status === 200 || status === 429)).toBe(true);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(String(answer.headers['retry-after'])).toMatch(/^\d+$/);
  });
});
