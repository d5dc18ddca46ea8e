import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';

/**
 * The site tier's global set-up (vitest.config.ts): one demo site per distinct configuration,
 * started on the first suite's request and shared by every suite that asks for the same one with
 * `demoSiteForSuite(env, { shared: true })` (decision 0184). Each site is a process of its own
 * (tests/support/site-process.ts: the built site in demo mode, as a suite's own site is, with only
 * the configuration asked for); vitest's main process runs no site itself, since its module runner
 * would load a second copy of React Router beside the build's. A suite's worker asks for a site over
 * loopback HTTP (`POST /` with the env as JSON, answered with the site's URL). All stop when the run ends.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the shared demo sites' broker, when the project has this set-up. */
    sharedDemoSites?: string;
  }
}

type Env = Record<string, string>;

// As demo-site.ts's `built` (that module needs vitest's test runner, which this process is not).
const built = existsSync('build/server/index.js');

/** The same configuration, however its keys were ordered. */
export const configurationKey = (env: Env): string => JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));

interface SharedSite {
  url: string;
  child: ChildProcess;
}

function startSiteProcess(env: Env): Promise<SharedSite> {
  // Only what a suite's own site would get (demo-site.ts: production's build defaults and `env`),
  // plus what Node needs to run.
  const own = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}), NODE_ENV: 'production', ...env };
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/site-process.ts'], { env: own as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    // Read to the end, so that the site's request log never fills the pipe.
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /READY (\S+)/.exec(output)?.[1];
      if (url) resolve({ url, child });
      if (url || output.length > 100_000) output = '';
    });
    child.once('exit', (code) => reject(new Error(`the shared demo site ended (${code}) before it was ready: ${errors}`)));
  });
}

async function stopSiteProcess({ child }: SharedSite): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sites = new Map<string, Promise<SharedSite>>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        try {
          const env = JSON.parse(body) as Env;
          const key = configurationKey(env);
          let site = sites.get(key);
          if (!site) {
            site = startSiteProcess(env);
            sites.set(key, site);
          }
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: (await site).url }));
        } catch (error) {
          response.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).stack ?? error));
        }
      })();
    });
  });
  if (built) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    project.provide('sharedDemoSites', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  }
  return async () => {
    if (built) await new Promise((resolve) => server.close(resolve));
    const started = await Promise.allSettled(sites.values());
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? stopSiteProcess(result.value) : undefined)));
    if (sites.size) console.info(`shared demo sites: ${sites.size} started (one per configuration)`);
  };
}
