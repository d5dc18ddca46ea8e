import { existsSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startSite, type RunningSite } from '../../server/site.ts';

// Page copies for visitors without cookies (decision 0031), on the built site over real HTTP.
const built = existsSync('build/server/index.js');
let site: RunningSite;

beforeAll(async () => {
  if (built) site = await startSite(loadConfig({ NODE_ENV: 'production', PORT: '0', PAGE_CACHE_SECONDS: '60' }));
});
afterAll(async () => {
  await site?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${path}`, { headers, redirect: 'manual' });
  return { response, html: await response.text() };
}

function nonceOf(response: Response): string {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  expect(nonce).toBeDefined();
  return nonce!;
}

function visitorOf(response: Response): string | undefined {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('visitor='));
  return cookie ? (JSON.parse(atob(decodeURIComponent(cookie.split(';')[0]!.slice('visitor='.length)))) as string) : undefined;
}

async function eventsOf(visitor: string): Promise<Array<{ kind: string; body: Record<string, unknown> }>> {
  const response = await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=500`, { headers: { authorization: 'Bearer local-search-token' } });
  const { recent } = (await response.json()) as { recent: Array<{ kind: string; body: Record<string, unknown> }> };
  return recent.filter((event) => event.body.clientId === visitor);
}

describe.runIf(built)('page copies for visitors without cookies', () => {
  it('serves a copy with its own CSP nonce, its own visitor id and its own analytics events', async () => {
    const first = await get('/searchresult?q=relay', { 'user-agent': 'first-visitor' });
    const second = await get('/searchresult?q=relay', { 'user-agent': 'second-visitor', referer: 'https://partner.example/list' });
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('x-page-copy')).toBeNull();
    expect(second.response.headers.get('x-page-copy')).toBe('hit');

    // A nonce per response, in the header and in every script of that response only.
    const [firstNonce, secondNonce] = [nonceOf(first.response), nonceOf(second.response)];
    expect(secondNonce).not.toBe(firstNonce);
    const scriptNonces = (html: string) => [...new Set([...html.matchAll(/<script[^>]*nonce="([^"]+)"/g)].map((m) => m[1]))];
    expect(scriptNonces(first.html)).toEqual([firstNonce]);
    expect(scriptNonces(second.html)).toEqual([secondNonce]);
    expect(second.html.replaceAll(secondNonce, 'N')).toBe(first.html.replaceAll(firstNonce, 'N'));

    // The shared cookie (recent queries) travels with the copy; the visitor id never does.
    expect(second.response.headers.getSetCookie().some((c) => c.startsWith('recent-queries='))).toBe(true);
    const [firstVisitor, secondVisitor] = [visitorOf(first.response), visitorOf(second.response)];
    expect(firstVisitor).toBeDefined();
    expect(secondVisitor).toBeDefined();
    expect(secondVisitor).not.toBe(firstVisitor);
    expect(second.response.headers.getSetCookie().filter((c) => c.startsWith('visitor='))).toHaveLength(1);

    // Each visitor's page view and search event, with their own user agent and referrer.
    await expect.poll(async () => (await eventsOf(secondVisitor!)).map((event) => event.kind).sort()).toEqual(['search', 'view']);
    const events = await eventsOf(secondVisitor!);
    expect(events.find((event) => event.kind === 'search')!.body).toMatchObject({ queryText: 'relay', userAgent: 'second-visitor', originLevel3: 'https://partner.example/list', actionCause: 'interfaceLoad' });
    expect(events.find((event) => event.kind === 'view')!.body).toMatchObject({ referrer: 'https://partner.example/list' });
    await expect.poll(async () => (await eventsOf(firstVisitor!)).find((event) => event.kind === 'search')?.body.userAgent).toBe('first-visitor');
  });

  it('sends copies gzipped to browsers that take gzip, compressed once with the nonce spliced in, and as they are to the others', async () => {
    const raw = (headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        httpGet(`${site.url}/searchresult?q=fuse+holder`, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    await raw({});
    const plain = await raw({});
    const zipped = await raw({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    const refused = await raw({ 'accept-encoding': 'gzip;q=0, br' });
    for (const copy of [plain, zipped, refused]) {
      expect(copy.headers['x-page-copy']).toBe('hit');
      expect(copy.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(copy.headers['content-length'])).toBe(copy.body.length);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    const nonceIn = (headers: IncomingHttpHeaders) => /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))![1]!;
    const unzipped = gunzipSync(zipped.body).toString('utf8');
    expect(unzipped).toContain(`nonce="${nonceIn(zipped.headers)}"`);
    expect(unzipped.replaceAll(nonceIn(zipped.headers), 'N')).toBe(plain.body.toString('utf8').replaceAll(nonceIn(plain.headers), 'N'));
  });

  it('keeps do-not-track visitors apart: no visitor id, no events', async () => {
    await get('/searchresult?q=varistor', { dnt: '1' });
    const copy = await get('/searchresult?q=varistor', { dnt: '1' });
    expect(copy.response.headers.get('x-page-copy')).toBe('hit');
    expect(visitorOf(copy.response)).toBeUndefined();
    // A tracked visitor of the same address is not served the do-not-track copy.
    const tracked = await get('/searchresult?q=varistor');
    expect(tracked.response.headers.get('x-page-copy')).toBeNull();
    expect(visitorOf(tracked.response)).toBeDefined();
  });

  it('renders the page for anyone who sends a cookie', async () => {
    await get('/searchresult?q=fuse');
    expect((await get('/searchresult?q=fuse')).response.headers.get('x-page-copy')).toBe('hit');
    const withCookie = await get('/searchresult?q=fuse', { cookie: 'recent-queries=WyJyZWxheSJd' });
    expect(withCookie.response.headers.get('x-page-copy')).toBeNull();
    // Their own recent queries, not the copy's.
    expect(withCookie.response.headers.getSetCookie().find((c) => c.startsWith('recent-queries='))).not.toContain('WyJmdXNlIl0');
  });

  it('tells the search the visitor came from: a referrer on this site gets its own copy', async () => {
    await get('/searchresult?q=fuse&f.market=Automotive');
    const fromSearch = await get('/searchresult?q=fuse&f.market=Automotive', { referer: `${site.url}/searchresult?q=fuse` });
    expect(fromSearch.response.headers.get('x-page-copy')).toBeNull();
    const visitor = visitorOf(fromSearch.response)!;
    await expect.poll(async () => (await eventsOf(visitor)).find((event) => event.kind === 'search')?.body.actionCause).toBe('facetSelect');
  });

  it('copies a page of plain content and a stateless form, never forms with state, errors, redirects or posts', async () => {
    for (const path of ['/', '/CheckStock']) {
      await get(path);
      expect((await get(path)).response.headers.get('x-page-copy'), path).toBe('hit');
    }
    for (const path of ['/company/contact', '/ask-an-expert', '/request-sample', '/no-such-page', '/searchresult?q=fuse&sort=', '/healthz']) {
      await get(path);
      expect((await get(path)).response.headers.get('x-page-copy'), path).toBeNull();
    }
    const post = await fetch(`${site.url}/searchresult?q=fuse`, { method: 'POST', body: new URLSearchParams({ _component: 'SearchResults' }), redirect: 'manual' });
    expect(post.headers.get('x-page-copy')).toBeNull();
  });
});
