/**
 * npm run bench:ssr [-- --seconds 10 --connections 50 --open-rate 40 --restart-products 100000]
 *
 * Issue 20 item 6, in one run, each row with req/s, p50/p99 latency and the CPU time the serving
 * processes spent per request (read from /proc/<pid>/stat, utime + stime of each process and its
 * descendants, before and after the row; the load generator's own CPU is not counted):
 *   1. a bare Node `http` server answering a page of the search page's size (the reference);
 *   2. a distinct search per request (every URL a query not asked before) through one site process;
 *   3. the same through nginx in front of two site processes;
 *   4. anonymous cacheable pages through nginx (cache hits: no cookies, asked over and over) next to
 *   5. nginx serving a static copy of the same pages (same bytes) from build/client;
 * with the issue's targets beside rows 2-5, and the first-load JavaScript (gzip) per page type.
 * Then issue 30's restated distinct-search targets (decision 0091), side by side at the end:
 *   6. an open loop: distinct searches at a fixed rate (--open-rate, 40/s) through nginx and two
 *      processes, latency from the moment each was due: p99 <= 250 ms and no errors;
 *   7. the Search API over HTTP (undici, as production) against in process (the demo's
 *      dispatcher), each call timed by the site itself (site_search_api_duration_seconds, read
 *      from /metrics), one search at a time and under load: at most 1 ms more;
 *   8. a site restarted with the search index snapshot on disk at --restart-products (100,000;
 *      0 skips it): spawn to /readyz 200 within 2 s;
 * and row 2's site CPU per distinct search against 15 ms.
 *
 * The Search API stand-in runs in a process of its own (as Coveo is apart in production), so the
 * site's CPU is the site's alone; the stand-in's is printed in its own column. The rest is started
 * like `npm run start:cluster` (deploy/cluster.ts): redis-server, two
 * site processes sharing it (REDIS_URL) and nginx, on spare ports 3700-3799, with
 * SEARCH_PAGE_CACHE_SECONDS=0 (no search answer reused) and no search rate limit. Row 2 asks the
 * first site process directly. Everything started is stopped at the end, on an error or on Ctrl-C.
 * Needs a build (npm run build) and Debian's nginx and redis-server (installed when missing).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { startCluster, startSiteProcess, stop, type Cluster } from '../deploy/cluster.ts';
import { distinctQueries } from './support/queries.ts';
import { createCleanups, runBenchmark, startSearchService, stopChild } from './support/run.ts';
import { ensureClusterTools } from '../scripts/ensure-cluster-tools.mjs';
import { PAGE_TYPES } from './support/page-types.ts';
import { startUntilReady, type RestartRun } from './support/restart.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const seconds = Number(argument('seconds', '10'));
const connections = Number(argument('connections', '50'));
const openRate = Number(argument('open-rate', '40'));
const restartProducts = Number(argument('restart-products', '100000'));
if (!(seconds > 0) || !Number.isInteger(connections) || connections < 1) {
  console.error('--seconds must be a positive number and --connections a positive whole number');
  process.exit(2);
}

const root = process.cwd();
const clientDir = path.join(root, 'build/client');

// ---------------------------------------------------------------------------------------------
// CPU of other processes, from /proc (Linux). process.cpuUsage() would only see this process, whose
// load-generator thread is what we must leave out.

/** Clock ticks per second, the unit of utime/stime in /proc/<pid>/stat. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface ProcStat {
  ppid: number;
  ticks: number;
}

/** ppid and utime+stime of one process; undefined when it is gone. */
function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined;
  }
}

/**
 * CPU ticks used so far by each of the given processes and all their descendants, by pid. Descendants
 * matter: nginx's master does little, its workers (children) do the work.
 */
function cpuTicks(roots: number[]): Map<number, number> {
  const all = new Map<number, ProcStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (stat) all.set(Number(entry), stat);
  }
  const result = new Map<number, number>();
  const pending = [...roots];
  while (pending.length) {
    const pid = pending.pop()!;
    const stat = all.get(pid);
    if (!stat || result.has(pid)) continue;
    result.set(pid, stat.ticks);
    for (const [child, childStat] of all) if (childStat.ppid === pid) pending.push(child);
  }
  return result;
}

