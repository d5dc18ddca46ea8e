/**
 * npm run bench:ssr [-- --seconds 10 --connections 50]
 *
 * Requests per second and p50/p99 latency of /searchresult?q=... at N connections, next to a bare
 * Node `http` server measured in the same run, for first visits (no cookies: page copies, decision
 * 0031), first visits with DNT (copies without analytics) and returning visitors (cookies: rendered
 * each time); and the gzip size of the JavaScript each page type loads first. Needs a build.
 * Each row also gives the process's CPU time per request, all threads together.
 */
import { createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../server/config.ts';
import { startSite } from '../server/site.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const seconds = Number(argument('seconds', '10'));
const connections = Number(argument('connections', '50'));

/** Runs the load in a worker thread, so the generator does not compete with the servers' event loop. */
async function load(urls: string[], label: string, headers: Record<string, string> = {}) {
  const cpuBefore = process.cpuUsage();
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { urls, seconds, connections, headers } });
  const { latencies, errors, bytes } = await new Promise<{ latencies: number[]; errors: number; bytes: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const rps = latencies.length / seconds;
  // CPU of the whole process (every thread, the load generator's included) per request: steadier
  // than req/s on a machine whose two cores serve, load and post analytics at once.
  const cpu = process.cpuUsage(cpuBefore);
  const cpuPerRequest = (cpu.user + cpu.system) / Math.max(1, latencies.length);
  console.info(
    `  ${label.padEnd(40)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${at(50).toFixed(1).padStart(6)} ms   p99 ${at(99).toFixed(1).padStart(7)} ms   ${(bytes / Math.max(1, latencies.length) / 1024).toFixed(1)} kB/response   ${cpuPerRequest.toFixed(0).padStart(5)} µs CPU/request   ${errors} errors`,
  );
  return rps;
}

interface AnalyticsStats {
  sent: number;
  dropped: number;
  queued: number;
  inFlight: number;
}
const analyticsOf = async (base: string) => ((await (await fetch(`${base}/healthz`)).json()) as { services: { analytics: AnalyticsStats } }).services.analytics;

/**
 * Waits until the site has posted the analytics events a run queued, so one run's backlog does
 * not slow the next; returns how long that took.
 */
async function analyticsSettled(base: string): Promise<number> {
  const started = performance.now();
  for (let waited = 0; waited < 60_000; waited += 200) {
    const stats = await analyticsOf(base);
    if (stats.queued + stats.inFlight === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return performance.now() - started;
}

/** A tracked run: every visit posts its page view; says whether the posts kept up or were dropped. */
async function trackedLoad(base: string, urls: string[], label: string, headers: Record<string, string> = {}) {
  const before = await analyticsOf(base);
  const rps = await load(urls, label, headers);
  const atEnd = await analyticsOf(base);
  const drainMs = await analyticsSettled(base);
  const after = await analyticsOf(base);
  // Page views cost a post each; search events go 200 to a post. Posts waiting at the end mean the
  // run went faster than analytics can keep up with for long: the queue is bounded.
  console.info(
    `      analytics: ${((atEnd.sent - before.sent) / seconds).toFixed(0)} events/s sent during the run; ${atEnd.queued} posts still queued at its end, sent within ${(drainMs / 1000).toFixed(1)} s; ${after.dropped - before.dropped} dropped`,
  );
  return rps;
}

/** Bytes of a response as sent (fetch would decompress it), with the browser's Accept-Encoding. */
function bytesOnTheWire(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers: browser }, (response) => {
      let size = 0;
      response.on('data', (chunk: Buffer) => (size += chunk.length));
      response.on('end', () => resolve(size));
    }).on('error', reject);
  });
}

/** The JavaScript a page loads first: gzip size (the target's measure) and what the site sends (brotli). */
async function firstLoadJs(base: string, path: string): Promise<{ gzip: number; sent: number }> {
  const html = await (await fetch(`${base}${path}`)).text();
  const scripts = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
  let gzip = 0;
  let sent = 0;
  for (const script of scripts) {
    gzip += gzipSync(Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer())).length;
    sent += await bytesOnTheWire(`${base}${script}`);
  }
  return { gzip, sent };
}

