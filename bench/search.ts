/**
 * npm run bench:search [-- --sizes 20000,100000,1000000 --queries 1000 --restart-only]
 *
 * For each catalogue size: index build time, memory, and p50/p95/p99 latency of a realistic query
 * mix (1 to 3 words, part-number prefixes, typos, 0 to 2 facet filters, a range filter, 8 facets
 * with counts, a sort), with the CPU per request: the engine alone (in-process); the demo site's
 * direct path (undici's request over the in-process dispatcher, as the failure policy sends it:
 * the stand-in's own handler without a socket); and over HTTP on 127.0.0.1 (served as the site
 * serves it) with node:http and with fetch. Then a restart with the snapshot on disk.
 * `--restart-only` skips the queries. Run it under `flock /tmp/measure.lock` on a shared machine.
 */
import { Agent, createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Random } from '../standins/search/catalogue/random.ts';
import type { SearchRequest } from '@voltaris/protocol/coveo/schemas';
import { searchRequestSchema } from '@voltaris/protocol/coveo/schemas';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request as undiciRequest } from 'undici';
import { crc32 } from 'node:zlib';
import { createEmbeddedSearch } from '../standins/search/service.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

const sizes = argument('sizes', '20000,100000,1000000').split(',').map(Number);
const queryCount = Number(argument('queries', '1000'));
const restartOnly = process.argv.includes('--restart-only');
/** CPU milliseconds this process used (client and server alike when both run here). */
const cpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

const WORDS = ['fuse', 'diode', 'varistor', 'relay', 'sensor', 'switch', 'surge', 'automotive', 'protection', 'thyristor', 'mosfet', 'igbt', 'datasheet', 'reed', 'tvs', 'ptc', 'Sicherung', 'Relais', 'ヒューズ', '保险丝', 'temperature', 'module'];
const FACET_FILTERS: Array<[string, string[]]> = [
  ['market', ['Automotive', 'Industrial', 'Energy', 'Consumer Electronics']],
  ['leveltwocategory', ['Fuses', 'TVS Diodes', 'Varistors', 'Relays', 'MOSFETs']],
  ['objecttype', ['Product', 'Document']],
];
const RANGES = ['@ratedcurrent>=0.5 @ratedcurrent<=20', '@date>=2024/01/01', '@standoffvoltage<=48', '@maxacvoltage>100'];
const SORTS = ['relevancy', 'relevancy', 'relevancy', 'date descending', '@partnumber ascending'];

