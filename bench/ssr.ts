/**
 * npm run bench:ssr [-- --seconds 10 --connections 50]
 *
 * Requests per second and p50/p99 latency of /searchresult?q=... at N connections, next to a bare
 * Node `http` server measured in the same run; and the gzip size of the JavaScript each page type
 * loads first. Needs a build (npm run build).
 */
import { createServer, request as httpRequest, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../server/config.ts';
import { startSite } from '../server/site.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const seconds = Number(argument('seconds', '10'));
const connections = Number(argument('connections', '50'));

function get(url: string, agent: Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function load(urls: string[], label: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const end = performance.now() + seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const url = urls[next++ % urls.length]!;
        const started = performance.now();
        try {
          const response = await get(url, agent);
          if (response.status !== 200) errors += 1;
          bytes += response.bytes;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const rps = latencies.length / seconds;
  console.info(`  ${label.padEnd(22)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${at(50).toFixed(1)} ms   p99 ${at(99).toFixed(1)} ms   ${(bytes / Math.max(1, latencies.length) / 1024).toFixed(1)} kB/response   ${errors} errors`);
  return rps;
}

async function firstLoadJs(base: string, path: string): Promise<number> {
  const html = await (await fetch(`${base}${path}`)).text();
  const scripts = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!));
  let total = 0;
  for (const script of scripts) total += gzipSync(Buffer.from(await (await fetch(`${base}${script}`)).arrayBuffer())).length;
  return total;
}

const bare: Server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!DOCTYPE html><html><body>ok</body></html>');
}).listen(0, '127.0.0.1');
await new Promise((resolve) => bare.once('listening', resolve));
const site = await startSite(loadConfig({ ...process.env, NODE_ENV: 'production', PORT: '0', SEARCH_RATE_LIMIT_PER_MINUTE: '0' }));

const queries = ['fuse', 'tvs diode', 'relay', 'varistor', 'SMBJ1', 'reed switch', 'surge protection', 'igbt module'];
console.info(`SSR benchmark: ${connections} connections, ${seconds} s each, Node ${process.version}`);
const bareRps = await load([`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`], 'bare node http');
const searchRps = await load(queries.map((q) => `${site.url}/searchresult?q=${encodeURIComponent(q)}`), '/searchresult?q=...');
await load([`${site.url}/`], '/ (CMS home)');
console.info(`  /searchresult serves ${((searchRps / bareRps) * 100).toFixed(1)} % of the bare server's requests per second`);

console.info('\nFirst-load JavaScript (gzip):');
for (const [label, path] of [
  ['home', '/'],
  ['resource library', '/resource-library'],
  ['search results', '/searchresult?q=fuse'],
] as const) {
  console.info(`  ${label.padEnd(18)} ${((await firstLoadJs(site.url, path)) / 1024).toFixed(1)} kB`);
}
bare.close();
await site.close();
