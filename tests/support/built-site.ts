import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort, startSiteProcess, stop, type Env, type Running } from '../../deploy/cluster.ts';

/** Whether the built entry `npm start` runs (build/node/demo.js) and the server build it serves are there. */
export const siteBuilt = existsSync('build/node/demo.js') && existsSync('build/server/index.js');

/** The built site in a process of its own, as `npm start` runs it. */
export interface BuiltSite {
  /** http://127.0.0.1:{port} */
  origin: string;
  port: number;
  /** Its own DATA_DIR, a fresh temporary folder. */
  dataDir: string;
  /** The process, and the last lines it wrote (for assertions and failure messages). */
  process: Running;
  /** Stops the process (SIGTERM, then SIGKILL after 5 s); nothing if it has ended. The DATA_DIR stays for `restart`. */
  stop(): Promise<void>;
  /** The process's exit code, once it has ended (however it was told to). */
  exited(): Promise<number | null>;
  /** Starts the site again on the same port and DATA_DIR (the old process stopped first), with `env` over the first start's. */
  restart(env?: Env): Promise<void>;
  /** Stops the process and removes the DATA_DIR. */
  remove(): Promise<void>;
}

/** The site's environment, or a function of the address it gets (for PUBLIC_ORIGIN). */
export type SiteEnv = Env | ((site: { origin: string; port: number }) => Env);

/**
 * Starts the built site (deploy/cluster.ts's startSiteProcess: demo mode, NODE_ENV=production) on
 * a spare port of 127.0.0.1 with a fresh DATA_DIR named `name-…` and `env`, and resolves once its
 * /readyz answers 200. A process that ends first, or never gets ready, rejects with its last lines.
 */
export async function startBuiltSite(name: string, env: SiteEnv = {}, options: { timeoutMs?: number } = {}): Promise<BuiltSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let currentEnv: Env = { ...(typeof env === 'function' ? env({ origin, port }) : env), DATA_DIR: dataDir };
  const start = (own: Env) => startSiteProcess({ name, port, cwd: process.cwd(), env: own, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  let running: Running;
  try {
    running = await start(currentEnv);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const site: BuiltSite = {
    origin,
    port,
    dataDir,
    process: running,
    stop: () => stop(site.process),
    async exited() {
      const { child } = site.process;
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      const [code] = (await once(child, 'exit')) as [number | null];
      return code;
    },
    async restart(more: Env = {}) {
      await stop(site.process);
      currentEnv = { ...currentEnv, ...more, DATA_DIR: dataDir };
      site.process = await start(currentEnv);
    },
    async remove() {
      await stop(site.process);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return site;
}

/**
 * The built site for a test file or `describe`: started by startBuiltSite in its beforeAll (when
 * `runnable`), stopped and its DATA_DIR removed in its afterAll. `env` may be a function, read at
 * the start, for values an earlier beforeAll sets (the port of a receiver the test runs) or the
 * site's own address. The returned object is filled in once beforeAll has run.
 */
export function builtSiteForTests(options: { name: string; runnable: boolean; env?: SiteEnv }): BuiltSite {
  const handle = {} as BuiltSite;
  let started: BuiltSite | undefined;
  beforeAll(async () => {
    if (!options.runnable) return;
    started = await startBuiltSite(options.name, options.env);
    // The test holds this object from before the start: it gets the started site's fields, and its
    // process follows a restart.
    Object.assign(handle, started);
    Object.defineProperty(handle, 'process', { get: () => started!.process });
  }, 180_000);
  afterAll(async () => {
    await started?.remove();
  });
  return handle;
}
