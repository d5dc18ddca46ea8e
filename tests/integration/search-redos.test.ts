import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildSite, type ChildSite } from '../support/child-site.ts';

/**
 * Issue 19: one GET must not freeze the site. The site runs in a child process, so a request that
 * blocks its event loop fails these tests by timing out instead of freezing the test runner.
 */
const built = existsSync('build/server/index.js');
let site: ChildSite;
const STARS = '*'.repeat(40);
const api = (path: string) => `${site.url}/rest/search/v2${path}?organizationId=local`;
const headers = { authorization: 'Bearer local-search-token', 'content-type': 'application/json' };

beforeAll(async () => {
  if (!built) return;
  site = await startChildSite({ CATALOGUE_PRODUCTS: '2000', SEARCH_RATE_LIMIT_PER_MINUTE: '0', SEARCH_PAGE_CACHE_SECONDS: '0' });
  // Warm up: the first pages and facet searches compile code the timed requests reuse (2 stars
  // are harmless to either matcher).
  for (let i = 0; i < 3; i += 1) {
    await (await fetch(`${site.url}/searchresult?fs.market=${encodeURIComponent('**zq')}`)).text();
    await (await fetch(api('/facet'), { method: 'POST', headers, body: JSON.stringify({ field: 'market', query: '**zq' }) })).text();
  }
});
afterAll(async () => site?.stop());

/** Times a request with a hard limit; a request cut off by the limit fails the test. */
async function timed(url: string, init: RequestInit = {}, limitMs = 3000) {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(limitMs) });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

/** Polls /healthz every 10 ms while `work` runs (for `idleMs` when there is none); the slowest answer. */
async function healthzWhile(work: Promise<unknown>): Promise<number> {
  let done = false;
  let slowest = 0;
  const poll = (async () => {
    while (!done) {
      const { status, ms } = await timed(`${site.url}/healthz`, {}, 2000);
      expect(status).toBe(200);
      slowest = Math.max(slowest, ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  // A failed poll is reported after the work, never as an unhandled rejection meanwhile.
  const polled = poll.then(
    () => undefined,
    (error: unknown) => error,
  );
  try {
    await work;
  } finally {
    done = true;
  }
  const failure = await polled;
  if (failure) throw failure;
  return slowest;
}

describe.skipIf(!built)('wildcards cannot freeze the site (issue 19)', () => {
  it(`GET /searchresult?fs.market=${STARS.length} stars+zq answers in under a second, and /healthz within 100 ms meanwhile`, async () => {
    // The machine's own jitter (tests share two cores): /healthz's slowest answer with nothing else to do.
    const idle = await healthzWhile(new Promise((resolve) => setTimeout(resolve, 300)));
    let answer: Awaited<ReturnType<typeof timed>> | undefined;
    const slowest = await healthzWhile(
      (async () => {
        answer = await timed(`${site.url}/searchresult?fs.market=${encodeURIComponent(`${STARS}zq`)}`);
      })(),
    );
    expect(answer!.status).toBeLessThan(500);
    expect(answer!.ms).toBeLessThan(1000);
    expect(slowest - idle).toBeLessThan(100);
  });

  it('a pathological facet search answers at once and does not delay /healthz by more than 100 ms', async () => {
    const body = JSON.stringify({ field: 'market', query: `${STARS}zq`, numberOfValues: 10 });
    // The machine's own jitter (tests share two cores): /healthz's slowest answer with nothing else to do.
    const idle = await healthzWhile(new Promise((resolve) => setTimeout(resolve, 300)));
    let answer: Awaited<ReturnType<typeof timed>> | undefined;
    const slowest = await healthzWhile(
      (async () => {
        for (let i = 0; i < 5; i += 1) answer = await timed(api('/facet'), { method: 'POST', headers, body });
      })(),
    );
    expect(answer!.status).toBe(200);
    expect(JSON.parse(answer!.body)).toEqual({ values: [], moreValuesAvailable: false });
    expect(answer!.ms).toBeLessThan(1000);
    expect(slowest - idle).toBeLessThan(100);
  });

  it('"=" wildcards in aq answer at once', async () => {
    for (const field of ['title', 'series', 'partnumber', 'market']) {
      const body = JSON.stringify({ aq: `@${field}="${STARS}zq"`, numberOfResults: 1 });
      const { status, body: answer, ms } = await timed(api(''), { method: 'POST', headers, body });
      expect([field, status]).toEqual([field, 200]);
      expect(JSON.parse(answer).totalCount).toBe(0);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('wildcards still find values', async () => {
    const { body } = await timed(api('/facet'), { method: 'POST', headers, body: JSON.stringify({ field: 'market', query: '*auto*', numberOfValues: 10 }) });
    expect((JSON.parse(body) as { values: Array<{ rawValue: string }> }).values.map((v) => v.rawValue)).toContain('Automotive');
    const search = await timed(api(''), { method: 'POST', headers, body: JSON.stringify({ aq: '@market="auto*"', numberOfResults: 0 }) });
    expect(JSON.parse(search.body).totalCount).toBeGreaterThan(0);
  });
});
