import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startNginx, stop, type Running } from '../../deploy/cluster.ts';
import { ensureClusterTools } from '../../scripts/ensure-cluster-tools.mjs';

/**
 * deploy/nginx.conf's rules against an upstream that answers what each test needs and records
 * what nginx sent it (the site's own pages are checked in cluster.test.ts).
 */
const tools = ensureClusterTools();
if (!tools.nginx) console.warn(`[nginx tests] skipped: ${tools.problem ?? 'nginx missing'}`);

let nginx: Running;
let upstream: Server;
let dir: string;
let front: string;
const seen: Array<{ url: string; headers: IncomingHttpHeaders }> = [];

beforeAll(async () => {
  if (!tools.nginx) return;
  dir = mkdtempSync(path.join(tmpdir(), 'nginx-rules-'));
  // nginx's workers run as nobody when the tests run as root: they must reach the files and cache.
  chmodSync(dir, 0o755);
  const clientDir = path.join(dir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeFileSync(path.join(clientDir, 'assets', 'app-1234.js'), 'console.log("hello");\n'.repeat(200));
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\n');
  upstream = createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    const body = `${req.url} seen-host=${req.headers.host} xfh=${req.headers['x-forwarded-host']} cookie=${req.headers.cookie ?? ''} n=${seen.length}`;
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding' };
    // An editing answer marked public by mistake: nginx's own rule keeps it out of the cache.
    if (req.url!.startsWith('/public') || req.url!.startsWith('/api/editing/')) headers['cache-control'] = 'public, s-maxage=60, stale-while-revalidate=30';
    else if (req.url!.startsWith('/with-cookie')) Object.assign(headers, { 'cache-control': 'public, s-maxage=60', 'set-cookie': 'visitor=abc; Path=/' });
    else headers['cache-control'] = 'private';
    res.writeHead(200, headers).end(body);
  });
  const upstreamPort = await freePort();
  await new Promise<void>((resolve) => upstream.listen(upstreamPort, '127.0.0.1', resolve));
  const port = await freePort();
  front = `http://127.0.0.1:${port}`;
  nginx = await startNginx({ port, upstreams: [`127.0.0.1:${upstreamPort}`], serverNames: ['127.0.0.1'], clientDir, runDir: path.join(dir, 'run'), echo: false });
}, 60_000);

afterAll(async () => {
  if (nginx) await stop(nginx);
  await new Promise((resolve) => (upstream ? upstream.close(resolve) : resolve(undefined)));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const calls = (url: string) => seen.filter((entry) => entry.url === url).length;

/** A request with a Host of our choosing (fetch sets Host from the URL). */
function raw(pathName: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const url = new URL(front);
    const req = request({ host: url.hostname, port: url.port, path: pathName, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.runIf(tools.nginx)('deploy/nginx.conf', () => {
  it('never stores nor serves from its cache a Sitecore Pages editing answer, even one marked public (issue 32)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const response = await fetch(`${front}/api/editing/render?secret=s&mode=edit`);
      expect(response.headers.get('x-cache-status')).toBe('BYPASS');
      await response.text();
    }
    expect(calls('/api/editing/render?secret=s&mode=edit')).toBe(3);
  });

  it('caches what the site marks public (MISS, then HIT from nginx alone), never what it marks private', async () => {
    const first = await fetch(`${front}/public/a`);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const body = await first.text();
    const second = await fetch(`${front}/public/a`);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.text()).toBe(body);
    expect(calls('/public/a')).toBe(1);
    await (await fetch(`${front}/private/a`)).text();
    await (await fetch(`${front}/private/a`)).text();
    expect(calls('/private/a')).toBe(2);
  });

  it('never stores a response that sets a cookie', async () => {
    await (await fetch(`${front}/with-cookie`)).text();
    const again = await fetch(`${front}/with-cookie`);
    expect(again.headers.get('x-cache-status')).not.toBe('HIT');
    expect(calls('/with-cookie')).toBe(2);
  });

  it('neither serves nor stores a copy for a request with a session or personal cookie; other cookies do not matter', async () => {
    await (await fetch(`${front}/public/b`)).text();
    for (const cookie of ['session=s1', 'theme=dark; session=s1', 'recent-queries=fuse', 'visitor=v1', 'sign-in=x']) {
      const personal = await fetch(`${front}/public/b`, { headers: { cookie } });
      expect(personal.headers.get('x-cache-status'), cookie).toBe('BYPASS');
      expect(await personal.text()).toContain(`cookie=${cookie}`);
    }
    const anonymous = await fetch(`${front}/public/b`);
    expect(anonymous.headers.get('x-cache-status')).toBe('HIT');
    expect(await anonymous.text()).toContain('cookie= ');
    const unrelated = await fetch(`${front}/public/b`, { headers: { cookie: 'theme=dark; sessionless=1' } });
    expect(unrelated.headers.get('x-cache-status')).toBe('HIT');
  });

  it('refuses a Host that is not the site\'s (421), without asking the site', async () => {
    const before = seen.length;
    const forged = await raw('/public/c', { host: 'evil.example' });
    expect(forged.status).toBe(421);
    expect(seen.length).toBe(before);
  });

  it('replaces a forged X-Forwarded-Host and Forwarded with its own, so a copy can only ever be of the real host', async () => {
    const forged = await fetch(`${front}/public/d`, { headers: { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6' } });
    const body = await forged.text();
    expect(body).not.toContain('evil');
    const sent = seen.find((entry) => entry.url === '/public/d')!.headers;
    expect(sent['x-forwarded-host']).toBe(new URL(front).host);
    expect(sent.host).toBe(new URL(front).host);
    expect(sent['x-forwarded-proto']).toBe('http');
    expect(sent['x-forwarded-for']).toBe('127.0.0.1');
    expect(sent.forwarded).toBeUndefined();
  });

  it('asks the site for one of three encodings, whatever the browser wrote', async () => {
    await (await fetch(`${front}/private/e1`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })).text();
    await (await fetch(`${front}/private/e2`, { headers: { 'accept-encoding': 'gzip;q=1.0, identity; q=0.5' } })).text();
    await (await fetch(`${front}/private/e3`, { headers: { 'accept-encoding': 'identity' } })).text();
    const encodings = ['/private/e1', '/private/e2', '/private/e3'].map((url) => seen.find((entry) => entry.url === url)!.headers['accept-encoding'] ?? '');
    expect(encodings).toEqual(['br', 'gzip', '']);
  });

  it('serves the client build itself: assets precompressed or compressed, immutable for a year; other files for an hour', async () => {
    const before = seen.length;
    const asset = await fetch(`${front}/assets/app-1234.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    if (tools.brotli) {
      const br = await fetch(`${front}/assets/app-1234.js`, { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
    }
    const robots = await fetch(`${front}/robots.txt`);
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((await fetch(`${front}/assets/missing.js`)).status).toBe(404);
    expect(seen.length).toBe(before);
  });
});
