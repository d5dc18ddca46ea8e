import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config.ts';
import type { RunningSite } from '../../server/site.ts';
import { startDemoSite } from '../../standins/launcher.ts';

/**
 * The site tier's global set-up (vitest.config.ts): one demo site per distinct configuration,
 * started on the first suite's request and shared by every suite that asks for the same one with
 * `demoSiteForSuite(env, { shared: true })` (decision 0184). The sites run in vitest's main process;
 * a suite's worker asks for one over loopback HTTP (`POST /` with the env as JSON, answered with the
 * site's URL), since workers share no memory with it. All close when the run ends.
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

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sites = new Map<string, Promise<RunningSite>>();
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
            site = startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: '0', ...env }));
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
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)));
    if (sites.size) console.log(`shared demo sites: ${sites.size} started (one per configuration)`);
  };
}
