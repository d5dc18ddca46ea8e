import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SEARCH_API_BASE } from '@voltaris/protocol/coveo/api';
import { loadConfig, type SiteConfig } from '../server/config.ts';

/** A Search API to talk to: the configured one, the running site's, or the search stand-in started for this run. */
export interface SearchEndpoint {
  apiUrl: string;
  organizationId: string;
  accessToken: string;
  origin: 'configured' | 'running site' | 'search stand-in started';
  close(): Promise<void>;
}

/**
 * The search stand-in's own entry, run as a separate process: the CLI talks to it over HTTP like to
 * any Search API and never loads the stand-in's code.
 */
const SEARCH_STAND_IN = fileURLToPath(new URL('../standins/search/serve.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function answers(apiUrl: string, organizationId: string, accessToken: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/fields?organizationId=${encodeURIComponent(organizationId)}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(3000),
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Starts the search stand-in with this environment and answers its URL once it listens. */
function startSearchStandIn(env: Record<string, string | undefined>): Promise<{ apiUrl: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SEARCH_STAND_IN], { cwd: ROOT, env: { ...process.env, ...env } as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the search stand-in stopped before it listened (exit ${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /^READY (\S+)$/m.exec(output)?.[1];
      if (!url) return;
      child.removeAllListeners('exit');
      resolve({
        apiUrl: url,
        close: () =>
          new Promise<void>((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

export async function resolveSearchEndpoint(env: Record<string, string | undefined> = process.env): Promise<SearchEndpoint> {
  const config: SiteConfig = loadConfig(env);
  const { organizationId, accessToken } = config.search;
  if (config.search.apiUrl) return { apiUrl: config.search.apiUrl, organizationId, accessToken, origin: 'configured', close: async () => {} };
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  const siteUrl = `http://${host}:${config.port}${SEARCH_API_BASE}`;
  if (await answers(siteUrl, organizationId, accessToken)) return { apiUrl: siteUrl, organizationId, accessToken, origin: 'running site', close: async () => {} };
  // Nothing is listening: the search stand-in the demo would mount, in a process of its own.
  const standIn = await startSearchStandIn(env);
  return { apiUrl: standIn.apiUrl, organizationId, accessToken, origin: 'search stand-in started', close: standIn.close };
}
