import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect, type ClientHttp2Session } from 'node:http2';
import { connect as tlsConnect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterForTests, clusterRunnable } from '../support/test-cluster.ts';

/**
 * The real front as `TLS=1 npm run start:cluster` runs it (decision 0059): nginx with a self-signed
 * certificate made at start, two site processes and Redis on spare ports. Asked as a browser asks:
 * over HTTP/2, keeping each cookie for the path it was set for.
 */
const runnable = clusterRunnable('front tests');
const running = clusterForTests({ runnable, name: 'front', tls: true });
let session: ClientHttp2Session;

beforeAll(() => {
  if (runnable) session = connect(running.publicOrigin, { ca: readFileSync(running.cluster.certificate!) });
});

afterAll(() => {
  session?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function h2(pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = session.request({ ':path': pathname, ...headers });
    let status = 0;
    let responseHeaders: Answer['headers'] = {};
    const chunks: Buffer[] = [];
    request.on('response', (received) => {
      status = Number(received[':status']);
      responseHeaders = received;
    });
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks).toString('utf8') }));
    request.on('error', reject);
    request.end();
  });
}

/** A browser's cookie jar, enough for one host: each cookie goes only to paths under its Path. */
class Jar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  header(pathname: string): Record<string, string> {
    const sent = [...this.cookies].filter(([, cookie]) => pathname === cookie.path.replace(/\/$/, '') || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`));
    // Longer paths first, as browsers order them.
    sent.sort(([, x], [, y]) => y.path.length - x.path.length);
    return sent.length ? { cookie: sent.map(([key, cookie]) => `${key.split(' ')[0]}=${cookie.value}`).join('; ') } : {};
  }

  keep(setCookie: string | string[] | undefined) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      const cookiePath = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? '/';
      const key = `${name} ${cookiePath}`;
      if (attributes.some((attribute) => /^max-age=0$/i.test(attribute) || /^expires=Thu, 01 Jan 1970/i.test(attribute))) this.cookies.delete(key);
      else this.cookies.set(key, { value, path: cookiePath });
    }
  }

  names(): string[] {
    return [...this.cookies.keys()];
  }
}

async function visit(jar: Jar, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  const answer = await h2(pathname, { ...headers, ...jar.header(pathname) });
  jar.keep(answer.headers['set-cookie']);
  return answer;
}

/** The page's beacon as the image asks for it without JavaScript (what sets the visitor id). */
async function beacon(jar: Jar, page: Answer): Promise<Answer> {
  const src = /<img class="page-beacon" src="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
  expect(src).toBeDefined();
  return visit(jar, src!, { 'sec-fetch-site': 'same-origin' });
}

describe.runIf(runnable)('the front over TLS', () => {
  it('redirects plain HTTP to HTTPS for good', async () => {
    const answer = await new Promise<{ status: number; location?: string }>((resolve, reject) =>
      httpGet(`${running.plainOrigin}/company/about?x=1`, (response) => {
        response.resume();
        resolve({ status: response.statusCode!, location: response.headers.location });
      }).on('error', reject),
    );
    expect(answer).toEqual({ status: 301, location: `${running.publicOrigin}/company/about?x=1` });
  });

  it('serves pages over HTTP/2 with TLS 1.2 or 1.3 and HSTS, canonical links on the HTTPS origin', async () => {
    const page = await h2('/');
    expect(page.status).toBe(200);
    expect(session.alpnProtocol).toBe('h2');
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d{8}/);
    expect(page.body).toContain(`<link rel="canonical" href="${running.publicOrigin}/"`);
    const asset = /<link rel="modulepreload(?:-after-paint)?" href="([^"]+)"/.exec(page.body)![1]!;
    const script = await h2(asset);
    expect(script.status).toBe(200);
    expect(script.headers['strict-transport-security']).toMatch(/max-age/);
    // TLS 1.1 is refused.
    const old = await new Promise<string>((resolve) => {
      const socket = tlsConnect({ host: '127.0.0.1', port: Number(new URL(running.publicOrigin).port), ca: readFileSync(running.cluster.certificate!), minVersion: 'TLSv1.1', maxVersion: 'TLSv1.1' }, () => resolve('connected'));
      socket.on('error', () => resolve('refused'));
    });
    expect(old).toBe('refused');
  });

  it('gives a returning visitor who has browsed the shared copy of a page (HIT)', async () => {
    const jar = new Jar();
    const first = await visit(jar, '/company/about');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toMatch(/public/);
    const counted = await beacon(jar, first);
    expect(counted.status).toBe(200);
    // The beacon gave them a visitor id, for the API only.
    expect(jar.names()).toContain('visitor /api/');
    expect(jar.header('/company/about')).toEqual({});
    await visit(jar, '/');
    const again = await visit(jar, '/company/about');
    expect(again.status).toBe(200);
    expect(again.headers['x-cache-status']).toBe('HIT');
    // Their id still reaches the API: the next beacon sets no new one.
    const next = await beacon(jar, again);
    expect([next.headers['set-cookie'] ?? []].flat().filter((cookie) => cookie.startsWith('visitor='))).toEqual([]);
  });

  it('moves an old visitor cookie (sent with every page) to /api/, after which pages are shared again', async () => {
    const jar = new Jar();
    const page = await visit(new Jar(), '/company/about');
    const old = await beacon(jar, page);
    const id = [old.headers['set-cookie'] ?? []].flat().find((cookie) => cookie.startsWith('visitor='))!.split(';')[0]!;
    const legacy = new Jar();
    legacy.keep(`${id}; Path=/; HttpOnly`);
    const personal = await visit(legacy, '/company/about');
    expect(personal.headers['x-cache-status']).toBe('BYPASS');
    expect(personal.headers['cache-control']).toMatch(/private/);
    expect(legacy.names()).toEqual(['visitor /api/']);
    expect(legacy.header('/api/beacon')).toEqual({ cookie: id });
    expect((await visit(legacy, '/company/about')).headers['x-cache-status']).toBe('HIT');
  });

  it('keeps a visitor with recent queries on their own pages (BYPASS)', async () => {
    const jar = new Jar();
    jar.keep('recent-queries=abc; Path=/');
    expect((await visit(jar, '/company/about')).headers['x-cache-status']).toBe('BYPASS');
  });
});
