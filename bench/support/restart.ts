import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { stopChild, type Cleanups } from './run.ts';

/**
 * Row 8 of bench:ssr (and the whole of bench:restart): a demo site process started with the search
 * index snapshot already in DATA_DIR, timed from spawn to /readyz 200, with its CPU up to then.
 */

export interface RestartRun {
  wallMs: number;
  /** utime + stime of the process (all its threads) when /readyz first answered 200. */
  cpuMs: number;
  /** utime + stime of its main thread alone: the restart's critical path when a core is free for the rest. */
  mainThreadCpuMs: number;
  /** What the site logged as the search index's readiness (readyMs, indexFrom). */
  indexReadyMs?: number;
  indexFrom?: string;
  output: string;
}

export interface RestartOptions {
  /** The built entry to run (build/node/demo.js). */
  entry: string;
  products: number;
  port: number;
  dataDir: string;
  /** The site's working directory (the repository: build/client is read from there). */
  cwd: string;
  cleanups: Cleanups;
  /** Node options before the entry, e.g. --cpu-prof. */
  nodeArguments?: string[];
}

const CLOCK_TICKS = 100;

/** utime + stime in milliseconds of a process (/proc/<pid>/stat) or one of its threads (/proc/<pid>/task/<tid>/stat); USER_HZ is 100 on Linux. */
function cpuMsOf(statFile: string): number {
  const text = readFileSync(statFile, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}

/** One start of the site: spawn, poll /readyz every 20 ms until 200, read its CPU, stop it. */
export async function startUntilReady(options: RestartOptions): Promise<RestartRun> {
  const { entry, products, port, dataDir, cwd, cleanups, nodeArguments = [] } = options;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SITE_MODE: 'demo', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, CATALOGUE_PRODUCTS: String(products) };
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArguments, path.resolve(cwd, entry)], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.add(() => stopChild(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the ${products} products site exited (${child.exitCode}): ${output.slice(-1500)}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (performance.now() - started > 600_000) throw new Error('the site was not ready within 10 minutes');
  }
  const wallMs = performance.now() - started;
  const cpuMs = cpuMsOf(`/proc/${child.pid}/stat`);
  const mainThreadCpuMs = cpuMsOf(`/proc/${child.pid}/task/${child.pid}/stat`);
  await stopChild(child);
  const readyMs = /"readyMs":([\d.]+)/.exec(output)?.[1];
  const from = /"indexFrom":"(\w+)"/.exec(output)?.[1];
  return { wallMs, cpuMs, mainThreadCpuMs, output, ...(readyMs ? { indexReadyMs: Number(readyMs) } : {}), ...(from ? { indexFrom: from } : {}) };
}
