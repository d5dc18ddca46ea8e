import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startSite, type RunningSite } from '../../server/site.ts';

// Page copies (decisions 0031, 0035), on the built site over real HTTP.
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
  const response = await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=500`, { headers: { 'x-control-token': 'local-control-token' } });
  const { recent } = (await response.json()) as { recent: Array<{ kind: string; body: Record<string, unknown> }> };
  return recent.filter((event) => event.body.clientId === visitor);
}

describe.runIf(built)('page copies', () => {
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
    // A returning visitor's copy is also cut around their slot, which deflate cannot refer across.
    const returning = await raw({ 'accept-encoding': 'gzip', cookie: 'recent-queries=WyJyZWxheSJd' });
    expect(returning.headers['x-page-copy']).toBe('hit');
    expect(gunzipSync(returning.body).toString('utf8')).toContain('>relay</a>');
    expect(returning.body.length).toBeLessThan(plain.body.length / 2.5);
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

  it('serves a returning visitor the copy with their own history, cookie and events, exactly as the page renders for them', async () => {
    const visitor = randomUUID();
    const visitorCookie = `visitor=${encodeURIComponent(btoa(JSON.stringify(visitor)))}`;
    const cookie = `${visitorCookie}; recent-queries=${encodeURIComponent(Buffer.from(JSON.stringify(['relay', 'ヒューズ'])).toString('base64'))}`;
    // A result they opened, through the result link's beacon.
    const beacon = new URLSearchParams({ pos: '1', id: 'opened-1', uri: 'https://example.com/opened', title: 'Opened <datasheet> & notes' });
    expect((await fetch(`${site.url}/api/search/click?${beacon}`, { method: 'POST', headers: { cookie: visitorCookie } })).status).toBe(204);

    await get('/searchresult?q=fuse&size=24');
    const copy = await get('/searchresult?q=fuse&size=24', { cookie, 'user-agent': 'returning-visitor', referer: 'https://returning.example/' });
    expect(copy.response.headers.get('x-page-copy')).toBe('hit');
    // Made for this visitor: no shared cache in front may keep it.
    expect(copy.response.headers.get('cache-control')).toBe('private');
    // A cookie the copies do not know has the page rendered: the same page, but for the nonce.
    const rendered = await get('/searchresult?q=fuse&size=24', { cookie: `${cookie}; unknown=1` });
    expect(rendered.response.headers.get('x-page-copy')).toBeNull();
    expect(rendered.response.headers.get('cache-control')).toBe('private');
    expect(copy.html.replaceAll(nonceOf(copy.response), 'N')).toBe(rendered.html.replaceAll(nonceOf(rendered.response), 'N'));

    const navs = (html: string) => [...html.matchAll(/<nav class="recent-queries"[^>]*>(.*?)<\/nav>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim());
    expect(navs(copy.html)).toEqual(['Recently viewed Opened &lt;datasheet&gt; &amp; notes', 'Recent searches fuse relay ヒューズ']);
    expect(copy.html).toContain('"history":{"recent":["fuse","relay","ヒューズ"],"recentResults":[{"uniqueId":"opened-1","title":"Opened \\u003cdatasheet\\u003e \\u0026 notes"');
    // Their recent queries in their cookie; their own visitor id, so no new one.
    const recent = copy.response.headers.getSetCookie().find((c) => c.startsWith('recent-queries='))!;
    expect(JSON.parse(new TextDecoder().decode(Buffer.from(decodeURIComponent(recent.split(';')[0]!.slice('recent-queries='.length)), 'base64')))).toEqual(['fuse', 'relay', 'ヒューズ']);
    expect(visitorOf(copy.response)).toBeUndefined();
    const ofThisVisit = (event: { body: Record<string, unknown> }) => event.body.userAgent === 'returning-visitor' || event.body.referrer === 'https://returning.example/';
    await expect.poll(async () => (await eventsOf(visitor)).filter(ofThisVisit).map((event) => event.kind).sort()).toEqual(['search', 'view']);

    // A client navigation asks for the same page's data: its copy gets their history too.
    const dataPath = '/searchresult?q=fuse&size=24&_data=routes%2F%24';
    await get(dataPath);
    const data = await get(dataPath, { cookie });
    expect(data.response.headers.get('x-page-copy')).toBe('hit');
    expect(data.response.headers.get('cache-control')).toBe('private');
    expect(data.html).toBe((await get(dataPath, { cookie: `${cookie}; unknown=1` })).html);
    expect(data.html).toContain('"history":{"recent":["fuse","relay","ヒューズ"]');
  });

  it('renders the page for a visitor with any other cookie (a session)', async () => {
    await get('/searchresult?q=fuse');
    expect((await get('/searchresult?q=fuse')).response.headers.get('x-page-copy')).toBe('hit');
    expect((await get('/searchresult?q=fuse', { cookie: 'session=abc; recent-queries=WyJyZWxheSJd' })).response.headers.get('x-page-copy')).toBeNull();
  });

  it('makes a copy for a returning visitor when there is none, as a first visitor would get it', async () => {
    const first = await get('/searchresult?q=diode', { cookie: 'recent-queries=WyJyZWxheSJd', 'user-agent': 'returning-diode' });
    expect(first.response.headers.get('x-page-copy')).toBe('hit');
    expect(first.html).toMatch(/>diode<\/a><\/li><li><a [^>]*>relay<\/a>/);
    // The rendering that made the copy visited nothing: the only events are this visitor's.
    const visitor = visitorOf(first.response)!;
    await expect.poll(async () => (await eventsOf(visitor)).map((event) => event.kind).sort()).toEqual(['search', 'view']);
    const diodeSearches = async () => {
      const response = await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=500`, { headers: { 'x-control-token': 'local-control-token' } });
      return ((await response.json()) as { recent: Array<{ kind: string; body: Record<string, unknown> }> }).recent.filter((event) => event.kind === 'search' && event.body.queryText === 'diode');
    };
    expect((await diodeSearches()).map((event) => event.body.userAgent)).toEqual(['returning-diode']);
    const firstVisit = await get('/searchresult?q=diode');
    expect(firstVisit.response.headers.get('x-page-copy')).toBe('hit');
    expect(firstVisit.html).not.toContain('>relay</a>');
    // Pages that cannot be shared are rendered for them.
    const form = await get('/company/contact', { cookie: 'recent-queries=WyJyZWxheSJd' });
    expect(form.response.status).toBe(200);
    expect(form.response.headers.get('x-page-copy')).toBeNull();
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
