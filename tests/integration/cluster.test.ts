import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSiteProcess, stop, type Cluster } from '../../deploy/cluster.ts';
import { clusterRunnable, clusterForTests } from '../support/test-cluster.ts';

/**
 * Two site processes on one DATA_DIR and one Redis, behind nginx (issue 20 items 3 and 4), all
 * started on spare ports (tests/support/test-cluster.ts). Requests meant for "instance A" or "B"
 * go to that process's own port with the headers nginx would set (X-Forwarded-Host: the public
 * host), so each step of a flow can be sent to the process the test chooses, as a load balancer
 * might.
 */
const SEARCH_LIMIT = 30;
const FORM_LIMIT = 8;
const env = {
  CATALOGUE_PRODUCTS: '2000',
  SEARCH_RATE_LIMIT_PER_MINUTE: String(SEARCH_LIMIT),
  FORM_RATE_LIMIT_PER_MINUTE: String(FORM_LIMIT),
  // Shorter than the minute ahead of expiry at which the site refreshes: every signed-in page refreshes.
  OIDC_ACCESS_TOKEN_TTL: '30',
};

const runnable = clusterRunnable('cluster tests');
const running = clusterForTests({ runnable, name: 'cluster', env });
let cluster: Cluster;
let dataDir: string;
let publicOrigin: string;
let a: string;
let b: string;
beforeAll(() => {
  if (runnable) ({ cluster, dataDir, publicOrigin, a, b } = running);
});

/** A browser on the public origin whose every request is sent to the instance the test names. */
class Visitor {
  readonly cookies = new Map<string, string>();
  readonly log: string[] = [];

  constructor(private readonly headers: Record<string, string> = {}) {}

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(instance: string, url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, publicOrigin);
    if (target.origin !== publicOrigin) throw new Error(`left the site: ${target}`);
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) headers.set(name, value);
    headers.set('x-forwarded-host', new URL(publicOrigin).host);
    headers.set('x-forwarded-proto', 'http');
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const response = await fetch(`${instance}${target.pathname}${target.search}`, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    this.log.push(`${instance === a ? 'A' : 'B'} ${init.method ?? 'GET'} ${target.pathname} -> ${response.status}`);
    return response;
  }

  /** Follows redirects, each hop through the next instance of `instances` (round robin). */
  async follow(instances: string[], url: string, init: RequestInit = {}): Promise<Response> {
    let turn = 0;
    const next = () => instances[turn++ % instances.length]!;
    let current = new URL(url, publicOrigin).toString();
    let response = await this.request(next(), current, init);
    for (let hop = 0; hop < 15 && response.status >= 300 && response.status < 400; hop += 1) {
      current = new URL(response.headers.get('location')!, current).toString();
      await response.body?.cancel();
      response = await this.request(next(), current);
    }
    return response;
  }
}

