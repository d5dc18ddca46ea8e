import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freePort, startCluster, type Cluster } from '../../deploy/cluster.ts';
import { ensureClusterTools } from '../../scripts/ensure-cluster-tools.mjs';

/** Whether `start:cluster`'s parts can run here: a build, Debian's nginx and redis-server. Says why not once. */
export function clusterRunnable(label: string): boolean {
  const built = existsSync('build/server/index.js') && existsSync('build/client/assets');
  const tools = built ? ensureClusterTools() : { nginx: false, redis: false, problem: 'no build (npm run build)' };
  const runnable = built && tools.nginx && tools.redis;
  if (!runnable) console.warn(`[${label}] skipped: ${tools.problem ?? 'nginx or redis-server missing'}`);
  return runnable;
}

export interface TestCluster {
  cluster: Cluster;
  /** nginx, as visitors reach the site (https with `tls`). */
  publicOrigin: string;
  /** nginx's plain HTTP port (with `tls`, it redirects to publicOrigin). */
  plainOrigin: string;
  /** The two site processes' own origins. */
  a: string;
  b: string;
  dataDir: string;
  /** A copy of fixtures/content the processes read (CONTENT_DIR), when asked for. */
  content?: string;
}

/**
 * Starts `start:cluster`'s parts on spare ports for a test file (two site processes on one
 * DATA_DIR, Redis, nginx in front) in its beforeAll, and stops them and removes their folders in
 * its afterAll. `ownContent` gives the processes a copy of the content files, for tests that write
 * them; `tls` puts nginx on HTTPS too, with a certificate made at start (cluster.certificate), as
 * `TLS=1 npm run start:cluster` does. The returned object is filled in once beforeAll has run.
 */
export function clusterForTests(options: { runnable: boolean; name: string; env?: Record<string, string>; ownContent?: boolean; tls?: boolean }): TestCluster {
  const running = {} as TestCluster;
  const folders: string[] = [];
  const folder = (kind: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `${options.name}-${kind}-`));
    folders.push(dir);
    return dir;
  };
  beforeAll(async () => {
    if (!options.runnable) return;
    running.dataDir = folder('data');
    const env: Record<string, string> = { CATALOGUE_PRODUCTS: '2000', ...options.env, DATA_DIR: running.dataDir };
    if (options.ownContent) {
      running.content = folder('content');
      cpSync('fixtures/content', running.content, { recursive: true });
      env.CONTENT_DIR = running.content;
    }
    const [port, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const tls = options.tls ? { tls: { port: await freePort() } } : {};
    running.plainOrigin = `http://127.0.0.1:${port}`;
    running.cluster = await startCluster({ port: port!, sitePorts: [portA!, portB!], root: process.cwd(), runDir: folder('nginx'), env, ...tls });
    running.publicOrigin = running.cluster.url;
    [running.a, running.b] = running.cluster.sites.map((site) => site.url) as [string, string];
  }, 240_000);
  afterAll(async () => {
    await running.cluster?.stop();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });
  return running;
}
