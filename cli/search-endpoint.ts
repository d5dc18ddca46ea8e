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

/**
 * How sitectl waits out a 429 (too many requests): the Retry-After the service gives, or a back-off
 * doubling from firstDelayMs, whichever is longer; at most `tries` requests and longestWaitMs of
 * waiting per request. The service's limit is per client and per minute (SEARCH_RATE_LIMIT_PER_MINUTE):
 * a judged run asks about four hundred searches, so a second run within the minute meets it.
 */
export interface ThrottlePolicy {
  tries: number;
  longestWaitMs: number;
  firstDelayMs: number;
}
export const THROTTLE_POLICY: ThrottlePolicy = { tries: 6, longestWaitMs: 30_000, firstDelayMs: 500 };

export interface SearchAnswer {
  ok: boolean;
  status: number;
  /** The answer's JSON, or undefined when it had none. */
  data: unknown;
  /** For an answer that is not ok: the status, the service's message, and how long it was tried. */
  message: string;
  /** Of the last try only: time spent waiting out a 429 is not the service's latency. */
  latencyMs: number;
}

/** Retry-After in milliseconds: a number of seconds or an HTTP date (RFC 9110 10.2.3). */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One search of the Search API, tried again while it answers 429 (THROTTLE_POLICY). */
export async function searchWithRetry(
  endpoint: Pick<SearchEndpoint, 'apiUrl' | 'organizationId' | 'accessToken'>,
  body: Record<string, unknown>,
  policy: ThrottlePolicy = THROTTLE_POLICY,
  sleep: (ms: number) => Promise<void> = pause,
): Promise<SearchAnswer> {
  let waitedMs = 0;
  for (let attempt = 1; ; attempt += 1) {
    const started = performance.now();
    const response = await fetch(`${endpoint.apiUrl}?organizationId=${encodeURIComponent(endpoint.organizationId)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const latencyMs = performance.now() - started;
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's HTML page): the status says what happened.
      data = undefined;
    }
    const serviceMessage = typeof (data as { message?: unknown } | undefined)?.message === 'string' ? (data as { message: string }).message : '';
    if (response.ok) return { ok: true, status: response.status, data, message: '', latencyMs };
    const delay = Math.max(retryAfterMs(response.headers.get('retry-after')) ?? 0, policy.firstDelayMs * 2 ** (attempt - 1));
    if (response.status !== 429 || attempt >= policy.tries || waitedMs + delay > policy.longestWaitMs) {
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const gaveUp =
        response.status !== 429
          ? ''
          : attempt >= policy.tries
            ? ` (still refused after ${attempt} tries and ${seconds(waitedMs)} of waiting)`
            : ` (not tried again: waiting ${seconds(delay)} more would pass the ${seconds(policy.longestWaitMs)} sitectl waits; ${attempt} ${attempt === 1 ? 'try' : 'tries'})`;
      return { ok: false, status: response.status, data, message: `HTTP ${response.status}: ${serviceMessage}${gaveUp}`, latencyMs };
    }
    waitedMs += delay;
    await sleep(delay);
  }
}
