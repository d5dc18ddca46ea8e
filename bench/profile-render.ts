/**
 * npm run bench:profile [-- --queries 200 --warmup 30 --cpu-prof <dir>]
 *
 * Where a distinct search page's CPU goes (issue 20 item 1). Starts one built site process (demo
 * mode, SERVER_TIMING=on, no search rate limit) and asks it, one request at a time, for
 * `/searchresult?q=<a query not asked before>` with a browser's Accept-Encoding; then as many times
 * for one query whose answer the site keeps (the floor: Remix, React and the shell, no Headless).
 * Prints, per phase, the mean wall and CPU milliseconds the site measured (its Server-Timing
 * header), the process's whole CPU per request (utime + stime from /proc, so Express and the
 * compression middleware count too), and what compressing the
 * page costs (the same brotli settings as the site, timed here on the same bytes). One request at
 * a time: the process does nothing else meanwhile, so a phase's CPU is the request's own; phases
 * may overlap (the shell's loader runs beside the page's).
 *
 * Then the bytes of the home, search and product pages: the HTML, the part of it that is loader
 * data (the inline scripts Remix writes), and the `.data` request a client-side navigation makes
 * (within a language: the page's route only; on a language switch: the shell's too).
 *
 * The Search API stand-in runs in a process of its own, as Coveo is apart from the site in production:
 * the figures are the site's; the stand-in's CPU per request is printed on its own line.
 *
 * Needs a build (npm run build). Stops what it started at the end, on an error or on Ctrl-C.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { distinctQueries } from './support/queries.ts';
import { createCleanups, sparePort, readyAddress, runBenchmark, startSearchService, stopChild } from './support/run.ts';
import { createLayoutPort } from '../app/cms/layout-service.server.ts';
import { ContentStore } from '@voltaris/content-files/content-store';
import { createInProcessLayoutFetch } from '../standins/layout/in-process-fetch.ts';
import { createLayoutServiceRouter } from '../standins/layout/router.ts';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const queries = Number(argument('queries', '200'));
const warmup = Number(argument('warmup', '30'));
if (!Number.isInteger(queries) || queries < 1 || !Number.isInteger(warmup) || warmup < 0) {
  console.error('--queries must be a positive whole number and --warmup a whole number');
  process.exit(2);
}

const root = process.cwd();
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of one process in ms (its threads included: Node's workers and zlib's pool). */
function cpuMsOf(pid: number): number {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1000;
}


const cleanups = createCleanups();

async function startSite(port: number, searchApiUrl: string): Promise<{ url: string; pid: number }> {
  // The search index snapshot is kept between runs (decision 0052), so a second run starts at once.
  const dataDir = path.join(root, 'data', 'bench-profile');
  mkdirSync(dataDir, { recursive: true });
  // --cpu-prof <dir>: the site writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profileDir = argument('cpu-prof', '');
  const child = spawn(process.execPath, [...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []), 'build/node/demo.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SITE_MODE: 'demo',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SERVER_TIMING: 'on',
      SEARCH_API_URL: searchApiUrl,
      // Long enough for the reused-answer phase; the distinct phase's queries are all new.
      SEARCH_PAGE_CACHE_SECONDS: '300',
      SEARCH_RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.add(() => stopChild(child));
  const url = await readyAddress(child, /Site ready on (\S+)/, 'the site');
  return { url, pid: child.pid! };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** As sent. */
  raw: Buffer;
  /** Decompressed. */
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** `name;dur=1.2, name.cpu;dur=0.9` → { name: 1.2, 'name.cpu': 0.9 }, same names summed. */
function parseServerTiming(value: string | string[] | undefined): Map<string, number> {
  const timings = new Map<string, number>();
  for (const metric of String(value ?? '').split(',')) {
    const [name, ...params] = metric.trim().split(';');
    if (!name) continue;
    const duration = params.map((param) => /^dur=([\d.]+)$/.exec(param.trim())?.[1]).find(Boolean);
    timings.set(name, (timings.get(name) ?? 0) + Number(duration ?? 0));
  }
  return timings;
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
/** The site's own brotli settings (server/site.ts). */
const SITE_BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_LGWIN]: 18 } };

/** Inline scripts (no src): with and without Single Fetch, that is where the loader data travels. */
function inlineScriptBytes(html: string): number {
  let bytes = 0;
  for (const match of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)) bytes += Buffer.byteLength(match[1]!);
  return bytes;
}

/**
 * The layout client's two ways to the embedded stand-in, side by side in this process (client and
 * stand-in share it, as in the site): over loopback HTTP and in process. CPU per page's worth of
 * requests (one layout, one dictionary), the dictionary uncached as in demo mode.
 */
