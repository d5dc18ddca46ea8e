import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig, type SiteConfig } from '../../server/config.ts';
import type { RunningSite } from '../../server/site.ts';
import { startDemoSite } from '../../standins/launcher.ts';

/** Whether `npm run build` has run: suites that serve the built site skip without it. */
export const built = existsSync('build/server/index.js');

type Env = Record<string, string>;

export interface DemoSiteOptions {
  /** A fresh DATA_DIR for this site alone, named with this prefix, removed after the suite. */
  dataDir?: string;
  /** The start's own time limit (ms), for a large catalogue or several sites on a loaded machine. */
  timeout?: number;
  /**
   * One site for every suite of the run that asks for this same `env` (a plain object) with `shared`:
   * started once, in a process of its own (tests/support/shared-demo-sites.ts, decision 0184). Only
   * for suites that leave nothing behind that another reads: no stand-in failure modes, no counts of
   * what a stand-in received, no sign-in or rate-limit budget spent, no `outbox`. Without the site
   * tier's set-up (another project) the suite starts its own, as without `shared`.
   */
  shared?: boolean;
}

/** A demo site the suite started; read its fields inside tests and hooks, once it has started. */
export interface DemoSite {
  readonly url: string;
  readonly outbox: RunningSite['outbox'];
  readonly config: SiteConfig;
  /** The site's DATA_DIR when `options.dataDir` asked for one. */
  readonly dataDir: string;
}

/**
 * Starts the built site in demo mode (every stand-in embedded) before the suite or `describe` it is
 * called in, on a free port, and closes it after. `env` is the environment over production's build
 * defaults; a function is read when the site starts, for values an earlier `beforeAll` sets (the
 * address of a service the suite runs itself). Without a build nothing starts, and the suite skips.
 */
export function demoSiteForSuite(env: Env | (() => Env) = {}, options: DemoSiteOptions = {}): DemoSite {
  let running: RunningSite | undefined;
  let config: SiteConfig | undefined;
  let dataDir: string | undefined;
  let sharedUrl: string | undefined;
  const broker = options.shared && typeof env === 'object' && !options.dataDir ? inject('sharedDemoSites') : undefined;
  beforeAll(async () => {
    if (!built) return;
    if (broker) {
      config = loadConfig({ NODE_ENV: 'production', PORT: '0', ...(env as Env) });
      const answer = await fetch(broker, { method: 'POST', body: JSON.stringify(env) });
      if (!answer.ok) throw new Error(`the shared demo site did not start: ${await answer.text()}`);
      sharedUrl = ((await answer.json()) as { url: string }).url;
      return;
    }
    if (options.dataDir) dataDir = mkdtempSync(path.join(tmpdir(), `${options.dataDir}-`));
    const own = typeof env === 'function' ? env() : env;
    config = loadConfig({ NODE_ENV: 'production', PORT: '0', ...own, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
    running = await startDemoSite(config);
  }, options.timeout);
  afterAll(async () => {
    await running?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  const started = (): RunningSite => {
    // A test that reads the site outside `describe.runIf(built)` or before the hook ran would
    // otherwise fail on `undefined.url`, far from the cause.
    if (!running) throw new Error(built ? 'the demo site has not started yet (read it inside a test or hook)' : 'the site is not built: run `npm run build`');
    return running;
  };
  return {
    get url() {
      if (sharedUrl) return sharedUrl;
      return started().url;
    },
    get outbox() {
      if (sharedUrl) throw new Error("a shared demo site's outbox is in another process: start the suite's own site (leave out `shared`)");
      return started().outbox;
    },
    get config() {
      if (sharedUrl) return config!;
      started();
      return config!;
    },
    get dataDir() {
      if (!dataDir) throw new Error('this demo site was started without its own DATA_DIR (options.dataDir)');
      return dataDir;
    },
  };
}
