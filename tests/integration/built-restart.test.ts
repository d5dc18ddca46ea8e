import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteBuilt, startBuiltSite, type BuiltSite } from '../support/built-site.ts';

/**
 * The built demo's entry (build/node/demo.js, standins/boot.ts) reads the search index snapshot in
 * a worker thread while the site's bundle loads (decision 0108). A restart with the snapshot on disk
 * takes its index from it, and is ready only with that index: its answers are the first start's.
 * The entry also keeps Node's compiled code of the site's modules for the next start (decision 0127).
 */

let site: BuiltSite | undefined;
/** The site's temporary directory (TMPDIR), where Node keeps compiled code when NODE_COMPILE_CACHE is not set. */
const siteTmp = mkdtempSync(path.join(tmpdir(), 'built-restart-tmp-'));
afterAll(async () => {
  await site?.remove();
  rmSync(siteTmp, { recursive: true, force: true });
});

const compiledFiles = () => {
  const dir = path.join(siteTmp, 'node-compile-cache');
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((file) => file.isFile()).length : 0;
};

/** A few searches as the Search API answers them: what the index holds, in its order. */
async function answersOf(running: BuiltSite): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const q of ['fuse', 'varist*', '0215', '']) {
    const response = await fetch(`${running.origin}/rest/search/v2?organizationId=local`, {
      method: 'POST',
      headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' },
      body: JSON.stringify({ q, enableQuerySyntax: true, numberOfResults: 12 }),
    });
    const json = (await response.json()) as { totalCount: number; results: Array<{ uri: string; title: string }> };
    answers.push({ status: response.status, totalCount: json.totalCount, results: json.results.map((result) => [result.uri, result.title]) });
  }
  return answers;
}

const startLog = (running: BuiltSite) => running.process.output.join('\n');
const indexFrom = (running: BuiltSite) => /"indexFrom":"(\w+)"/.exec(startLog(running))?.[1];

describe.runIf(siteBuilt)('the built demo restarted with the index snapshot on disk', () => {
  it('takes the index from the snapshot read in a worker thread and answers as the first start', { timeout: 180_000 }, async () => {
    // The compile cache by the entry's own call, not the environment's.
    site = await startBuiltSite('built-restart', { CATALOGUE_PRODUCTS: '800', NODE_COMPILE_CACHE: undefined, TMPDIR: siteTmp });
    expect(indexFrom(site)).toBe('built');
    const first = await answersOf(site);
    expect(JSON.stringify(first)).toMatch(/"totalCount":[1-9]/);
    // Written once the site was ready, not only at its exit: the site's bundle and packages.
    expect(compiledFiles()).toBeGreaterThan(10);

    await site.restart();
    expect(indexFrom(site)).toBe('snapshot');
    expect(startLog(site)).toMatch(/"snapshotReadIn":"worker"/);
    expect(startLog(site)).not.toMatch(/does not read back/);
    expect(await answersOf(site)).toEqual(first);
  });
});