function typo(word: string, random: Random): string {
  if (word.length < 5) return word;
  const i = random.int(1, word.length - 2);
  return random.chance(0.5) ? word.slice(0, i) + word.slice(i + 1) : word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

function queryMix(partNumbers: string[], seed = 7): SearchRequest[] {
  const random = new Random(seed);
  const out: SearchRequest[] = [];
  for (let n = 0; n < queryCount; n += 1) {
    const kind = random.next();
    let q: string;
    if (kind < 0.25) q = random.pick(partNumbers).slice(0, random.int(3, 6));
    else if (kind < 0.35) q = typo(random.pick(WORDS), random);
    else q = random.some(WORDS, random.int(1, 3)).join(' ');
    const facets = FACET_FILTERS.map(([field]) => ({ type: 'specific', facetId: field, field, numberOfValues: 8, currentValues: [] as Array<{ value: string; state: string }> }));
    const filters = random.int(0, 2);
    for (let f = 0; f < filters; f += 1) {
      const [field, values] = random.pick(FACET_FILTERS);
      facets.find((facet) => facet.field === field)!.currentValues = [{ value: random.pick(values), state: 'selected' }];
    }
    const more = ['series', 'endequipment', 'producttechnologies', 'resourcetype'].map((field) => ({ type: 'specific', facetId: field, field, numberOfValues: 8 }));
    out.push(
      searchRequestSchema.parse({
        q,
        numberOfResults: 12,
        aq: random.chance(0.7) ? random.pick(RANGES) : undefined,
        sortCriteria: random.pick(SORTS),
        queryCorrection: { enabled: true, options: { automaticallyCorrect: 'whenNoResults' } },
        facets: [...facets, ...more, { type: 'hierarchical', facetId: 'category', field: 'categorypath', numberOfValues: 5, delimitingCharacter: '|' }],
      }),
    );
  }
  return out;
}

/** One client's requests, one at a time after 50 to warm up: each request's wall time, and CPU per request. */
async function timedRun(bodies: string[], send: (body: string) => Promise<unknown>): Promise<{ samples: number[]; cpu: number }> {
  for (const body of bodies.slice(0, 50)) await send(body);
  const samples: number[] = [];
  const cpuStart = cpuMs();
  for (const body of bodies) {
    const t = performance.now();
    await send(body);
    samples.push(performance.now() - t);
  }
  return { samples, cpu: (cpuMs() - cpuStart) / bodies.length };
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: at(50), p95: at(95), p99: at(99), mean: samples.reduce((s, v) => s + v, 0) / samples.length };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function benchSize(products: number) {
  globalThis.gc?.();
  const before = process.memoryUsage();
  const started = performance.now();
  const search = createEmbeddedSearch({ products, organizationId: 'local', accessToken: 'bench', expiredToken: 'expired', rateLimitPerMinute: 0 });
  const readyMs = performance.now() - started;
  globalThis.gc?.();
  const after = process.memoryUsage();
  const index = search.engine.index;
  const partNumbers = [...index.docs].filter((doc) => doc.partNumber).map((doc) => doc.partNumber!);
  const mix = queryMix(partNumbers);

  // Warm up the JIT and the lazily built columns, then measure.
  for (const request of mix.slice(0, 50)) search.engine.search(request);
  const inProcess: number[] = [];
  let totalMatches = 0;
  let cpuStart = cpuMs();
  for (const request of mix) {
    const t = performance.now();
    const result = search.engine.search(request);
    inProcess.push(performance.now() - t);
    totalMatches += result.totalCount;
  }
  const inProcessCpu = (cpuMs() - cpuStart) / mix.length;

  // As the site serves it: the search page's calls go to the stand-in's own handler (decision 0060).
  const server: Server = createServer(search.handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/search/v2?organizationId=local`;
  const headers = { authorization: 'Bearer bench', 'content-type': 'application/json' };
  const bodies = mix.map((request) => JSON.stringify(request));
  // The demo site's path: the failure policy's undici request, handed to the stand-in in process.
  const dispatcher = search.dispatcher(() => new URL(url).origin);
  const direct = async (body: string) => {
    const response = await undiciRequest(url, { method: 'POST', headers, body, dispatcher });
    const buffer = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode !== 200) throw new Error(`direct ${response.statusCode}: ${buffer.toString()}`);
    return buffer.byteLength;
  };
  const { samples: inProcessDirect, cpu: directCpu } = await timedRun(bodies, direct);
  // The same client over HTTP: what the site's failure policy pays for a Search API elsewhere, and
  // what the demo paid before the dispatcher (client and stand-in in one process, as here).
  const plain = async (body: string) => {
    const response = await undiciRequest(url, { method: 'POST', headers, body });
    const buffer = Buffer.from(await response.body.arrayBuffer());
    if (response.statusCode !== 200) throw new Error(`undici ${response.statusCode}: ${buffer.toString()}`);
    return buffer.byteLength;
  };
  const { samples: overUndici, cpu: undiciCpu } = await timedRun(bodies, plain);
  for (const body of bodies.slice(0, 50)) await (await fetch(url, { method: 'POST', headers, body })).arrayBuffer();
  const overHttp: number[] = [];
  let bytes = 0;
  cpuStart = cpuMs();
  for (const body of bodies) {
    const t = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body });
    const buffer = await response.arrayBuffer();
    overHttp.push(performance.now() - t);
    bytes += buffer.byteLength;
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${Buffer.from(buffer).toString()}`);
  }
  const fetchCpu = (cpuMs() - cpuStart) / bodies.length;
  // The same requests from node:http with a keep-alive agent: Node's fetch (undici) adds several
  // milliseconds of its own against this server (decision 0059), which is not the service's cost.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const post = (body: string) =>
    new Promise<number>((resolve, reject) => {
      const request = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
        let size = 0;
        response.on('data', (chunk: Buffer) => (size += chunk.length));
        response.on('end', () => (response.statusCode === 200 ? resolve(size) : reject(new Error(`HTTP ${response.statusCode}`))));
      });
      request.on('error', reject);
      request.end(body);
    });
  const { samples: overNodeHttp, cpu: nodeHttpCpu } = await timedRun(bodies, post);
  agent.destroy();
  server.close();

  const local = percentiles(inProcess);
  const heapMb = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 1e6;
  const row = (name: string, samples: number[], cpu: number, note = '') => {
    const p = percentiles(samples);
    const above = samples === inProcess ? '' : `  p50 ${ms(p.p50 - local.p50)} above in-process`;
    console.info(`  ${name.padEnd(26)} p50 ${ms(p.p50)}  p99 ${ms(p.p99)}  CPU ${ms(cpu)}/request${above}${note}`);
  };
  console.info(`\n${products.toLocaleString('en')} products (${index.size.toLocaleString('en')} documents, ${index.termCount.toLocaleString('en')} terms); load average ${loadAverage()}`);
  console.info(`  ready (generate + index):  ${(readyMs / 1000).toFixed(2)} s   (index build ${(index.buildMs / 1000).toFixed(2)} s)`);
  console.info(`  memory:                    ${heapMb.toFixed(0)} MB heap+buffers (index arrays ~${(index.memoryEstimateBytes() / 1e6).toFixed(0)} MB), rss ${(after.rss / 1e6).toFixed(0)} MB`);
  console.info(`  ${queryCount} queries, one at a time, mean ${Math.round(totalMatches / mix.length)} matches, ${(bytes / bodies.length / 1024).toFixed(1)} kB/answer; CPU counts client and server (one process); target: <= 1 ms above in-process`);
  row('in-process (engine)', inProcess, inProcessCpu);
  row('direct (dispatcher)', inProcessDirect, directCpu);
  row('undici request over HTTP', overUndici, undiciCpu);
  row('node:http keep-alive', overNodeHttp, nodeHttpCpu);
  row('fetch', overHttp, fetchCpu);
}

