/**
 * npm run bench:restart [-- --products 100000 --rounds 3 --entries build/node/demo.js,other/demo.js --cpu-prof --port 3799 --data-dir .cache/restart]
 *
 * Row 8 of bench:ssr alone (issue 30 item 4: a restart from the index snapshot at 100k products
 * ready in at most 2 s): a demo site process started with the snapshot already in its DATA_DIR,
 * timed from spawn to /readyz 200, with the process's CPU (all threads) up to then and its main
 * thread's alone (the critical path: on a loaded machine the wall time is the scheduler's).
 *
 * With several `--entries` (built demo entries, e.g. main's build copied beside this one) the
 * restarts alternate A, B, A, B... `--rounds` times each, every entry with its own DATA_DIR (a
 * first, uncounted start writes its snapshot), so a shared machine's load falls on both alike.
 * `--cpu-prof` adds one more restart per entry under `node --cpu-prof` (the .cpuprofile files are
 * left in the directory printed) and does not count it. Needs a build (npm run build).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCleanups, runBenchmark, sparePort } from './support/run.ts';
import { startUntilReady, type RestartRun } from './support/restart.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const products = Number(argument('products', '100000'));
const rounds = Number(argument('rounds', '3'));
const entries = argument('entries', 'build/node/demo.js').split(',').filter(Boolean);
const profile = process.argv.includes('--cpu-prof');
if (!Number.isInteger(products) || products < 1 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('--products and --rounds must be positive whole numbers');
  process.exit(2);
}
const TARGET_MS = 2000;
const root = process.cwd();
const cleanups = createCleanups();

const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const s = (ms: number) => (ms / 1000).toFixed(2);
  return `min ${s(sorted[0]!)}  median ${s(sorted[Math.floor(sorted.length / 2)]!)}  max ${s(sorted.at(-1)!)} s`;
};

async function main(): Promise<void> {
  console.info(`Restart from the index snapshot: ${products.toLocaleString('en')} products, ${rounds} rounds, Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  const port = process.argv.includes('--port') ? Number(argument('port', '0')) : await sparePort(3799, 3700);
  // --data-dir keeps the snapshots for the next run (a first start at 100k builds for 20 s or more).
  const kept = process.argv.includes('--data-dir') ? path.resolve(argument('data-dir', '')) : undefined;
  const workDir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'bench-restart-'));
  if (!kept) cleanups.add(() => rmSync(workDir, { recursive: true, force: true }));
  const dataDirOf = (k: number) => path.join(workDir, `data-${k}`);
  const run = (k: number, nodeArguments?: string[]) => startUntilReady({ entry: entries[k]!, products, port, dataDir: dataDirOf(k), cwd: root, cleanups, ...(nodeArguments ? { nodeArguments } : {}) });

  for (const [k, entry] of entries.entries()) {
    const first = await run(k);
    console.info(`  ${entry}: first start (builds the index and writes the snapshot unless kept) ${(first.wallMs / 1000).toFixed(2)} s, index ${first.indexFrom ?? '?'}`);
  }
  const runs: RestartRun[][] = entries.map(() => []);
  for (let round = 1; round <= rounds; round += 1) {
    for (const [k, entry] of entries.entries()) {
      const restart = await run(k);
      if (restart.indexFrom !== 'snapshot') throw new Error(`${entry} did not restart from the snapshot (index ${restart.indexFrom ?? '?'}): ${restart.output.slice(-1500)}`);
      runs[k]!.push(restart);
      console.info(`  round ${round} ${entry.padEnd(28)} ready ${(restart.wallMs / 1000).toFixed(2)} s   CPU ${(restart.cpuMs / 1000).toFixed(2)} s (main thread ${(restart.mainThreadCpuMs / 1000).toFixed(2)})   search index ready ${((restart.indexReadyMs ?? Number.NaN) / 1000).toFixed(2)} s   load ${os.loadavg()[0]!.toFixed(1)}`);
    }
  }
  console.info('');
  for (const [k, entry] of entries.entries()) {
    const wall = runs[k]!.map((r) => r.wallMs);
    console.info(`  ${entry.padEnd(28)} wall ${spread(wall)}   CPU ${spread(runs[k]!.map((r) => r.cpuMs))}   main thread's CPU ${spread(runs[k]!.map((r) => r.mainThreadCpuMs))}   target <= ${TARGET_MS / 1000} s: ${Math.min(...wall) <= TARGET_MS ? 'met at best' : 'MISSED'}${Math.max(...wall) <= TARGET_MS ? ' (every run)' : ''}`);
  }
  if (profile) {
    const profileDir = mkdtempSync(path.join(os.tmpdir(), 'restart-profiles-'));
    for (const [k, entry] of entries.entries()) {
      const dir = path.join(profileDir, String(k));
      const restart = await run(k, ['--cpu-prof', '--cpu-prof-dir', dir]);
      console.info(`  profiled ${entry}: ready ${(restart.wallMs / 1000).toFixed(2)} s; profiles in ${dir}`);
    }
  }
  console.info(`\nload average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

await runBenchmark(main, cleanups);
