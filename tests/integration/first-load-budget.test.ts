import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_KB, firstLoad } from '../../bench/support/first-load.ts';
import { PAGE_TYPES } from '../../bench/support/page-types.ts';
import { builtSiteForTests } from '../support/built-site.ts';

/**
 * The JavaScript a public page's document preloads stays within the budget (bytes, not time: the
 * benches print the figures, this guards them). A plugin's parts that one rendering uses must end
 * in that rendering's chunk, not in chunks of their own (decision 0119).
 */
const built = existsSync('build/server/index.js');
if (!built) console.warn('[first-load budget] skipped: no build (npm run build)');

const site = builtSiteForTests({ name: 'first-load', runnable: built, env: { CATALOGUE_PRODUCTS: '2000' } });

/**
 * A page type over the target, with the figure it must not pass meanwhile: the search page took
 * 124.1 kB with the filter drawer, the preview dialog, the value filters, the cross-reference answer
 * and the log-scale range labels (decisions 0160-0181). Known debt, to be cut back to the target.
 */
const OVER_BUDGET: Record<string, number> = { 'search results': 125 };

describe.runIf(built)('first-load JavaScript of the public page types', () => {
  it.each(PAGE_TYPES)(`%s stays within its first-load budget (${FIRST_LOAD_BUDGET_KB} kB gzip)`, async (label, pagePath) => {
    const files = await firstLoad(site.origin, pagePath);
    const kilobytes = files.reduce((sum, one) => sum + one.gzip, 0) / 1024;
    expect(files.length).toBeGreaterThan(0);
    expect(kilobytes).toBeLessThanOrEqual(OVER_BUDGET[label] ?? FIRST_LOAD_BUDGET_KB);
  });
});