/** /proc/loadavg's three figures: every figure here depends on what else the 2 cores run. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** One start of the service in this process, for benchRestart's child: its figures as JSON. */
function startOnce(products: number, snapshotDir: string) {
  const cpuStart = cpuMs();
  const started = performance.now();
  const search = createEmbeddedSearch({ products, organizationId: 'local', accessToken: 'bench', expiredToken: 'expired', rateLimitPerMinute: 0, snapshotDir });
  return { ...search.stats, readyMs: performance.now() - started, cpuMs: cpuMs() - cpuStart };
}

/**
 * A restart with the snapshot on disk (standins/search/snapshot.ts): a first start writes it, then
 * a new process starts from it, as a restarted site does (in this process the heap left by the
 * first start would make the collector's work, and the figure, larger).
 */
function benchRestart(products: number) {
  const snapshotDir = mkdtempSync(path.join(tmpdir(), 'bench-snapshot-'));
  try {
    const started = performance.now();
    startOnce(products, snapshotDir);
    const firstMs = performance.now() - started;
    const bytes = readdirSync(snapshotDir).reduce((sum, name) => sum + statSync(path.join(snapshotDir, name)).size, 0);
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--restart-child', String(products), snapshotDir], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`the restart failed: ${child.stderr}`);
    const restart = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as ReturnType<typeof startOnce>;
    const load = loadAverage();
    // What the restart's checksum costs: CRC-32 over the file's bytes, as readSnapshot does.
    const file = readFileSync(path.join(snapshotDir, readdirSync(snapshotDir).find((name) => name.endsWith('.snapshot'))!));
    const crcStarted = performance.now();
    crc32(file);
    const crcMs = performance.now() - crcStarted;
    console.info(`\n${products.toLocaleString('en')} products, restart with the snapshot (${(bytes / 1e6).toFixed(0)} MB on disk)`);
    console.info(`  first start (generate + build + write): ${(firstMs / 1000).toFixed(2)} s`);
    console.info(
      `  restart (a new process): ${(restart.readyMs / 1000).toFixed(2)} s, CPU ${(restart.cpuMs / 1000).toFixed(2)} s (snapshot read ${(restart.snapshotReadMs / 1000).toFixed(2)} s, generate ${(restart.generatedMs / 1000).toFixed(2)} s, index ${restart.indexFrom} in ${(restart.indexMs / 1000).toFixed(2)} s, of it the checksum ~${crcMs.toFixed(0)} ms; target <= 2 s; load average ${load})`,
    );
  } finally {
    rmSync(snapshotDir, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf('--restart-child');
if (childAt >= 0) {
  console.info(JSON.stringify(startOnce(Number(process.argv[childAt + 1]), process.argv[childAt + 2]!)));
  process.exit(0);
}

console.info(`search benchmark: ${restartOnly ? 'restart only' : `${queryCount} queries per size`}, Node ${process.version}`);
if (!restartOnly) for (const size of sizes) await benchSize(size);
for (const size of sizes) {
  globalThis.gc?.();
  benchRestart(size);
}