async function layoutClientCost(rounds: number): Promise<{ http: number; inProcess: number }> {
  const store = new ContentStore({ dir: path.join(root, 'fixtures/content') });
  const service = { store, apiKey: 'local-layout-key', siteName: 'website' };
  const server = express().use(createLayoutServiceRouter(service)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const config = { apiHost: origin, apiKey: service.apiKey, siteName: service.siteName, timeoutMs: 5000, cacheDictionary: false, layoutCacheSeconds: 0 };
  const ports = { http: createLayoutPort(config), inProcess: createLayoutPort({ ...config, fetch: createInProcessLayoutFetch({ ...service, origin: () => origin }) }) };
  const cost = async (port: (typeof ports)['http']) => {
    for (let n = 0; n < 50; n++) await Promise.all([port.fetchLayout('/searchresult', 'en'), port.fetchDictionary('en')]);
    const before = process.cpuUsage();
    for (let n = 0; n < rounds; n++) await Promise.all([port.fetchLayout('/searchresult', 'en'), port.fetchDictionary('en')]);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000 / rounds;
  };
  try {
    return { http: await cost(ports.http), inProcess: await cost(ports.inProcess) };
  } finally {
    server.close();
    store.close();
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

interface Phases {
  order: string[];
  mean(name: string): number;
  processCpu: number;
  searchCpu: number;
  bytesHtml: number;
  bytesSent: number;
  failures: number;
}

/** `count` requests one at a time: the Server-Timing phases summed, and both processes' CPU from /proc. */
async function measurePhases(count: number, nextUrl: () => string, sitePid: number, searchPid: number): Promise<Phases> {
  const sums = new Map<string, number>();
  const order: string[] = [];
  let bytesSent = 0;
  let bytesHtml = 0;
  let failures = 0;
  const cpuBefore = cpuMsOf(sitePid);
  const searchCpuBefore = cpuMsOf(searchPid);
  for (let n = 0; n < count; n++) {
    const answer = await get(nextUrl(), BROWSER);
    if (answer.status !== 200) failures++;
    if (!answer.headers['server-timing']) throw new Error('the site sent no Server-Timing header (is SERVER_TIMING honoured?)');
    for (const [name, ms] of parseServerTiming(answer.headers['server-timing'])) {
      if (!sums.has(name)) order.push(name);
      sums.set(name, (sums.get(name) ?? 0) + ms);
    }
    bytesSent += answer.raw.length;
    bytesHtml += answer.body.length;
  }
  return {
    order,
    mean: (name) => (sums.get(name) ?? 0) / count,
    processCpu: (cpuMsOf(sitePid) - cpuBefore) / count,
    searchCpu: (cpuMsOf(searchPid) - searchCpuBefore) / count,
    bytesHtml,
    bytesSent,
    failures,
  };
}

async function main(): Promise<void> {
  const load = os.loadavg();
  console.info(`Render profile: ${queries} distinct searches one at a time (after ${warmup} to warm up), Node ${process.version}, ${os.cpus().length} CPUs, load average ${load.map((n) => n.toFixed(2)).join(' ')}`);
  const port = await sparePort(3700, 3799);
  // The Search API apart, as Coveo is in production: the phases and the process CPU are the site's alone.
  const searchService = await startSearchService(root, { DATA_DIR: path.join(root, 'data', 'bench-profile-search') }, cleanups);
  const { url, pid } = await startSite(port, searchService.url);
  const generator = distinctQueries();
  const next = () => `${url}/searchresult?q=${encodeURIComponent(generator.next())}`;
  for (let n = 0; n < warmup; n++) await get(next(), BROWSER);
  const distinct = await measurePhases(queries, next, pid, searchService.pid);
  // The floor under the search page: the same page with its search answer reused (the site keeps
  // an answer SEARCH_PAGE_CACHE_SECONDS), so neither Headless nor the Search API runs: what is left
  // is Remix, React and the shell.
  // A query with results: one that finds nothing adds the zero-result recommendations call, which
  // is not kept, and renders no results (SMAJ58A did, unseen, until the catalogue no longer had it).
  const reusedUrl = `${url}/searchresult?q=SMBJ`;
  const floorTotal = Number(/data-total="(\d+)"/.exec((await get(reusedUrl, {})).body.toString())?.[1] ?? 0);
  if (!(floorTotal > 0)) throw new Error(`the floor's query (${reusedUrl}) found nothing: a page without results is not the search page's floor`);
  await get(reusedUrl, BROWSER);
  const reused = await measurePhases(queries, () => reusedUrl, pid, searchService.pid);
  // Compression is the middleware's, after the page is made: timed here on the same bytes.
  const sample = await get(next(), {});
  const started = performance.now();
  const rounds = 50;
  for (let n = 0; n < rounds; n++) brotliCompressSync(sample.body, SITE_BROTLI);
  const compressMs = (performance.now() - started) / rounds;

  console.info(`\nPhases of /searchresult?q=... (mean per request; wall and the process's CPU over the phase):`);
  console.info(`  ${'phase'.padEnd(42)} ${'distinct query'.padStart(17)} ${'answer reused'.padStart(17)}`);
  console.info(`  ${''.padEnd(42)} ${'wall ms'.padStart(8)} ${'CPU ms'.padStart(8)} ${'wall ms'.padStart(8)} ${'CPU ms'.padStart(8)}`);
  const describe: Record<string, string> = {
    shell: 'root loader (shell: dictionary, session)',
    page: 'CMS page loader, all of it',
    layout: '  layout fetch',
    dictionary: '  dictionary fetch (shell + page)',
    loaders: '  rendering data loaders',
    handoff: 'loader data to document (Remix)',
    render: 'React render (+ Single Fetch stream)',
    'csp-hashes': 'CSP hashes of inline scripts',
    total: 'Remix handler, first loader to response',
  };
  const cells = (phases: Phases, name: string) => `${phases.mean(name).toFixed(2).padStart(8)} ${phases.mean(`${name}.cpu`).toFixed(2).padStart(8)}`;
  const blank = ''.padStart(8);
  for (const name of distinct.order) {
    if (name.endsWith('.cpu')) continue;
    const label = describe[name] ?? (name.startsWith('loader.') ? `    ${name.slice(7)}${name === 'loader.SearchResults' ? ' (Headless, Search API wait)' : ''}` : name);
    console.info(`  ${label.padEnd(42)} ${cells(distinct, name)} ${cells(reused, name)}`);
  }
  console.info(`  ${'compression (brotli q2, timed here)'.padEnd(42)} ${blank} ${compressMs.toFixed(2).padStart(8)}`);
  const outside = (phases: Phases) => (phases.processCpu - phases.mean('total.cpu')).toFixed(2).padStart(8);
  console.info(`  ${'outside Remix (HTTP, Express, compression)'.padEnd(42)} ${blank} ${outside(distinct)} ${blank} ${outside(reused)}`);
  console.info(`  ${'process CPU per request (/proc)'.padEnd(42)} ${blank} ${distinct.processCpu.toFixed(2).padStart(8)} ${blank} ${reused.processCpu.toFixed(2).padStart(8)}   (${CLOCK_TICKS} ticks/s)`);
  console.info(`  ${'the Search API stand-in, its own process'.padEnd(42)} ${blank} ${distinct.searchCpu.toFixed(2).padStart(8)} ${blank} ${reused.searchCpu.toFixed(2).padStart(8)}   (not the site's)`);
  console.info(`  pages: ${kB(distinct.bytesHtml / queries)} HTML, ${kB(distinct.bytesSent / queries)} sent (distinct); ${kB(reused.bytesHtml / queries)} HTML, ${kB(reused.bytesSent / queries)} sent (reused)${distinct.failures + reused.failures ? `; ${distinct.failures + reused.failures} answers were not 200` : ''}`);

  // Page data: a product page is the first part a product search for SMBJ links to.
  const searchPage = (await get(`${url}/searchresult?q=SMBJ&scope=products`)).body.toString();
  const product = /href="(\/products(?:\/[^"?#/]+){4,})"/.exec(searchPage)?.[1];
  const pages: Array<[string, string]> = [
    ['home', '/'],
    ['search', '/searchresult?q=fuse'],
    ...(product ? ([['product', product]] as Array<[string, string]>) : []),
  ];
  console.info(`\nPage bytes (uncompressed; brotli as sent in brackets):`);
  console.info(`  ${'page'.padEnd(8)} ${'HTML'.padStart(20)} ${'inline data'.padStart(12)} ${'navigation, same language'.padStart(26)} ${'same path, query changed'.padStart(26)} ${'navigation, language switch'.padStart(28)}`);
  for (const [label, pagePath] of pages) {
    const html = await get(`${url}${pagePath}`, BROWSER);
    const text = html.body.toString();
    // Single Fetch: one .data request; within a language the browser keeps the shell (decision
    // 0062) and asks for the page's phrases and route, for another address of the same path (a
    // facet, the next page) the page's route alone (0068); a language switch asks for every route.
    const target = new URL(pagePath, url);
    const routeId = target.pathname === '/' ? 'routes/_index' : 'routes/$';
    target.pathname = target.pathname === '/' ? '/_root.data' : `${target.pathname.replace(/\/$/, '')}.data`;
    const pageOnly = new URL(target);
    pageOnly.searchParams.set('_routes', `routes/_page,${routeId}`);
    const samePath = new URL(target);
    samePath.searchParams.set('_routes', routeId);
    const sizes = async (dataUrl: string) => {
      const answer = await get(dataUrl, BROWSER);
      return `${kB(answer.body.length)} (${kB(answer.raw.length)})`;
    };
    console.info(
      `  ${label.padEnd(8)} ${`${kB(html.body.length)} (${kB(html.raw.length)})`.padStart(20)} ${kB(inlineScriptBytes(text)).padStart(12)} ${(await sizes(pageOnly.href)).padStart(26)} ${(await sizes(samePath.href)).padStart(26)} ${(await sizes(target.href)).padStart(28)}  ${label === 'product' ? pagePath : ''}`,
    );
  }
  const client = await layoutClientCost(500);
  console.info(`\nLayout client, one layout + one dictionary request (CPU ms, client and stand-in in one process): loopback HTTP ${client.http.toFixed(2)}, in process ${client.inProcess.toFixed(2)}`);
  // gzip for comparison with other tools' figures.
  console.info(`  (the search page gzipped: ${kB(gzipSync(sample.body).length)})`);
  console.info(`\nload average at the end: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}

await runBenchmark(main, cleanups);
