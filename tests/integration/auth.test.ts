import { createCookie } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { type RunningSite } from '../../server/site.ts';
import { startDemoSite } from '../../standins/launcher.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { CookieClient, signIn } from '../support/browserless.ts';

// The built site with its embedded OpenID provider; remix-auth-oauth2 against oidc-provider over HTTP.
const site = demoSiteForSuite();
const shortSite = demoSiteForSuite({ SESSION_MAX_AGE_SECONDS: '1', CATALOGUE_PRODUCTS: '2000' });

const ACCOUNTS = [
  { email: 'admin@corp.example', password: 'admin-password', name: 'Ada Admin' },
  { email: 'staff@corp.example', password: 'staff-password', name: 'Sam Staff' },
  { email: 'buyer@customer.example', password: 'buyer-password', name: 'Bea Buyer' },
];

describe.runIf(built)('sign-in with OpenID Connect (issue 7)', () => {
  it('answers a discovery document whose issuer is {origin}/oidc, with S256 PKCE and a JWKS', async () => {
    const discovery = (await (await fetch(`${site.url}/oidc/.well-known/openid-configuration`)).json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(`${site.url}/oidc`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.scopes_supported).toEqual(expect.arrayContaining(['openid', 'groups', 'offline_access']));
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as { keys: unknown[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
  });

  it.each(ACCOUNTS)('signs $email in from a deep link and lands back on it, with a safe session cookie', async (account) => {
    const client = new CookieClient(site.url);
    const landing = await signIn(client, { ...account, redirectTo: '/company/about?from=test' });
    expect(landing.status).toBe(200);
    expect(new URL(client.hops.at(-1)!.url).pathname + new URL(client.hops.at(-1)!.url).search).toBe('/company/about?from=test');
    const html = await landing.text();
    expect(html).toContain(account.name);
    const sessionCookie = client.hops.length && (await fetch(`${site.url}/`, { headers: { cookie: client.cookieHeader() } })).headers;
    expect(sessionCookie).toBeTruthy();
    expect(client.cookies.has('session')).toBe(true);
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, and a new session id on every sign-in', async () => {
    const client = new CookieClient(site.url);
    const login = await client.follow('/login?redirectTo=%2F');
    const action = /<form method="post" action="([^"]+)"/.exec(await login.text())![1]!.replaceAll('&amp;', '&');
    let response = await client.request(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: 'buyer@customer.example', password: 'buyer-password' }) });
    let sessionLine: string | undefined;
    for (let n = 0; n < 10 && response.status >= 300 && response.status < 400; n += 1) {
      sessionLine ??= response.headers.getSetCookie().find((line) => line.startsWith('session='));
      response = await client.request(new URL(response.headers.get('location')!, response.url || site.url).toString());
    }
    expect(sessionLine).toMatch(/HttpOnly/i);
    expect(sessionLine).toMatch(/SameSite=Lax/i);
    const first = client.cookies.get('session');
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    expect(client.cookies.get('session')).not.toBe(first);
    // The session it replaced is over: its cookie no longer signs anyone in.
    expect(await (await fetch(`${site.url}/`, { headers: { cookie: `session=${first}` } })).text()).not.toContain('Bea Buyer');
  });

  // remix-auth-oauth2 names its state cookie per attempt (`oauth2-state:<id>`): a completed
  // sign-in must not leave it behind for its ten minutes.
  it('leaves no sign-in attempt cookie behind once signed in', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    expect(client.cookies.has('session')).toBe(true);
    expect([...client.cookies.keys()].filter((name) => name.startsWith('oauth2-state') || name === 'sign-in')).toEqual([]);
  });

  it('refuses a wrong password and keeps the e-mail typed', async () => {
    const client = new CookieClient(site.url);
    const page = await signIn(client, { email: 'buyer@customer.example', password: 'wrong', redirectTo: '/' });
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('value="buyer@customer.example"');
    expect(html).toContain('role="alert"');
    expect(client.cookies.has('session')).toBe(false);
  });

  it('sends a never-signed-in visitor of a protected page to sign-in, and lets a signed-in one in', async () => {
    const anonymous = await fetch(`${site.url}/request-sample/SampleList`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?redirectTo=%2Frequest-sample%2FSampleList');
    const client = new CookieClient(site.url);
    const page = await signIn(client, { email: 'staff@corp.example', password: 'staff-password', redirectTo: '/request-sample/SampleList' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
  });

  it('keeps the partner portal to its groups', async () => {
    const buyer = new CookieClient(site.url);
    expect((await signIn(buyer, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/partner-portal' })).status).toBe(200);
  });

  it('follows only same-origin paths after sign-in', async () => {
    const evil = await fetch(`${site.url}/login?redirectTo=https://evil.example/`, { redirect: 'manual' });
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: 'https://evil.example/' });
    expect(new URL(client.hops.at(-1)!.url).origin).toBe(site.url);
    expect(new URL(client.hops.at(-1)!.url).pathname).toBe('/');
    expect(evil.status).toBe(302);
    const other = new CookieClient(site.url);
    await signIn(other, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '//evil.example/x' });
    expect(new URL(other.hops.at(-1)!.url).toString()).toBe(`${site.url}/`);
  });

  it('refuses a callback with a wrong state, creating no session', async () => {
    const client = new CookieClient(site.url);
    const start = await client.request('/login?redirectTo=%2F');
    expect(start.status).toBe(302);
    const forged = await client.request('/login/callback?code=abc&state=forged');
    expect(forged.status).toBe(400);
    expect(client.cookies.has('session')).toBe(false);
  });

  it('refuses a callback in the language the sign-in started from, and starts again from the same page', async () => {
    for (const [from, lang, title, text] of [
      ['/de/company/about', 'de', 'Anmeldung nicht abgeschlossen', 'Der Antwort des Anmeldedienstes konnte nicht vertraut werden'],
      ['/ja-jp/products?page=2', 'ja-JP', 'サインインが完了しませんでした', ''],
    ] as const) {
      const client = new CookieClient(site.url);
      expect((await client.request(`/login?${new URLSearchParams({ redirectTo: from })}`)).status).toBe(302);
      const forged = await client.request('/login/callback?code=abc&state=forged');
      expect(forged.status).toBe(400);
      const html = await forged.text();
      expect(html, from).toContain(`<html lang="${lang}"`);
      expect(html, from).toContain(`<h1>${title}</h1>`);
      expect(html, from).toContain(text);
      expect(html, from).toContain(`href="/login?${new URLSearchParams({ redirectTo: from }).toString().replaceAll('&', '&amp;')}"`);
      // Reloaded, the spent attempt still says the language (and can complete nothing).
      const again = await client.request('/login/callback?code=abc&state=forged');
      expect(again.status).toBe(400);
      expect(await again.text(), from).toContain(`<html lang="${lang}"`);
      expect(client.cookies.has('session')).toBe(false);
    }
  });

  it('says an attempt that took too long has expired, in the language it started from', async () => {
    // The attempt as /login leaves it, started eleven minutes ago (an attempt is good for ten).
    const attempt = createCookie('sign-in', { path: '/login', httpOnly: true, sameSite: 'lax', secrets: [site.config.auth.sessionSecret] });
    const cookie = await attempt.serialize({ nonce: 'n'.repeat(22), redirectTo: '/de/support/faq', startedAt: Date.now() - 11 * 60_000 });
    const expired = await fetch(`${site.url}/login/callback?code=abc&state=whatever`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(expired.status).toBe(400);
    const html = await expired.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('Diese Anmeldung hat zu lange gedauert');
    expect(html).toContain(`href="/login?redirectTo=%2Fde%2Fsupport%2Ffaq"`);
    // Without any attempt, the callback knows no language: English, the default.
    const unknown = await (await fetch(`${site.url}/login/callback`)).text();
    expect(unknown).toContain('<html lang="en"');
    expect(unknown).toContain('href="/login"');
  });

  it('signs out here and at the provider', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'staff@corp.example', password: 'staff-password', redirectTo: '/' });
    const out = await client.request('/logout', { method: 'POST' });
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toMatch(/\/oidc\/session\/end\?id_token_hint=/);
    expect(client.cookies.has('session')).toBe(false);
    const home = await (await client.follow('/')).text();
    expect(home).not.toContain('Sam Staff');
  });

  it('keeps nothing personal in the session cookie: it is an id, the data stays on the server', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    const raw = decodeURIComponent(client.cookies.get('session')!);
    // Whatever the cookie's parts are, none of them decodes to anything of the user's.
    const decoded = raw.split('.').map((part) => Buffer.from(part, 'base64').toString('utf8')).join(' ') + raw;
    for (const personal of ['buyer@customer.example', 'Bea', 'Buyer', '555', 'groups', 'External-User', 'profile']) expect(decoded).not.toContain(personal);
    expect(raw.length).toBeLessThan(200);
    expect(await (await client.follow('/')).text()).toContain('Bea Buyer');
  });

  it('refuses a copied session cookie once its session has signed out', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'staff@corp.example', password: 'staff-password', redirectTo: '/' });
    const copied = client.cookieHeader();
    expect(await (await fetch(`${site.url}/`, { headers: { cookie: copied } })).text()).toContain('Sam Staff');
    expect((await client.request('/logout', { method: 'POST', headers: { origin: site.url } })).status).toBe(302);
    const replayed = await fetch(`${site.url}/`, { headers: { cookie: copied } });
    expect(await replayed.text()).not.toContain('Sam Staff');
    const protectedPage = await fetch(`${site.url}/request-sample/SampleList`, { headers: { cookie: copied }, redirect: 'manual' });
    expect(protectedPage.status).toBe(302);
    expect(protectedPage.headers.get('location')).toBe('/login?redirectTo=%2Frequest-sample%2FSampleList');
  });

  it('refuses a sign-out posted from another site (403), and the session goes on', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    for (const headers of <Array<Record<string, string>>>[{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site', origin: 'http://shop.localhost' }]) {
      const out = await client.request('/logout', { method: 'POST', headers });
      expect(out.status).toBe(403);
      expect(await out.text()).toMatch(/own pages/);
      expect(client.cookies.has('session')).toBe(true);
    }
    expect(await (await client.follow('/')).text()).toContain('Bea Buyer');
    expect((await client.request('/logout', { method: 'POST', headers: { origin: site.url, 'sec-fetch-site': 'same-origin' } })).status).toBe(302);
  });

  it('throttles password guesses per account and client address: the sixth within 15 minutes is told to wait, in the page language', async () => {
    const client = new CookieClient(site.url);
    const login = await client.follow('/login?redirectTo=%2Fde%2Fcompany%2Fabout');
    const action = new URL(/<form method="post" action="([^"]+)"/.exec(await login.text())![1]!.replaceAll('&amp;', '&'), client.hops.at(-1)!.url).toString();
    // A client address of its own (the site trusts its loopback proxy), so other tests are not slowed.
    const post = (password: string, address = '203.0.113.7') =>
      client.request(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address }, body: new URLSearchParams({ email: 'Buyer@Customer.example', password }) });
    for (let n = 0; n < 5; n += 1) expect((await post('wrong-guess')).status).toBe(401);
    const throttled = await post('wrong-guess');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await throttled.text();
    expect(html).toContain('lang="de"');
    expect(html).toMatch(/Zu viele Anmeldeversuche/);
    // Even the right password waits: the guesser must not learn it was right.
    expect((await post('buyer-password')).status).toBe(429);
    // Another address is not held back by this one.
    const other = await post('buyer-password', '203.0.113.8');
    expect(other.status).toBe(303);
  });

  it('shows the Auth required dialog, and none of the page, when a session has expired', async () => {
    const client = new CookieClient(shortSite.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const page = await client.request('/partner-portal');
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('Do you want to re-authenticate?');
    expect(html).not.toContain('Welcome to the partner portal');
  });

  it('returns secured documents to a signed-in user, never to an anonymous one', async () => {
    // Product change notices are secured documents in the generated catalogue.
    const query = '/searchresult?f.resourcetype=Product+Change+Notice';
    const anonymous = await (await fetch(`${site.url}${query}`)).text();
    expect(anonymous).toContain('data-total="0"');
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    const signedIn = await (await client.follow(query)).text();
    const count = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1]);
    expect(count(signedIn)).toBeGreaterThan(count(anonymous));
  });

  it('serves a secured document only to a signed-in visitor; an anonymous one goes to sign-in', async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    const html = await (await client.follow('/searchresult?f.resourcetype=Product+Change+Notice')).text();
    const secured = /href="(\/media\/resources\/[^"]+\.pdf)"/.exec(html)![1]!;
    const forMember = await client.request(secured);
    expect(forMember.status).toBe(200);
    expect(forMember.headers.get('content-type')).toBe('application/pdf');
    expect(forMember.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await forMember.arrayBuffer()).subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const anonymous = await fetch(`${site.url}${secured}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/login?${new URLSearchParams({ redirectTo: secured })}`);

    // Its preview (the Search API's /html) too: with the user's own search token, never anonymously.
    const preview = /href="(\/api\/search\/preview\?[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const memberPreview = await client.request(preview);
    expect(memberPreview.status).toBe(200);
    expect(memberPreview.headers.get('cache-control')).toContain('no-store');
    expect(await memberPreview.text()).toContain('<h1>');
    expect((await fetch(`${site.url}${preview}`)).status).toBe(404);

    const open = await fetch(`${site.url}/media/resources/datasheet/0451-datasheet.pdf`);
    expect(open.status).toBe(200);
    expect((await fetch(`${site.url}/media/resources/../../etc/passwd.pdf`)).status).toBe(404);
  });
});

