import { createServer } from 'node:net';
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * What a benchmark starts, stopped whatever happens: at the end, on an error, or on Ctrl-C. Each
 * benchmark's `main` runs through `runBenchmark`, which prints the error and sets the exit code.
 */
export interface Cleanups {
  add(cleanup: () => Promise<void> | void): void;
  run(): Promise<void>;
}

export function createCleanups(finalSweep: () => void = () => {}): Cleanups {
  const cleanups: Array<() => Promise<void> | void> = [];
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`cleaning up: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    finalSweep();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`${signal}: stopping what the benchmark started`);
      void run().finally(() => process.exit(130));
    });
  }
  return { add: (cleanup) => void cleanups.push(cleanup), run };
}

/** Ends a child process and resolves once it has exited (at once when it already has). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export async function runBenchmark(main: () => Promise<void>, cleanups: Cleanups): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await cleanups.run();
  }
}

export interface SearchService {
  /** The Search API's base URL (what SEARCH_API_URL takes). */
  url: string;
  pid: number;
}

/** The address a child prints once it is ready (the first group of `line`); its last output if it stops first. */
export function readyAddress(child: ChildProcess, line: RegExp, name: string): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = line.exec(output);
      if (ready) resolve(ready[1]!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} stopped (${code}) before it was ready:\n${output.slice(-2000)}`)));
  });
}

/**
 * The Search API stand-in in a process of its own (standins/search/serve.ts), as production has
 * Coveo apart from the site: the site's CPU is then the site's alone, and the stand-in's engine is
 * measured beside it instead of inside it.
 */
export async function startSearchService(root: string, env: Record<string, string>, cleanups: Cleanups): Promise<SearchService> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'standins/search/serve.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', SEARCH_RATE_LIMIT_PER_MINUTE: '0', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  cleanups.add(() => stopChild(child));
  const url = await readyAddress(child, /READY (\S+)/, 'the Search API stand-in');
  return { url, pid: child.pid! };
}

/**
 * A loopback port nobody listens on, tried from `first` towards `last` (3700-3799 is the range kept
 * for benchmark runs; two benches running at once start from opposite ends).
 */
export async function sparePort(first = 3700, last = 3799): Promise<number> {
  const step = first <= last ? 1 : -1;
  for (let port = first; port !== last + step; port += step) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${Math.min(first, last)}-${Math.max(first, last)}`);
}