/** Sign-in with every step sent to the other instance than the step before. */
async function signInAcross(visitor: Visitor, account: { email: string; password: string }, redirectTo: string) {
  const login = await visitor.follow([a, b], `/login?${new URLSearchParams({ redirectTo })}`);
  const html = await login.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form: ${visitor.log.join(', ')}\n${html.slice(0, 300)}`);
  return visitor.follow([b, a], action.replaceAll('&amp;', '&'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(account),
  });
}

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.runIf(runnable)('two site processes, one site (shared Redis and DATA_DIR)', () => {
  it('signs in with the embedded provider through A and B in turn, and the session works on both; sign-out on one ends it on the other', async () => {
    const visitor = new Visitor();
    const landing = await signInAcross(visitor, { email: 'buyer@customer.example', password: 'buyer-password' }, '/request-sample/SampleList');
    expect(landing.status, visitor.log.join('\n')).toBe(200);
    // Both instances served steps of the provider's flow and of the site's callback.
    expect(visitor.log.some((line) => line.startsWith('A GET /oidc/'))).toBe(true);
    expect(visitor.log.some((line) => line.startsWith('B GET /oidc/'))).toBe(true);
    expect(await landing.text()).toContain('Bea Buyer');
    for (const instance of [a, b]) {
      const page = await visitor.request(instance, '/request-sample/SampleList');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Bea Buyer');
    }
    const cookie = visitor.cookies.get('session');
    expect((await visitor.request(b, '/logout', { method: 'POST' })).status).toBe(302);
    const after = await fetch(`${a}/request-sample/SampleList`, { headers: { cookie: `session=${cookie}`, 'x-forwarded-host': new URL(publicOrigin).host }, redirect: 'manual' });
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toContain('/login');
  });

  it('keeps provider tokens in Redis: after a restart of A, A refreshes them with the refresh token B obtained', async () => {
    const visitor = new Visitor();
    expect((await signInAcross(visitor, { email: 'staff@corp.example', password: 'staff-password' }, '/')).status).toBe(200);
    const redis = new Redis(cluster.redisUrl);
    try {
      const tokensNow = async () => {
        const keys = await redis.keys('site:session-tokens:*');
        const values = await Promise.all(keys.map((key) => redis.get(key)));
        return values.map((value) => JSON.parse(value!) as { accessToken: string; refreshToken?: string; idToken: string });
      };
      const before = await tokensNow();
      expect(before.length).toBeGreaterThan(0);
      const siteA = cluster.sites[0]!;
      await stop(siteA.process);
      siteA.process = await startSiteProcess({ name: 'site-1', port: siteA.port, cwd: process.cwd(), env: { ...env, DATA_DIR: dataDir, PUBLIC_ORIGIN: publicOrigin, REDIS_URL: cluster.redisUrl } });
      // The access token lives 30 s, so the page refreshes it: through the provider (any instance).
      const page = await visitor.request(a, '/');
      expect(await page.text()).toContain('Sam Staff');
      const after = await tokensNow();
      const changed = after.filter((tokens) => !before.some((old) => old.accessToken === tokens.accessToken));
      expect(changed.length, siteA.process.output.filter((line) => line.includes('refresh')).join('\n')).toBeGreaterThan(0);
      expect(siteA.process.output.some((line) => line.includes('token refresh refused'))).toBe(false);
    } finally {
      redis.disconnect();
    }
  });

  it('counts failed passwords over both instances: the sixth try for one account is held back wherever it goes', async () => {
    const visitor = new Visitor({ 'x-forwarded-for': '10.55.0.1' });
    const login = await visitor.follow([a, b], '/login?redirectTo=%2F');
    const action = /<form method="post" action="([^"]+)"/.exec(await login.text())![1]!.replaceAll('&amp;', '&');
    const attempt = (instance: string) =>
      visitor.request(instance, action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: 'admin@corp.example', password: 'guess' }) });
    const statuses = [];
    for (const instance of [a, b, a, b, a]) statuses.push((await attempt(instance)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const held = await attempt(b);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('keeps a form posted to A and retried through B as one submission, delivered once', async () => {
    const visitor = new Visitor({ 'x-forwarded-for': '10.55.0.2' });
    const page = await (await visitor.request(a, '/supplier-area')).text();
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page)![1]!;
    const form = { _component: 'EnquiryForm', idempotencyKey: key, name: 'Clu Ster', email: 'cluster@vendor.example', supplierNumber: 'S-2020', notificationType: 'lead-time', details: 'Lead time for 0453 bodies goes to 12 weeks from January.' };
    const post = (instance: string) => visitor.request(instance, '/supplier-area', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
    const first = await post(a);
    const retried = await post(b);
    expect(first.status).toBe(303);
    expect(retried.status).toBe(303);
    expect(retried.headers.get('location')).toBe(first.headers.get('location'));
    const listing = async (instance: string) =>
      ((await (await fetch(`${instance}/marketing-forms/submissions?formGuid=0f3c2a10-supplier-notification`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { submissions: Array<{ email: string }> }).submissions.filter(
        (submission) => submission.email === 'cluster@vendor.example',
      );
    await until(async () => (await listing(a)).length > 0);
    // Both delivery loops have had several rounds since: still one.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await listing(a)).toHaveLength(1);
    expect(await listing(b)).toHaveLength(1);
  });

  it('shares the form rate limit: posts split over A and B are refused at the limit', async () => {
    const visitor = new Visitor({ 'x-forwarded-for': '10.55.0.3' });
    const statuses: number[] = [];
    for (let n = 0; n <= FORM_LIMIT; n += 1) {
      const response = await visitor.request(n % 2 ? b : a, '/company/contact', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1' });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, FORM_LIMIT).every((status) => status !== 429)).toBe(true);
    expect(statuses[FORM_LIMIT]).toBe(429);
  });

  it('shows on B the results a visitor opened through A (recent results)', async () => {
    const { createCookie } = await import('@remix-run/node');
    const visitorId = '0f5c8e2a-3b1d-4c6e-9a7f-2d4b6c8e0a1c';
    const visitor = new Visitor();
    visitor.cookies.set('visitor', (await createCookie('visitor').serialize(visitorId)).split(';')[0]!.split('=')[1]!);
    const click = await visitor.request(a, `/api/search/click?${new URLSearchParams({ pos: '1', id: 'cluster-doc-1', uri: '/company/about', title: 'Opened through instance A', lang: 'en' })}`, { method: 'POST' });
    expect(click.status).toBe(204);
    const page = await visitor.request(b, '/searchresult?q=fuse');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Opened through instance A');
  });

  it('shares the search rate limit per visitor: requests split over A and B are refused at the limit', async () => {
    const call = (instance: string, visitor: string) =>
      fetch(`${instance}/rest/search/v2/fields?organizationId=local`, { headers: { authorization: 'Bearer local-search-token', 'x-forwarded-for': visitor } });
    const statuses: number[] = [];
    for (let n = 0; n < SEARCH_LIMIT; n += 1) statuses.push((await call(n % 2 ? b : a, '10.66.0.1')).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await call(a, '10.66.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another visitor is not held back.
    expect((await call(b, '10.66.0.2')).status).toBe(200);
  });
});

describe.runIf(runnable)('behind nginx', () => {
  const origin = () => cluster.url;

  it('refuses a Host that is not the site\'s, and such a request leaves nothing in the cache', async () => {
    const { request } = await import('node:http');
    const get = (host: string, pathName: string) =>
      new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
        const url = new URL(origin());
        const req = request({ host: url.hostname, port: url.port, path: pathName, headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
        });
        req.on('error', reject);
        req.end();
      });
    const forged = await get('evil.example', '/company/about?host-test');
    expect(forged.status).toBe(421);
    const real = await get(new URL(origin()).host, '/company/about?host-test');
    expect(real.status).toBe(200);
    expect(real.body).not.toContain('evil.example');
  });

  it('ignores a forged X-Forwarded-Host: canonical and hreflang name the public origin, and the cached copy is clean', async () => {
    const forged = await fetch(`${origin()}/company/about?xfh-test`, { headers: { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' } });
    const html = await forged.text();
    expect(forged.status).toBe(200);
    expect(html).not.toContain('evil.example');
    expect(html).toContain(`<link rel="canonical" href="${publicOrigin}/company/about"`);
    expect(html).toContain(`rel="alternate" hrefLang="de" href="${publicOrigin}/de/company/about"`);
    // What the forged request made is the copy others get: and it is clean.
    const again = await fetch(`${origin()}/company/about?xfh-test`);
    expect(again.headers.get('x-cache-status')).toBe('HIT');
    expect(await again.text()).not.toContain('evil.example');
  });

  it('uses the public origin for canonical and hreflang even when a process is asked directly under its own address', async () => {
    const html = await (await fetch(`${a}/company/about`)).text();
    expect(html).toContain(`<link rel="canonical" href="${publicOrigin}/company/about"`);
    expect(html).not.toContain(`href="${a}/`);
  });

  it('serves an anonymous page from its cache (X-Cache-Status HIT), never for a request with a session cookie', async () => {
    const url = `${origin()}/company/about?cache-test`;
    const first = await fetch(url);
    await first.text();
    expect(first.headers.get('cache-control')).toMatch(/public/);
    const second = await fetch(url);
    await second.text();
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    const visitor = new Visitor();
    await signInAcross(visitor, { email: 'buyer@customer.example', password: 'buyer-password' }, '/');
    const personal = await fetch(url, { headers: { cookie: visitor.cookieHeader() } });
    const body = await personal.text();
    expect(personal.headers.get('x-cache-status')).toBe('BYPASS');
    expect(body).toContain('Bea Buyer');
    // And what that visitor was shown was not kept for others.
    const later = await fetch(url);
    expect(await later.text()).not.toContain('Bea Buyer');
  });

  it('never answers a Sitecore Pages editing request from its cache (issue 32)', async () => {
    const url = `${publicOrigin}/api/editing/render?secret=local-editing-secret&sc_site=website&sc_lang=de&route=%2Fcompany%2Fabout&mode=edit`;
    for (let round = 0; round < 3; round += 1) {
      const response = await fetch(url, { headers: { origin: 'https://pages.sitecorecloud.io' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-cache-status')).not.toBe('HIT');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await response.text()).toContain('chrometype="rendering"');
    }
  });

  it('serves the build\'s assets itself, precompressed and immutable', async () => {
    const html = await (await fetch(`${origin()}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)![0];
    const response = await fetch(`${origin()}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('x-request-id')).toBeNull();
  });
});
