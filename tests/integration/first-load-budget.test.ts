import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET_KB, firstLoad } from '../../bench/support/first-load.ts';
import { PAGE_TYPES } from '../../bench/support/page-types.ts';
import { freePort, startSiteProcess, stop, type Running } from '../../deploy/cluster.ts';

/**
 * The JavaScript a public page's document preloads stays within the budget (bytes, not time: the
 * benches print the figures, this guards them). A plugin's parts that one rendering uses must end
 * in that rendering's chunk, not in chunks of their own (decision 0119).
 */
const built = existsSync('build/server/index.js');
if (!built) console.warn('[first-load budget] skipped: no build (npm run build)');

let site: Running;
let origin: string;
let dataDir: string;

beforeAll(async () => {
  if (!built) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'first-load-'));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  site = await startSiteProcess({ name: 'site', port, cwd: process.cwd(), env: { DATA_DIR: dataDir, CATALOGUE_PRODUCTS: '2000' } });
}, 180_000);

afterAll(async () => {
  if (site) await stop(site);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(built)('first-load JavaScript of the public page types', () => {
  it.each(PAGE_TYPES)(`%s stays within ${FIRST_LOAD_BUDGET_KB} kB gzip`, async (_label, pagePath) => {
    const files = await firstLoad(origin, pagePath);
    const kilobytes = files.reduce((sum, one) => sum + one.gzip, 0) / 1024;
    expect(files.length).toBeGreaterThan(0);
    expect(kilobytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });
});
