import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { clusterRunnable, clusterForTests } from '../support/test-cluster.ts';
import { CookieClient, signIn } from '../support/browserless.ts';

/**
 * The page editor through `start:cluster`'s parts (issue 28, decision 0075): two site processes on
 * one content folder and DATA_DIR, Redis, nginx with its page cache in front. A page published
 * through process A is served by process B and by nginx, whose copy was a cache hit before, within
 * a second; so is an unpublish through B. Started by tests/support/test-cluster.ts, as cluster.test.ts is.
 */
const runnable = clusterRunnable('cluster publish tests');
const running = clusterForTests({ runnable, name: 'cluster-publish', ownContent: true });
let content: string;
let publicOrigin: string;
let a: string;
let b: string;
beforeAll(() => {
  if (runnable) ({ content = '', publicOrigin, a, b } = running);
});

/** A request to one process as nginx would pass it on (the public host forwarded). */
function toProcess(instance: string, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-host', new URL(publicOrigin).host);
  headers.set('x-forwarded-proto', 'http');
  return fetch(`${instance}${pathname}`, { ...init, headers, redirect: 'manual' });
}

const headingIn = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

/** What an anonymous visitor gets through nginx: the page's heading (or its status) and whether nginx's cache answered. */
async function throughNginx(pathname: string): Promise<{ status: number; heading?: string; cache: string | null }> {
  const response = await fetch(`${publicOrigin}${pathname}`);
  const html = await response.text();
  const heading = headingIn(html);
  return { status: response.status, ...(heading ? { heading } : {}), cache: response.headers.get('x-cache-status') };
}

describe.runIf(runnable)('publishing through a cluster behind nginx', () => {
  it('publishes through process A: process B and nginx serve the new page within a second, and nginx keeps it again', async () => {
    // nginx holds the published page (a second request is a hit).
    await throughNginx('/company/about');
    expect(await throughNginx('/company/about')).toMatchObject({ status: 200, heading: 'About Voltaris Components', cache: 'HIT' });

    // The editor signs in through the front; the session is the cluster's (Redis), so any process takes it.
    const editor = new CookieClient(publicOrigin);
    await signIn(editor, { email: 'editor@corp.example', password: 'editor-password', redirectTo: '/' });
    const cookie = editor.cookieHeader();
    const opened = await toProcess(a, '/edit/company/about', { headers: { cookie } });
    expect(opened.status).toBe(200);
    const base = /name="base" value="([^"]+)"/.exec(await opened.text())?.[1];
    const page = { placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'about-hero', fields: { heading: 'Published through A' } }] } };
    const published = await toProcess(a, '/edit/company/about', {
      method: 'POST',
      headers: { cookie, origin: publicOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'publish', page: JSON.stringify(page), base: base! }),
    });
    expect(published.status).toBe(200);

    // Visitors through nginx at once, each on an address of its own (the query is part of nginx's key):
    // nginx asks A and B in turn, and B has not yet seen the file change.
    const addresses = Array.from({ length: 8 }, (_, n) => `/company/about?visitor=${n}`);
    await Promise.all(addresses.map((address) => throughNginx(address)));
    // Within a second of the publish: B, and every one of those addresses through nginx.
    await expect.poll(async () => headingIn(await (await toProcess(b, '/company/about')).text()), { timeout: 1000, interval: 50 }).toBe('Published through A');
    await expect.poll(async () => (await throughNginx('/company/about')).heading, { timeout: 1000, interval: 50 }).toBe('Published through A');
    await expect
      .poll(async () => Promise.all(addresses.map(async (address) => (await throughNginx(address)).heading)), { timeout: 1000, interval: 50 })
      .toEqual(addresses.map(() => 'Published through A'));
    // Whichever process nginx asks, and whatever it kept meanwhile: every later visitor gets the new page.
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (let n = 0; n < 6; n += 1) expect((await throughNginx('/company/about')).heading).toBe('Published through A');
    expect((await throughNginx('/company/about')).cache).toBe('HIT');
    // Remix's data requests for the page (client navigation) too.
    expect(await (await fetch(`${publicOrigin}/company/about.data`)).text()).toContain('Published through A');
  });

  it('unpublishes through process B: process A and nginx answer 404 within a second, and nginx\'s copy of the home page loses the link', async () => {
    const visitorHome = async () => (await (await fetch(`${publicOrigin}/`)).text()).includes('href="/company/careers"');
    await visitorHome();
    expect(await visitorHome()).toBe(true);
    expect((await throughNginx('/company/careers')).status).toBe(200);

    const editor = new CookieClient(publicOrigin);
    await signIn(editor, { email: 'editor@corp.example', password: 'editor-password', redirectTo: '/' });
    const cookie = editor.cookieHeader();
    const base = /name="base" value="([^"]+)"/.exec(await (await toProcess(b, '/edit/company/careers', { headers: { cookie } })).text())?.[1];
    const unpublished = await toProcess(b, '/edit/company/careers', {
      method: 'POST',
      headers: { cookie, origin: publicOrigin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'unpublish', base: base! }),
    });
    expect(unpublished.status).toBe(200);

    await expect.poll(async () => (await toProcess(a, '/company/careers')).status, { timeout: 1000, interval: 50 }).toBe(404);
    await expect.poll(async () => (await throughNginx('/company/careers')).status, { timeout: 1000, interval: 50 }).toBe(404);
    await expect.poll(visitorHome, { timeout: 1000, interval: 50 }).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    for (let n = 0; n < 4; n += 1) expect(await visitorHome()).toBe(false);
  });

  it('serves a content file changed by hand (a deploy, an editor\'s text editor) through nginx within a second: every process empties its cache when it rereads', async () => {
    await throughNginx('/company/quality');
    expect(await throughNginx('/company/quality')).toMatchObject({ heading: 'Quality and certifications', cache: 'HIT' });
    const file = path.join(content, 'routes', 'company', 'quality', 'en.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('heading: "Quality and certifications"', 'heading: "Quality, changed on disk"'));
    await expect.poll(async () => (await throughNginx('/company/quality')).heading, { timeout: 1000, interval: 50 }).toBe('Quality, changed on disk');
  });
});
