import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startRedis, stop, type Running } from '../../deploy/cluster.ts';
import { ensureClusterTools } from '../../scripts/ensure-cluster-tools.mjs';
import { CookieClient, signIn } from '../support/browserless.ts';
import { builtSiteForTests } from '../support/built-site.ts';

/**
 * A site process whose Redis (REDIS_URL) stops while it serves, then comes back (decision 0059):
 * the real redis-server, stopped and started again on the same port.
 */
const built = existsSync('build/server/index.js');
const tools = built ? ensureClusterTools() : { nginx: false, redis: false, problem: 'no build (npm run build)' };
const runnable = built && tools.redis;
if (!runnable) console.warn(`[redis-down tests] skipped: ${tools.problem ?? 'redis-server missing'}`);

let redis: Running;
let redisPort: number;

beforeAll(async () => {
  if (!runnable) return;
  redisPort = await freePort();
  redis = await startRedis({ port: redisPort });
});

afterAll(async () => {
  if (redis) await stop(redis);
});

// Started once Redis runs (its port is read at the start).
const site = builtSiteForTests({ name: 'redis-down', runnable, env: ({ origin }) => ({ REDIS_URL: `redis://127.0.0.1:${redisPort}`, CATALOGUE_PRODUCTS: '2000', PUBLIC_ORIGIN: origin }) });

async function timed(url: string, init: RequestInit = {}) {
  const started = Date.now();
  const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  const body = await response.text();
  return { status: response.status, body, ms: Date.now() - started, retryAfter: response.headers.get('retry-after') };
}

describe.runIf(runnable)('Redis stops while the site serves', () => {
  it('keeps anonymous pages, refuses what needs it with a clear 503 and an error id in the log, and recovers', async () => {
    const visitor = new CookieClient(site.origin);
    await signIn(visitor, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    expect((await visitor.request('/')).status).toBe(200);

    await stop(redis);
    // Anonymous pages do not need Redis: a search page (facet freeze is skipped) and a content page.
    const search = await timed(`${site.origin}/searchresult?q=fuse`);
    expect(search.status).toBe(200);
    const about = await timed(`${site.origin}/company/about`);
    expect(about.status).toBe(200);
    // A signed-in visitor's page needs their session: 503, said in the page's language, with an error id.
    const signedIn = await timed(`${site.origin}/de/company/about`, { headers: { cookie: visitor.cookieHeader() } });
    console.info(`signed-in page with Redis down: ${signedIn.status} in ${signedIn.ms} ms`);
    expect(signedIn.status).toBe(503);
    expect(signedIn.retryAfter).toBeTruthy();
    expect(signedIn.body).toMatch(/lang="de"/);
    const errorId = /<code>([^<]+)<\/code>/.exec(signedIn.body)?.[1];
    expect(errorId, signedIn.body.slice(0, 2000)).toBeTruthy();
    expect(site.process.output.some((line) => line.includes(errorId!) && /Redis/.test(line))).toBe(true);
    // Signing in needs the provider's shared state: 503 too, not a hang.
    const signingIn = new CookieClient(site.origin);
    const loginStarted = Date.now();
    const loginPage = await signingIn.follow('/login?redirectTo=/', { signal: AbortSignal.timeout(15_000) });
    const login = { status: loginPage.status, body: await loginPage.text(), ms: Date.now() - loginStarted, retryAfter: loginPage.headers.get('retry-after') };
    console.info(`sign-in with Redis down: ${signingIn.hops.map((hop) => `${new URL(hop.url).pathname} ${hop.status}`).join(' -> ')} in ${login.ms} ms`);
    expect(login.status).toBe(503);
    // A form post is not held back by its rate limit's store: it reaches the form, which answers
    // for what was typed (the outbox it would write to is SQLite in DATA_DIR, not Redis).
    const post = await timed(`${site.origin}/company/contact`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.origin }, body: `_component=ContactUs&idempotencyKey=${randomUUID()}&email=not-an-address` });
    expect(post.status).toBe(422);
    for (const answer of [search, about, signedIn, login, post]) expect(answer.ms).toBeLessThan(10_000);

    redis = await startRedis({ port: redisPort });
    // Redis is back (empty: the session is gone with it, as a restarted store without a snapshot
    // would be): pages and sign-in work again.
    let back = 0;
    for (let attempt = 0; attempt < 40 && back !== 200; attempt += 1) {
      back = (await timed(`${site.origin}/company/about`, { headers: { cookie: visitor.cookieHeader() } })).status;
      if (back !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(back).toBe(200);
    const again = new CookieClient(site.origin);
    await signIn(again, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    expect((await again.request('/')).status).toBe(200);
  }, 120_000);
});
