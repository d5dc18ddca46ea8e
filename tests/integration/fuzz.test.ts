import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { fuzzInputs, runFuzz, type FuzzInput } from '../support/fuzz.ts';

// Issue 19 item 8: about 2,000 generated inputs (seeded, so a failure is the same on every run)
// over the search API, the search page, the catalogue listing, the forms and odd paths, against
// one started site: not one 5xx. `npm run fuzz -- --count 10000` runs more against a running site.
const SEED = 19;
const COUNT = 2000;

/**
 * Inputs whose 5xx comes from the search service (services/search/**), fixed on another branch
 * (issue 19 item 3: query syntax depth, invalid facet values). TODO(lead): empty this list once
 * that branch is merged; each entry names the input by its path and a part of its body.
 */
const KNOWN_SEARCH_SERVICE_FAULTS: Array<(input: FuzzInput) => boolean> = [];

// The search limit is off: it is kept per visitor, and the fuzzer is one visitor sending 2,000
// requests in half a minute, so most pages would be 429. What a visitor past the limit gets is
// tested in bad-input.test.ts (`npm run fuzz` against `npm start` runs with the limit on).
const site = demoSiteForSuite({ FORM_RATE_LIMIT_PER_MINUTE: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '0' }, { dataDir: 'fuzz', timeout: 120_000 });

describe.runIf(built)('fuzzed input', () => {
  it(`gets no 5xx and no 4xx without words in ${COUNT} generated requests`, { timeout: 120_000 }, async () => {
    const results = await runFuzz(site.url, fuzzInputs(SEED, COUNT, site.url), 8);
    const failures = results.filter((result) => (result.status >= 500 || result.status === 0) && !KNOWN_SEARCH_SERVICE_FAULTS.some((known) => known(result.input)));
    const report = failures.slice(0, 10).map(({ input, status, body }) => `${status} ${input.method} ${input.path.slice(0, 200)} ${JSON.stringify(input.headers)} ${(input.body ?? '').slice(0, 200)} -> ${body.slice(0, 120)}`);
    expect(report).toEqual([]);
    // Issue 31 item 6: and every 4xx says in words what was wrong.
    const unclear = results.filter((result) => result.unreadable).slice(0, 10).map(({ input, status, unreadable, body }) => `${status} ${input.method} ${input.path.slice(0, 120)} ${JSON.stringify(input.headers)} -> ${unreadable}: ${body.slice(0, 80)}`);
    expect(unclear).toEqual([]);
    // Every kind of input was sent.
    expect(new Set(results.map((result) => result.input.kind)).size).toBe(5);
  });
});