const bare: Server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!DOCTYPE html><html><body>ok</body></html>');
}).listen(0, '127.0.0.1');
await new Promise((resolve) => bare.once('listening', resolve));
const site = await startSite(loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '0' }));
// The same site without reusing answers or pages: every request builds a Headless engine and calls the API.
const uncached = await startSite(loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '0', SEARCH_PAGE_CACHE_SECONDS: '0', PAGE_CACHE_SECONDS: '0' }));

const queries = ['fuse', 'tvs diode', 'relay', 'varistor', 'SMBJ1', 'reed switch', 'surge protection', 'igbt module'];
const searchUrls = (base: string) => queries.map((q) => `${base}/searchresult?q=${encodeURIComponent(q)}`);
// A returning visitor's cookies: a copy with their own history spliced in (decision 0035).
const returningCookies = { cookie: `visitor=${encodeURIComponent(btoa(JSON.stringify('7d6f3a52-0c1e-4f7e-9a51-3f7c2b8e9d10')))}; recent-queries=${encodeURIComponent(btoa(JSON.stringify(['relay'])))}` };
// The same with a cookie copies do not know (as a session would be): the page is rendered.
const renderedCookies = { cookie: `${returningCookies.cookie}; unknown=1` };
// Every browser offers compressed answers; load tools usually do not (the last row).
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const returning = { ...browser, ...returningCookies };
console.info(`SSR benchmark: ${connections} connections, ${seconds} s each, Node ${process.version}; browser headers (Accept-Encoding) unless said`);
const bareRps = await load([`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`], 'bare node http');
const privateRps = await load(searchUrls(site.url), '/searchresult, first visit, DNT: 1', { ...browser, dnt: '1' });
const firstVisitRps = await trackedLoad(site.url, searchUrls(site.url), '/searchresult, first visit (copies)', browser);
await trackedLoad(site.url, searchUrls(site.url), '/searchresult, returning visitor (copies)', returning);
await load(searchUrls(site.url), '/searchresult, rendered (other cookie)', { ...browser, ...renderedCookies });
await load(searchUrls(uncached.url), '/searchresult, nothing reused', returning);
await trackedLoad(site.url, [`${site.url}/`], '/ (CMS home), first visit', browser);
await trackedLoad(site.url, [`${site.url}/`], '/ (CMS home), returning visitor', returning);
const plainRps = await load(searchUrls(site.url), '/searchresult, DNT, no Accept-Encoding', { dnt: '1' });
const share = (rps: number) => `${((rps / bareRps) * 100).toFixed(1)} %`;
console.info(
  `  /searchresult serves first visits ${share(firstVisitRps)} of the bare server's requests per second (${share(privateRps)} with DNT: 1, ${share(plainRps)} with DNT and no compression; target 40 %)`,
);

const FIRST_LOAD_TARGET_KB = 120;
console.info(`\nFirst-load JavaScript (gzip; target at most ${FIRST_LOAD_TARGET_KB} kB, no Headless; and as sent, brotli):`);
for (const [label, path] of [
  ['home', '/'],
  ['resource library', '/resource-library'],
  ['search results', '/searchresult?q=fuse'],
  ['product category', '/products/circuit-protection/fuses'],
  ['compare', '/products/compare'],
  ['check stock', '/CheckStock'],
  ['contact us', '/company/contact'],
] as const) {
  const { gzip, sent } = await firstLoadJs(site.url, path);
  const kB = gzip / 1024;
  console.info(`  ${label.padEnd(18)} ${kB.toFixed(1).padStart(6)} kB   ${kB <= FIRST_LOAD_TARGET_KB ? 'within target' : 'OVER TARGET'}   ${(sent / 1024).toFixed(1).padStart(6)} kB sent`);
}
bare.close();
await site.close();
await uncached.close();