describe.runIf(built)('sign-in against a provider elsewhere, found by discovery (OIDC_ISSUER)', () => {
  it('signs in through an issuer on another origin', async () => {
    const { createServer } = await import('node:net');
    const freePort = () =>
      new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number };
          probe.close(() => resolve(port));
        });
      });
    const [providerPort, sitePort] = [await freePort(), await freePort()];
    const express = (await import('express')).default;
    const { createEmbeddedProvider } = await import('../../standins/oidc/provider.ts');
    const provider = await createEmbeddedProvider({ origin: `http://127.0.0.1:${providerPort}`, clientOrigin: `http://127.0.0.1:${sitePort}`, clientId: 'other-site', clientSecret: 'other-secret-123', accessTokenTtl: 600, secureCookies: false });
    const app = express();
    app.use(provider.router);
    const server = app.listen(providerPort, '127.0.0.1');
    const other = await startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: String(sitePort), OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: 'other-site', OIDC_CLIENT_SECRET: 'other-secret-123' }));
    try {
      expect((await fetch(`${other.url}/oidc/.well-known/openid-configuration`)).status).toBe(404);
      const client = new CookieClient(other.url);
      const page = await signIn(client, { email: 'staff@corp.example', password: 'staff-password', redirectTo: '/company/about' });
      expect(page.status).toBe(200);
      expect(client.hops.some((hop) => hop.url.startsWith(provider.issuer))).toBe(true);
      expect(await page.text()).toContain('Sam Staff');
    } finally {
      await other.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe.runIf(built)('sessions kept on the server, in DATA_DIR', () => {
  it('survive a restart, and are shared by two processes on one DATA_DIR: a sign-out in one ends it in the other', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sessions-'));
    const env = { NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, SESSION_SECRET: 'a-test-session-secret-of-32-chars', CATALOGUE_PRODUCTS: '2000' };
    const first = await startDemoSite(loadConfig(env));
    let second: RunningSite | undefined;
    try {
      const client = new CookieClient(first.url);
      await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
      second = await startDemoSite(loadConfig(env));
      const cookie = client.cookieHeader();
      expect(await (await fetch(`${second.url}/`, { headers: { cookie } })).text()).toContain('Bea Buyer');
      // Ended by the first process (its provider's end-session step aside), refused by the second.
      expect((await client.request('/logout', { method: 'POST' })).status).toBe(302);
      expect(await (await fetch(`${second.url}/`, { headers: { cookie } })).text()).not.toContain('Bea Buyer');
    } finally {
      await first.close();
      await second?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
