import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, startSiteProcess, stop, type Running } from '../../deploy/cluster.ts';
import { ensureClusterTools } from '../../scripts/ensure-cluster-tools.mjs';
import { CookieClient, signIn } from '../support/browserless.ts';

/**
 * A site process whose Redis (REDIS_URL) stops while it serves, then comes back (decision 0059):
 * the real redis-server, stopped and started again on the same port.
 */
const built = existsSync('build/server/index.js');
const tools = built ? ensureClusterTools() : { nginx: false, redis: false, problem: 'no build (npm run build)' };
const runnable = built && tools.redis;
if (!runnable) console.warn(`[redis-down tests] skipped: ${tools.problem ?? 'redis-server missing'}`);

let redis: Running;
let site: Running;
let redisPort: number;
let origin: string;
let dataDir: string;

beforeAll(async () => {
  if (!runnable) return;
  dataDir = mkdtempSync(path.join(tmpdir(), 'redis-down-'));
  redisPort = await freePort();
  const sitePort = await freePort();
  redis = await startRedis({ port: redisPort });
  origin = `http://127.0.0.1:${sitePort}`;
  site = await startSiteProcess({ name: 'site', port: sitePort, cwd: process.cwd(), env: { DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${redisPort}`, CATALOGUE_PRODUCTS: '2000', PUBLIC_ORIGIN: origin } });
}, 180_000);

afterAll(async () => {
  if (site) await stop(site);
  if (redis) await stop(redis);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function timed(url: string, init: RequestInit = {}) {
  const started = Date.now();
  const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  const body = await response.text();
  return { status: response.status, body, ms: Date.now() - started, retryAfter: response.headers.get('retry-after') };
}

describe.runIf(runnable)('Redis stops while the site serves', () => {
  it('keeps anonymous pages, refuses what needs it with a clear 503 and an error id in the log, and recovers', async () => {
    const visitor = new CookieClient(origin);
    await signIn(visitor, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    expect((await visitor.request('/')).status).toBe(200);

    await stop(redis);
    // Anonymous pages do not need Redis: a search page (facet freeze is skipped) and a content page.
    const search = await timed(`${origin}/searchresult?q=fuse`);
    expect(search.status).toBe(200);
    const about = await timed(`${origin}/company/about`);
    expect(about.status).toBe(200);
    // A signed-in visitor's page needs their session: 503, said in the page's language, with an error id.
    const signedIn = await timed(`${origin}/de/company/about`, { headers: { cookie: visitor.cookieHeader() } });
    console.info(`signed-in page with Redis down: ${signedIn.status} in ${signedIn.ms} ms`);
    expect(signedIn.status).toBe(503);
    expect(signedIn.retryAfter).toBeTruthy();
    expect(signedIn.body).toMatch(/lang="de"/);
    const errorId = /<code>([^<]+)<\/code>/.exec(signedIn.body)?.[1];
    expect(errorId, signedIn.body.slice(0, 2000)).toBeTruthy();
    expect(site.output.some((line) => line.includes(errorId!) && /Redis/.test(line))).toBe(true);
    // Signing in needs the provider's shared state: 503 too, not a hang.
    const signingIn = new CookieClient(origin);
    const loginStarted = Date.now();
    const loginPage = await signingIn.follow('/login?redirectTo=/', { signal: AbortSignal.timeout(15_000) });
    const login = { status: loginPage.status, body: await loginPage.text(), ms: Date.now() - loginStarted, retryAfter: loginPage.headers.get('retry-after') };
    console.info(`sign-in with Redis down: ${signingIn.hops.map((hop) => `${new URL(hop.url).pathname} ${hop.status}`).join(' -> ')} in ${login.ms} ms`);
    expect(login.status).toBe(503);
    // A form post is not held back by its rate limit's store: it reaches the form, which answers
    // for what was typed (the outbox it would write to is SQLite in DATA_DIR, not Redis).
    const post = await timed(`${origin}/company/contact`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: `_component=ContactUs&idempotencyKey=${randomUUID()}&email=not-an-address` });
    expect(post.status).toBe(422);
    for (const answer of [search, about, signedIn, login, post]) expect(answer.ms).toBeLessThan(10_000);

    redis = await startRedis({ port: redisPort });
    // Redis is back (empty: the session is gone with it, as a restarted store without a snapshot
    // would be): pages and sign-in work again.
    let back = 0;
    for (let attempt = 0; attempt < 40 && back !== 200; attempt += 1) {
      back = (await timed(`${origin}/company/about`, { headers: { cookie: visitor.cookieHeader() } })).status;
      if (back !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(back).toBe(200);
    const again = new CookieClient(origin);
    await signIn(again, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    expect((await again.request('/')).status).toBe(200);
  }, 120_000);
});