/** Milliseconds of CPU between two readings (a process started in between counts from zero). */
function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return (ticks / CLOCK_TICKS) * 1000;
}

// ---------------------------------------------------------------------------------------------
// Load.

interface Measured {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** CPU milliseconds per request, by group of processes (e.g. sites, nginx, redis). */
  cpu: Record<string, number>;
}

interface WorkerResult {
  latencies: number[];
  errors: number;
  bytes: number;
  failures: Record<string, number>;
  requested: number;
  headerValues: Record<string, number>;
}

/**
 * Runs the load in a worker thread, so the generator does not compete with this thread's event
 * loop; measures the CPU of the processes named in `serving` over the run.
 */
async function load(
  label: string,
  urls: string[],
  serving: Record<string, number[]>,
  options: { headers?: Record<string, string>; distinct?: boolean; note?: string; countHeader?: string } = {},
): Promise<Measured> {
  const { headers = {}, distinct = false, countHeader } = options;
  const before = Object.fromEntries(Object.entries(serving).map(([name, pids]) => [name, cpuTicks(pids)]));
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { urls, seconds, connections, headers, countHeader } });
  const result = await new Promise<WorkerResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const { latencies, errors, bytes, failures, requested, headerValues } = result;
  const counted = countHeader ? `${countHeader}: ${Object.entries(headerValues).map(([value, n]) => `${value} ${n}`).join(', ')}` : '';
  const note = [options.note, counted].filter(Boolean).join('; ');
  const count = Math.max(1, latencies.length);
  const cpu = Object.fromEntries(Object.entries(serving).map(([name, pids]) => [name, cpuMsBetween(before[name]!, cpuTicks(pids)) / count]));
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const measured: Measured = { label, rps: latencies.length / seconds, p50: at(50), p99: at(99), requests: latencies.length, cpu };
  const total = Object.values(cpu).reduce((sum, value) => sum + value, 0);
  const parts = Object.keys(cpu).length > 1 ? ` (${Object.entries(cpu).map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(' + ')})` : '';
  const failed = errors ? `   ${errors} errors (${Object.entries(failures).map(([status, n]) => `${status === '0' ? 'connection' : status}: ${n}`).join(', ')})` : '';
  // A distinct row whose list ran out asked URLs again: say so, its figures would be too kind.
  const repeated = distinct && requested > urls.length ? `   URLS REPEATED (${requested} requests, ${urls.length} URLs)` : '';
  console.info(
    `  ${label.padEnd(44)} ${measured.rps.toFixed(0).padStart(6)} req/s   p50 ${measured.p50.toFixed(1).padStart(6)} ms   p99 ${measured.p99.toFixed(1).padStart(7)} ms   ${(bytes / count / 1024).toFixed(1).padStart(5)} kB/resp   CPU ${total.toFixed(2).padStart(6)} ms/req${parts}${failed}${repeated}${note ? `\n      ${note}` : ''}`,
  );
  return measured;
}

// ---------------------------------------------------------------------------------------------
// What the run starts, stopped whatever happens.

// Interrupted while the cluster was starting, its processes are not in the cleanups yet
// (startCluster has not returned): the last sweep ends whatever this process started that still runs
// (nginx's workers follow their master).
const cleanups = createCleanups(() => {
  for (const pid of cpuTicks([process.pid]).keys()) {
    if (pid === process.pid || procStat(pid)?.ppid !== process.pid) continue;
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // Gone already.
    }
  }
});

/** `count` ports between 3700 and 3799 that nobody listens on now (the range kept for such runs). */
async function sparePorts(count: number): Promise<number[]> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  const ports: number[] = [];
  for (let port = 3700; port <= 3799 && ports.length < count; port++) if (await free(port)) ports.push(port);
  if (ports.length < count) throw new Error(`fewer than ${count} free ports in 3700-3799`);
  return ports;
}

