import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { loadConfig } from '../../server/config.ts';
import { visitWithBeacon } from '../support/beacon.ts';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

// The site against a search service on another port that counts the searches it answers, over HTTP.
let service: Server;
let analytics: ReturnType<typeof createEmbeddedSearch>['analytics'];
let searches = 0;
let lastSearchBody: { facets?: Array<{ facetId: string; freezeCurrentValues?: boolean; currentValues?: Array<{ value: string; state: string }> }> } = {};
let failNext = 0;
let failSuggestions = false;
let failWith: { status: number; type: string; message: string } = { status: 503, type: 'ServiceUnavailable', message: 'Service unavailable' };

beforeAll(async () => {
  if (!built) return;
  const search = createEmbeddedSearch({ ...loadConfig({ CATALOGUE_PRODUCTS: '2000' }).search, rateLimitPerMinute: 0 });
  analytics = search.analytics;
  const app = express();
  app.use((req, res, next) => {
    if (failSuggestions && req.path === '/rest/search/v2/querySuggest') return void res.status(503).json({ statusCode: 503, message: 'Service unavailable', type: 'ServiceUnavailable' });
    next();
  });
  app.use(express.json({ limit: '256kb', type: () => true }), (req, res, next) => {
    if (req.method !== 'POST' || req.path !== '/rest/search/v2') return next();
    lastSearchBody = req.body as typeof lastSearchBody;
    searches += 1;
    if (failNext > 0) {
      failNext -= 1;
      if (failWith.type === 'unreadable') res.status(failWith.status).type('text/html').send('<html><body>Bad gateway</body></html>');
      else if (failWith.type === 'other-json') res.status(failWith.status).json({ error: 'upstream said no' });
      else if (failWith.type === 'exception') res.status(failWith.status).json({ exception: { code: failWith.message } });
      else res.status(failWith.status).json({ statusCode: failWith.status, message: failWith.message, type: failWith.type });
      return;
    }
    next();
  });
  app.use(search.router);
  service = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => service.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => service?.close(resolve));
});
const site = demoSiteForSuite(() => ({ SEARCH_API_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/rest/search/v2`, SEARCH_PAGE_CACHE_SECONDS: '30' }));

const page = (query: string) => fetch(`${site.url}/searchresult?${query}`).then((response) => response.text());

const checkboxValues = (html: string, facetId: string) => [...html.matchAll(new RegExp(`type="checkbox" name="f\\.${facetId}"(?: checked="")? value="([^"]+)"`, 'g'))].map((match) => match[1]!);

describe.runIf(built)('facet freeze (REQ-FACET-2)', () => {
  it('keeps a facet\'s values where they were when one is selected; clearing the facet resets them', async () => {
    const before = await page('q=sensor&sort=newest');
    const shown = checkboxValues(before, 'market');
    expect(shown.length).toBeGreaterThan(2);
    const chosen = shown[2]!;
    const searchesBefore = searches;
    const after = await fetch(`${site.url}/searchresult?q=sensor&sort=newest&f.market=${encodeURIComponent(chosen)}`, { headers: { referer: `${site.url}/searchresult?q=sensor&sort=newest` } }).then((r) => r.text());
    // The values shown come from what the previous page showed, not from searching it again.
    expect(searches - searchesBefore).toBe(1);
    const market = lastSearchBody.facets?.find((facet) => facet.facetId === 'market');
    expect(market?.freezeCurrentValues).toBe(true);
    expect(market?.currentValues?.map((value) => value.value)).toEqual(shown);
    expect(market?.currentValues?.filter((value) => value.state === 'selected').map((value) => value.value)).toEqual([chosen]);
    expect(checkboxValues(after, 'market')).toEqual(shown);

    // Deselect all (the facet's selection emptied): nothing frozen.
    await fetch(`${site.url}/searchresult?q=sensor&sort=newest&page=2`, { headers: { referer: `${site.url}/searchresult?q=sensor&sort=newest&f.market=${encodeURIComponent(chosen)}` } }).then((r) => r.text());
    expect(lastSearchBody.facets?.find((facet) => facet.facetId === 'market')?.freezeCurrentValues).toBe(false);
  });
});

describe.runIf(built)('search box suggestions when the suggester fails (REQ-ERR-8)', () => {
  it("answers 'suggester was not built' and still the instant results; fine again once it recovers", async () => {
    failSuggestions = true;
    try {
      const response = await fetch(`${site.url}/api/search/suggest?q=fuse&instant=1`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { suggestions: unknown[]; instantResults: unknown[]; suggesterError?: string };
      expect(body).toMatchObject({ suggestions: [], suggesterError: 'suggester was not built' });
      expect(body.instantResults.length).toBeGreaterThan(0);
    } finally {
      failSuggestions = false;
    }
    const body = (await (await fetch(`${site.url}/api/search/suggest?q=fuse`)).json()) as { suggestions: unknown[]; suggesterError?: string };
    expect(body.suggesterError).toBeUndefined();
    expect(body.suggestions.length).toBeGreaterThan(0);
  });
});

describe.runIf(built)('reusing search answers on the search page', () => {
  it('answers identical searches, sequential or concurrent, with one Search API call', async () => {
    const before = searches;
    const [first, second] = await Promise.all([page('q=relay'), page('q=relay')]);
    const third = await page('q=relay');
    expect(searches - before).toBe(1);
    const count = (html: string) => /data-total="(\d+)"/.exec(html)?.[1];
    expect(count(second)).toBe(count(first));
    expect(count(third)).toBe(count(first));
  });

  it('makes a new call for another page, sort or language', async () => {
    await page('q=fuse');
    const before = searches;
    await page('q=fuse&page=2');
    await page('q=fuse&sort=newest');
    await fetch(`${site.url}/de/searchresult?q=fuse`);
    expect(searches - before).toBe(3);
  });

  it('does not keep a failed search: the next visitor gets a fresh try', async () => {
    failWith = { status: 503, type: 'ServiceUnavailable', message: 'Service unavailable' };
    failNext = 1;
    const { html: failed } = await visitWithBeacon(site.url, '/searchresult?q=varistor');
    expect(failed).toMatch(/href="[^"]*searchresult\?q=varistor/);
    // REQ-ERR-7: a search error sends a query-error analytics event (by the page's beacon).
    await expect
      .poll(() => analytics.recentOfKind('custom', 10).find((event) => (event.body as { eventType?: string; customData?: { query?: string } }).customData?.query === 'varistor'))
      .toMatchObject({ body: { eventType: 'errors', eventValue: 'query', customData: { errorType: '503', errorMessage: 'Service unavailable' } } });
    const before = searches;
    const retried = await page('q=varistor');
    expect(searches - before).toBe(1);
    expect(retried).toMatch(/data-total="[1-9]/);
  });
});

describe.runIf(built)('when the Search API pushes back (REQ-ERR-1)', () => {
  const throttled = { status: 429, type: 'TooManyRequestsException', message: 'Too many requests.' };

  it('retries a 429 after at least a second, and shows the results when a retry succeeds', async () => {
    failWith = throttled;
    failNext = 2;
    const before = searches;
    const started = performance.now();
    const html = await page('q=thermistor');
    expect(performance.now() - started).toBeGreaterThanOrEqual(2000);
    expect(searches - before).toBe(3);
    expect(html).toMatch(/data-total="[1-9]/);
  });

  it('stops after three tries and says search is busy, keeping the query and a retry link', async () => {
    failWith = throttled;
    failNext = 5;
    const before = searches;
    const response = await fetch(`${site.url}/searchresult?q=reed+switch`);
    // The visitor's own searches were too many: theirs to wait out, not an outage of the site.
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await response.text();
    expect(searches - before).toBe(3);
    expect(html).toContain('data-status="429"');
    expect(html).toContain('Search is busy right now.');
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="reed switch"/);
    failNext = 0;
  });

  it('shows the expired-token message of REQ-ERR-2 on 419, without retrying', async () => {
    failWith = { status: 419, type: 'ExpiredTokenException', message: 'The token being used to perform the request is expired.' };
    failNext = 1;
    const before = searches;
    const html = await page('q=igbt');
    expect(searches - before).toBe(1);
    expect(html).toContain('data-status="419"');
    expect(html).toContain('The token being used to perform the request is expired.');
  });

  it('a query the Search API cannot understand is a 400 saying why, not an outage', async () => {
    failWith = { status: 400, type: 'InvalidQueryExpressionException', message: 'The query expression nests deeper than 50 levels.' };
    failNext = 1;
    const response = await fetch(`${site.url}/searchresult?q=${encodeURIComponent('((((deep')}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('data-status="400"');
    expect(html).toContain('This search could not be understood');
    expect(html).toContain('The query expression nests deeper than 50 levels.');
  });

  it('an answer whose body is not the Search API\'s is the "unknown" error, status 0, and a 502', async () => {
    failWith = { status: 502, type: 'unreadable', message: '' };
    failNext = 1;
    const response = await fetch(`${site.url}/searchresult?q=unreadable+body`);
    const html = await response.text();
    expect(response.status).toBe(502);
    expect(html).toContain('data-status="0"');
    expect(html).toContain('Search is not available just now.');
    expect(html).toMatch(/class="search-error__detail">unknown</);
  });

  it('a JSON answer that is not the Search API\'s is the "unknown" error too', async () => {
    failWith = { status: 500, type: 'other-json', message: '' };
    failNext = 1;
    const response = await fetch(`${site.url}/searchresult?q=other+json+body`);
    const html = await response.text();
    expect(response.status).toBe(502);
    expect(html).toContain('data-status="0"');
    expect(html).toMatch(/class="search-error__detail">unknown</);
  });

  it('an exception code in the body is the error type and message, with the response status', async () => {
    failWith = { status: 503, type: 'exception', message: 'IndexUnavailable' };
    failNext = 1;
    const response = await fetch(`${site.url}/searchresult?q=exception+body`);
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('data-status="503"');
    expect(html).toMatch(/class="search-error__detail">IndexUnavailable</);
  });

  it('keeps a page with a search error out of every cache: the next visitor searches again', async () => {
    failWith = { status: 419, type: 'ExpiredTokenException', message: 'The token being used to perform the request is expired.' };
    failNext = 1;
    const failed = await fetch(`${site.url}/searchresult?q=opto+coupler`);
    expect(failed.status).toBe(200);
    expect(failed.headers.get('cache-control')).toBe('no-store');
    expect(await failed.text()).toContain('data-status="419"');
    const next = await fetch(`${site.url}/searchresult?q=opto+coupler`);
    expect(next.headers.get('cache-control')).toMatch(/^public, s-maxage=\d+/);
    expect(await next.text()).not.toMatch(/class="[^"]*search-error/);
  });
});
