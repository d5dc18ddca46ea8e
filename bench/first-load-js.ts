/**
 * npm run bench:first-load [-- --files]
 *
 * The first-load JavaScript of the public page types, as `bench:ssr` measures it (the gzip size of
 * every module the document preloads, `modulepreload` and `modulepreload-after-paint`), without the
 * load rows: one site process on a spare port, seven pages, two decimals, and with `--files` the
 * files each page loads. For comparing builds (issue 28: the editor must not change these figures).
 * Needs a build (npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startSiteProcess, stop } from '../deploy/cluster.ts';
import { firstLoad } from './support/first-load.ts';
import { PAGE_TYPES } from './support/page-types.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-first-load-'));
const port = await freePort();
const site = await startSiteProcess({ name: 'site', port, cwd: process.cwd(), env: { CATALOGUE_PRODUCTS: '2000', DATA_DIR: dataDir } });
try {
  console.info('First-load JavaScript (gzip of every module the document preloads, kB):');
  for (const [label, pagePath] of PAGE_TYPES) {
    const files = await firstLoad(`http://127.0.0.1:${port}`, pagePath);
    const total = files.reduce((sum, one) => sum + one.gzip, 0);
    console.info(`  ${label.padEnd(18)} ${(total / 1024).toFixed(2).padStart(7)} kB  ${String(files.length).padStart(2)} files`);
    if (process.argv.includes('--files')) for (const one of files) console.info(`      ${one.file.padEnd(56)} ${one.gzip}`);
  }
} finally {
  await stop(site);
  rmSync(dataDir, { recursive: true, force: true });
}