/** The bare reference: Node's http answering `body` from memory, in its own process so its CPU is its own. */
async function startBareServer(port: number, bodyFile: string, encoding: string): Promise<ChildProcess> {
  const code = `const body = require('node:fs').readFileSync(process.argv[1]);
const headers = { 'content-type': 'text/html; charset=utf-8', ...(process.argv[3] ? { 'content-encoding': process.argv[3] } : {}) };
require('node:http').createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', code, bodyFile, String(port), encoding], { stdio: 'ignore' });
  cleanups.add(() => stopChild(child));
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bare server did not start');
}

// ---------------------------------------------------------------------------------------------
// First-load JavaScript.

/** Every browser offers compressed answers. */
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/**
 * A response's body as sent (not decompressed), its status and headers. Node's http adds no
 * Accept-Encoding (fetch would), so with `{}` it asks exactly as the load generator does.
 */
function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string; status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: String(response.headers['content-encoding'] ?? ''), status: response.statusCode ?? 0, headers: response.headers }));
    }).on('error', reject);
  });
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

/** The JavaScript a page loads first: gzip size (the target's measure) and what is sent (brotli). */
async function firstLoadJs(base: string, pagePath: string): Promise<{ gzip: number; sent: number }> {
  const html = await (await fetch(`${base}${pagePath}`)).text();
  const scripts = new Set([...html.matchAll(/<link rel="modulepreload(?:-after-paint)?" href="([^"]+)"/g)].map((m) => m[1]!));
  let gzip = 0;
  let sent = 0;
  for (const script of scripts) {
    gzip += gzipSync(Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer())).length;
    sent += await bytesOnTheWire(`${base}${script}`);
  }
  return { gzip, sent };
}

// ---------------------------------------------------------------------------------------------

const TARGET = { cpuMs: 15, p99Ms: 250, clusterRps: 300, cachedShare: 0.6, firstLoadKb: 120, openLoopP99Ms: 250, fetchOverheadMs: 1, restartMs: 2000 };

// ---------------------------------------------------------------------------------------------
// Issue 30's rows.

interface OpenLoopResult {
  latencies: number[];
  errors: number;
  bytes: number;
  failures: Record<string, number>;
  sent: number;
  drainMs: number;
}

/** Row 6: requests at a fixed rate (open loop), in a worker thread. */
async function openLoop(label: string, urls: string[], rate: number, serving: Record<string, number[]>, headers: Record<string, string>) {
  const before = Object.fromEntries(Object.entries(serving).map(([name, pids]) => [name, cpuTicks(pids)]));
  const worker = new Worker(new URL('./open-loop-worker.mjs', import.meta.url), { workerData: { urls, seconds, rate, headers } });
  const result = await new Promise<OpenLoopResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const { latencies, errors, failures, sent } = result;
  const cpu = Object.fromEntries(Object.entries(serving).map(([name, pids]) => [name, cpuMsBetween(before[name]!, cpuTicks(pids)) / Math.max(1, sent)]));
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const failed = errors ? `   ${errors} errors (${Object.entries(failures).map(([status, n]) => `${status === '0' ? 'connection/timeout' : status}: ${n}`).join(', ')})` : '   no errors';
  console.info(
    `  ${label.padEnd(44)} ${rate.toFixed(0).padStart(6)} req/s   p50 ${at(50).toFixed(1).padStart(6)} ms   p99 ${at(99).toFixed(1).padStart(7)} ms   max ${at(100).toFixed(0)} ms   ${sent} sent   CPU ${Object.entries(cpu).map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(' + ')} ms/req${failed}`,
  );
  return { p50: at(50), p99: at(99), errors, sent };
}

/** Sum and count of one histogram's series in a Prometheus text scrape. */
function histogram(text: string, name: string, labels: Record<string, string>): { sum: number; count: number } {
  const read = (suffix: string) => {
    for (const line of text.split('\n')) {
      const match = /^([\w:]+)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
      if (!match || match[1] !== `${name}${suffix}`) continue;
      const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]));
      if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
    }
    return 0;
  };
  return { sum: read('_sum'), count: read('_count') };
}

/**
 * Row 7: the mean Search API call as the site times it (site_search_api_duration_seconds, the
 * search itself) over a run of distinct searches at `parallel` connections, split by what the
 * service says of its own time (its Server-Timing, site_outside_service_reported_seconds): the
 * rest is the socket both ways and the wait for the site's event loop to read the answer, which a
 * call in process never has (it runs on that loop instead, delaying the other pages).
 */
async function searchCallMs(label: string, site: string, urls: string[], parallel: number, runSeconds: number): Promise<{ callMs: number; serviceMs: number; calls: number; pageP50: number; rps: number }> {
  const scrape = async () => (await fetch(`${site}/metrics`)).text();
  const series = { operation: 'search', outcome: 'ok' };
  const reported = { service: 'search', operation: 'search' };
  const beforeText = await scrape();
  const before = histogram(beforeText, 'site_search_api_duration_seconds', series);
  const serviceBefore = histogram(beforeText, 'site_outside_service_reported_seconds', reported);
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: { urls, seconds: runSeconds, connections: parallel, headers: browser } });
  const result = await new Promise<WorkerResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  const afterText = await scrape();
  const after = histogram(afterText, 'site_search_api_duration_seconds', series);
  const serviceAfter = histogram(afterText, 'site_outside_service_reported_seconds', reported);
  /** A histogram's mean over the run, in ms. */
  const meanMs = (from: { count: number; sum: number }, to: { count: number; sum: number }) => (to.count > from.count ? ((to.sum - from.sum) / (to.count - from.count)) * 1000 : Number.NaN);
  const calls = after.count - before.count;
  const callMs = meanMs(before, after);
  const serviceMs = meanMs(serviceBefore, serviceAfter);
  const latencies = result.latencies.sort((a, b) => a - b);
  const pageP50 = latencies[Math.floor(latencies.length / 2)] ?? 0;
  const rps = latencies.length / runSeconds;
  if (label) {
    console.info(
      `  ${label.padEnd(44)} ${rps.toFixed(0).padStart(6)} req/s   page p50 ${pageP50.toFixed(1).padStart(6)} ms   Search API call mean ${callMs.toFixed(2)} ms over ${calls} calls: the service's own ${serviceMs.toFixed(2)}, the rest ${(callMs - serviceMs).toFixed(2)} ms${result.errors ? `   ${result.errors} errors` : ''}`,
    );
  }
  return { callMs, serviceMs, calls, pageP50, rps };
}

