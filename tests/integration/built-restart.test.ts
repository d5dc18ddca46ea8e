import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The built demo's entry (build/node/demo.js, standins/boot.ts) reads the search index snapshot in
 * a worker thread while the site's bundle loads (decision 0108). A restart with the snapshot on disk
 * takes its index from it, and is ready only with that index: its answers are the first start's.
 * The entry also keeps Node's compiled code of the site's modules for the next start (decision 0127).
 */
const entry = 'build/node/demo.js';
const built = existsSync(entry) && existsSync('build/node/demo-site.js');
const dataDir = mkdtempSync(path.join(tmpdir(), 'built-restart-'));
// The system's temporary directory as the site sees it (TMPDIR), where Node keeps compiled code
// when NODE_COMPILE_CACHE is not set: the entry's own call enables it, not the environment.
const compileCache = path.join(dataDir, 'node-compile-cache');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Started {
  indexFrom: string | undefined;
  /** Files in Node's compile cache while the site still ran (after it was ready). */
  compiledWhileRunning: number;
  answers: unknown[];
  output: string;
}

/** Starts the built demo on DATA_DIR, asks /readyz then a few searches, and stops it. */
async function startAndSearch(): Promise<Started> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', CATALOGUE_PRODUCTS: '800', DATA_DIR: dataDir, TMPDIR: dataDir };
  delete env.NODE_COMPILE_CACHE;
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const address = /Site ready on (\S+)/.exec(output)?.[1];
        if (address) resolve(address);
      });
      child.once('exit', (code) => reject(new Error(`the demo ended (${code}) before it was ready: ${output.slice(-1000)}`)));
    });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    const answers: unknown[] = [];
    for (const q of ['fuse', 'varist*', '0215', '']) {
      const response = await fetch(`${url}/rest/search/v2?organizationId=local`, {
        method: 'POST',
        headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' },
        body: JSON.stringify({ q, enableQuerySyntax: true, numberOfResults: 12 }),
      });
      const json = (await response.json()) as { totalCount: number; results: Array<{ uri: string; title: string }> };
      answers.push({ status: response.status, totalCount: json.totalCount, results: json.results.map((result) => [result.uri, result.title]) });
    }
    const indexFrom = /"indexFrom":"(\w+)"/.exec(output)?.[1];
    const compiledWhileRunning = existsSync(compileCache) ? readdirSync(compileCache, { recursive: true, withFileTypes: true }).filter((file) => file.isFile()).length : 0;
    return { indexFrom, compiledWhileRunning, answers, output };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
  }
}

describe.runIf(built)('the built demo restarted with the index snapshot on disk', () => {
  it('takes the index from the snapshot read in a worker thread and answers as the first start', { timeout: 180_000 }, async () => {
    const first = await startAndSearch();
    expect(first.indexFrom).toBe('built');
    // Written once the site was ready, not only at its exit: the site's bundle and packages.
    expect(first.compiledWhileRunning).toBeGreaterThan(10);
    expect(JSON.stringify(first.answers)).toMatch(/"totalCount":[1-9]/);
    const again = await startAndSearch();
    expect(again.indexFrom).toBe('snapshot');
    expect(again.output).toMatch(/"snapshotReadIn":"worker"/);
    expect(again.output).not.toMatch(/does not read back/);
    expect(again.answers).toEqual(first.answers);
  });
});