/**
 * Row 8: a site process started with the index snapshot already on disk (a first start writes it),
 * timed from spawn to /readyz 200, with its CPU up to then.
 */
async function restartFromSnapshot(products: number, port: number, dataDir: string): Promise<RestartRun> {
  const startOnce = () => startUntilReady({ entry: 'build/node/demo.js', products, port, dataDir, cwd: root, cleanups });
  const first = await startOnce();
  console.info(`     first start at ${products.toLocaleString('en')} products (builds the index, writes the snapshot): ${(first.wallMs / 1000).toFixed(2)} s`);
  return startOnce();
}

async function main(): Promise<void> {
  const load1 = os.loadavg();
  console.info(
    `SSR benchmark: ${connections} connections, ${seconds} s per row, Node ${process.version}, ${os.cpus().length} CPUs, load average ${load1.map((n) => n.toFixed(2)).join(' ')}${load1[0]! > os.cpus().length ? ' (the machine is shared: figures are low and noisy)' : ''}`,
  );
  const tools = ensureClusterTools();
  if (!tools.nginx || !tools.redis) throw new Error(`needs Debian's nginx and redis-server: ${tools.problem ?? 'missing'}`);

  const [barePort, nginxPort, redisPort, inProcessPort, restartPort, ...sitePorts] = await sparePorts(7);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ssr-'));
  cleanups.add(() => rmSync(workDir, { recursive: true, force: true }));
  // mkdtemp makes it 0700: nginx's workers (nobody, when run as root) must reach its cache inside.
  chmodSync(workDir, 0o755);

  // The Search API apart, as Coveo is in production: the site rows count the site's CPU alone and
  // the stand-in's engine gets its own column.
  const searchService = await startSearchService(root, { DATA_DIR: path.join(workDir, 'search-data') }, cleanups);
  const cluster: Cluster = await startCluster({
    port: nginxPort!,
    sitePorts,
    redisPort: redisPort!,
    root,
    runDir: path.join(workDir, 'nginx'),
    accessLog: 'off',
    // Nothing reused inside the site: every search asks the search service and renders.
    env: { DATA_DIR: path.join(workDir, 'data'), SEARCH_API_URL: searchService.url, SEARCH_PAGE_CACHE_SECONDS: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '0', SITE_MODE: 'demo' },
  });
  cleanups.add(() => cluster.stop());
  const sitePids = cluster.sites.map((site) => site.process.child.pid!);
  const nginxPid = Number(readFileSync(path.join(workDir, 'nginx/nginx.pid'), 'utf8').trim());
  // The cluster does not hand out its Redis process: it is this process's redis-server child.
  const redisPid = readdirSync('/proc').map(Number).find((pid) => procStat(pid)?.ppid === process.pid && readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'redis-server');
  if (!redisPid) throw new Error('the cluster\'s redis-server process was not found');
  const site1 = cluster.sites[0]!;
  console.info(`  started: the Search API stand-in apart (${searchService.url}), redis-server on ${redisPort}, site processes on ${sitePorts.join(' and ')} (REDIS_URL set, as start:cluster), nginx on ${nginxPort} (access log off)\n`);

  // The reference page: a rendered search page's bytes as the site sends them to a browser
  // (compressed), so the bare server puts as many bytes on the wire as row 2 does.
  const samplePage = await rawGet(`${site1.url}/searchresult?q=fuse`, browser);
  const bodyFile = path.join(workDir, 'bare.html');
  writeFileSync(bodyFile, samplePage.body);
  const bare = await startBareServer(barePort!, bodyFile, samplePage.encoding);

  // Enough distinct queries for 1000 req/s per row (over three times the issue's target; a faster
  // row says URLS REPEATED); the rows share none.
  const queries = distinctQueries();
  const searchUrls = (base: string) => queries.take(Math.ceil(seconds * 1000)).map((q) => `${base}/searchresult?q=${encodeURIComponent(q)}`);

  console.info(`Rows (CPU: the serving processes and their children, per request; rows 1-3 with a browser's Accept-Encoding, rows 4-5 without):`);
  const bareRow = await load('1. bare node http (same size page)', [`http://127.0.0.1:${barePort}/`], { node: [bare.pid!] });
  const single = await load('2. distinct search, 1 site process', searchUrls(site1.url), { site: [sitePids[0]!], 'search stand-in': [searchService.pid] }, { headers: browser, distinct: true });
  const clustered = await load('3. distinct search, nginx + 2 processes', searchUrls(cluster.url), { sites: sitePids, nginx: [nginxPid], redis: [redisPid], 'search stand-in': [searchService.pid] }, { headers: browser, distinct: true });
  for (const [row, measured, rpsTarget] of [
    ['2', single, undefined],
    ['3', clustered, TARGET.clusterRps],
  ] as const) {
    const siteCpu = (measured.cpu.site ?? 0) + (measured.cpu.sites ?? 0);
    console.info(
      `     row ${row} against targets: site CPU ${siteCpu.toFixed(2)} ms/req (<= ${TARGET.cpuMs}: ${siteCpu <= TARGET.cpuMs ? 'met' : 'MISSED'}), p99 ${measured.p99.toFixed(0)} ms (< ${TARGET.p99Ms}: ${measured.p99 < TARGET.p99Ms ? 'met' : 'MISSED'})${rpsTarget ? `, ${measured.rps.toFixed(0)} req/s (>= ${rpsTarget}: ${measured.rps >= rpsTarget ? 'met' : 'MISSED'})` : ''}`,
    );
  }

  // Rows 4 and 5: the same bytes from nginx's page cache and from a file. No Accept-Encoding on
  // either, so nginx compresses neither (the cache holds the uncompressed copy the site sent).
  const candidates = ['/', '/resource-library', '/Legal/privacy-statement', '/products/circuit-protection/fuses', '/de'];
  const cached: Array<{ path: string; html: Buffer }> = [];
  for (const pagePath of candidates) {
    // Warmed with the load's own headers: nginx keeps one variant per URL (Vary), a warm-up asking
    // with another Accept-Encoding would leave the first requests of the row to miss.
    await rawGet(`${cluster.url}${pagePath}`, {});
    const response = await rawGet(`${cluster.url}${pagePath}`, {});
    if (response.status === 200 && response.headers['x-cache-status'] === 'HIT') cached.push({ path: pagePath, html: response.body });
    else console.info(`     ${pagePath} left out: ${response.status}, X-Cache-Status ${String(response.headers['x-cache-status'])}, Cache-Control ${String(response.headers['cache-control'])}`);
  }
  if (!cached.length) throw new Error('no page was a cache hit through nginx');
  // A static copy of each page in build/client, which nginx serves itself (location / try_files).
  const staticFiles = cached.map((_page, n) => path.join(clientDir, `bench-static-${n}.html`));
  cleanups.add(() => staticFiles.forEach((file) => rmSync(file, { force: true })));
  cached.forEach((page, n) => writeFileSync(staticFiles[n]!, page.html));
  const nginxOnly = { nginx: [nginxPid] };
  const hits = await load(`4. cached pages via nginx (${cached.length} pages, hits)`, cached.map((page) => `${cluster.url}${page.path}`), { ...nginxOnly, sites: sitePids }, { countHeader: 'x-cache-status', note: `pages: ${cached.map((page) => `${page.path} ${(page.html.length / 1024).toFixed(1)} kB`).join(', ')}` });
  const statics = await load('5. nginx static files, same bytes', staticFiles.map((file) => `${cluster.url}/${path.basename(file)}`), nginxOnly);
  const share = hits.rps / statics.rps;
  console.info(`     row 4 / row 5: ${(share * 100).toFixed(1)} % of the static file's req/s (target >= ${TARGET.cachedShare * 100} %: ${share >= TARGET.cachedShare ? 'met' : 'MISSED'})`);
  console.info(`     distinct search through one process: ${((single.rps / bareRow.rps) * 100).toFixed(1)} % of the bare server's req/s`);

  console.info(`\nFirst-load JavaScript (gzip; target at most ${TARGET.firstLoadKb} kB, no Headless; and as the site sends it, brotli):`);
  for (const [label, pagePath] of PAGE_TYPES) {
    const { gzip, sent } = await firstLoadJs(site1.url, pagePath);
    const kB = gzip / 1024;
    console.info(`  ${label.padEnd(18)} ${kB.toFixed(1).padStart(6)} kB   ${kB <= TARGET.firstLoadKb ? 'within target' : 'OVER TARGET'}   ${(sent / 1024).toFixed(1).padStart(6)} kB sent`);
  }

  // ---- Issue 30: the restated distinct-search targets.
  console.info(`\nIssue 30 rows (decision 0091):`);
  const openUrls = queries.take(Math.ceil(seconds * openRate) + 10).map((q) => `${cluster.url}/searchresult?q=${encodeURIComponent(q)}`);
  const open = await openLoop(`6. open loop, distinct search, nginx + 2 proc`, openUrls, openRate, { sites: sitePids, nginx: [nginxPid], 'search stand-in': [searchService.pid] }, browser);

  // Row 7: one more site process with the Search API in it (the demo's dispatcher), and the
  // cluster's first process, which calls the stand-in apart over HTTP.
  const inProcess = await startSiteProcess({ name: 'in-process site', port: inProcessPort!, cwd: root, env: { DATA_DIR: path.join(workDir, 'data-in-process'), SEARCH_PAGE_CACHE_SECONDS: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '0', SITE_MODE: 'demo' } });
  cleanups.add(() => stop(inProcess));
  const callSeconds = Math.max(3, seconds / 2);
  const callUrls = (base: string) => queries.take(Math.ceil(callSeconds * 200)).map((q) => `${base}/searchresult?q=${encodeURIComponent(q)}`);
  const inProcessUrl = `http://127.0.0.1:${inProcessPort}`;
  const calls: Record<string, { inProcess: Awaited<ReturnType<typeof searchCallMs>>; http: Awaited<ReturnType<typeof searchCallMs>> }> = {};
  // Warmed first (a fresh process's first searches run cold code): two seconds each, not counted.
  await searchCallMs('', inProcessUrl, callUrls(inProcessUrl), 4, 2);
  await searchCallMs('', site1.url, callUrls(site1.url), 4, 2);
  for (const parallel of [1, 8]) {
    const direct = await searchCallMs(`7. Search API in process, ${parallel} at a time`, inProcessUrl, callUrls(inProcessUrl), parallel, callSeconds);
    const http = await searchCallMs(`7. Search API over HTTP, ${parallel} at a time`, site1.url, callUrls(site1.url), parallel, callSeconds);
    calls[parallel === 1 ? 'one at a time' : `${parallel} at a time`] = { inProcess: direct, http };
  }
  await stop(inProcess);

  let restart: RestartRun | undefined;
  if (restartProducts > 0) {
    // Alone: the cluster's processes stopped first, so the restart has the machine to itself.
    await cluster.stop();
    await stopChild(bare);
    restart = await restartFromSnapshot(restartProducts, restartPort!, path.join(workDir, 'data-restart'));
    console.info(`  8. restart from the snapshot, ${restartProducts.toLocaleString('en')} products: ready (/readyz 200) ${(restart.wallMs / 1000).toFixed(2)} s after spawn, CPU ${(restart.cpuMs / 1000).toFixed(2)} s (main thread ${(restart.mainThreadCpuMs / 1000).toFixed(2)} s); index ready in ${((restart.indexReadyMs ?? Number.NaN) / 1000).toFixed(2)} s (${restart.indexFrom ?? '?'})`);
  }

  const mark = (met: boolean) => (met ? 'met' : 'MISSED');
  const siteCpu = single.cpu.site ?? 0;
  console.info(`\nRestated distinct-search targets (issue 30 item 4), this run:`);
  console.info(`  site CPU per distinct search (row 2)            ${siteCpu.toFixed(2).padStart(8)} ms     target <= ${TARGET.cpuMs} ms          ${mark(siteCpu <= TARGET.cpuMs)}`);
  console.info(`  open loop ${openRate}/s via nginx + 2: p99 (row 6)     ${open.p99.toFixed(1).padStart(8)} ms     target <= ${TARGET.openLoopP99Ms} ms, no errors  ${mark(open.p99 <= TARGET.openLoopP99Ms && open.errors === 0)}${open.errors ? ` (${open.errors} errors)` : ''}`);
  const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(2)}`;
  for (const [how, { http, inProcess: direct }] of Object.entries(calls)) {
    const more = http.callMs - direct.callMs;
    console.info(`  Search API over HTTP vs in process, ${how.padEnd(13)} ${signed(more).padStart(8)} ms     target <= +${TARGET.fetchOverheadMs} ms          ${mark(more <= TARGET.fetchOverheadMs)} (${http.callMs.toFixed(2)} against ${direct.callMs.toFixed(2)} ms a call)`);
    // What the call's extra time is made of, and what the pages saw (not a target: for reading it).
    console.info(
      `      over HTTP the service's own ${http.serviceMs.toFixed(2)} ms (in process ${direct.serviceMs.toFixed(2)}), socket and event-loop wait ${(http.callMs - http.serviceMs).toFixed(2)} ms (in process ${(direct.callMs - direct.serviceMs).toFixed(2)}); page p50 ${signed(http.pageP50 - direct.pageP50)} ms, ${http.rps.toFixed(0)} against ${direct.rps.toFixed(0)} req/s`,
    );
  }
  if (restart) console.info(`  restart from snapshot, ${restartProducts.toLocaleString('en')} products (row 8)  ${(restart.wallMs / 1000).toFixed(2).padStart(8)} s      target <= ${TARGET.restartMs / 1000} s            ${mark(restart.wallMs <= TARGET.restartMs)} (CPU ${(restart.cpuMs / 1000).toFixed(2)} s: the wall time is what a shared machine gives)`);
  else console.info('  restart from snapshot: skipped (--restart-products 0)');
  console.info(`\nload average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

await runBenchmark(main, cleanups);
