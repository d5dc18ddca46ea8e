import { randomBytes } from 'node:crypto';
import { createServer, get as httpGet, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { parse } from 'cookie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageCache } from '../../server/page-cache.ts';

// Personal slots (decision 0035), on a stand-in site over real HTTP: a page greets the visitor by
// the `who` cookie, in its HTML and in its data, as a Remix page carries its loader data.

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeScript = (json: string) => json.replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const greeting = (who: string) => `<p class="greeting">${who ? `Hello ${escapeHtml(who)}` : ''}</p>`;

let renders = 0;
const cache = new PageCache({ ttlSeconds: 60, copyableCookies: ['who', 'seen'] });
const site: RequestListener = (req, res) => {
  renders += 1;
  const url = new URL(req.url ?? '/', 'http://site');
  const recorder = cache.recorderFor(req);
  const who = parse(req.headers.cookie ?? '').who ?? '';
  if (url.pathname !== '/private') recorder?.markShareable();
  recorder?.readsCookie('who');
  if (url.pathname === '/reads-seen') recorder?.readsCookie('seen');
  recorder?.personalSlot({
    cookies: ['who'],
    values: { who },
    dataKey: 'history',
    valuesFor: (visit) => ({ who: visit.cookie('who') ?? '' }),
    // A slot that does not render as the page does: found nowhere in the copy.
    html: (values) => (url.pathname === '/slot-differs' ? `<p class="other">${values.who}</p>` : greeting(values.who)),
  });
  const nonce = randomBytes(16).toString('base64');
  res.setHeader('content-security-policy', `script-src 'nonce-${nonce}'`);
  if (url.searchParams.has('_data')) {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify({ title: url.pathname, history: { who } }));
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<html><script nonce="${nonce}">start()</script>${greeting(who)}<script nonce="${nonce}">data=${escapeScript(JSON.stringify({ title: url.pathname, history: { who } }))}</script></html>`);
};

let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer(cache.listener(site));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}) {
  const before = renders;
  const response = await fetch(`${origin}${path}`, { headers });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1] ?? '';
  return { copy: response.headers.get('x-page-copy') === 'hit', rendered: renders > before, body: nonce ? body.replaceAll(nonce, 'N') : body };
}

/** What the site itself renders for these cookies (a cookie the cache does not know has it rendered). */
async function renderedFor(path: string, cookie: string) {
  const answer = await get(path, { cookie: `${cookie}; unknown=1` });
  expect(answer.rendered).toBe(true);
  return answer.body;
}

describe('a copy of a page with a personal slot', () => {
  it('gives each returning visitor their own slot, in the HTML and in the data, as the site would render it', async () => {
    expect((await get('/page')).rendered).toBe(true);
    const cookieless = await get('/page');
    expect(cookieless).toMatchObject({ copy: true, rendered: false });
    for (const who of ['Ann', 'Zoë <b>&</b> "x"', '', '\u2028']) {
      const cookie = `who=${encodeURIComponent(who)}; seen=1`;
      const answer = await get('/page', { cookie });
      expect(answer, who).toMatchObject({ copy: true, rendered: false });
      expect(answer.body).toBe(await renderedFor('/page', cookie));
    }
    expect((await get('/page', { cookie: 'who=Ann' })).body).toContain('Hello Ann');
    expect(cache.stats.personalized).toBeGreaterThan(0);
  });

  it('gzips the spliced page like the plain one', async () => {
    await get('/zipped');
    // Node's http, not fetch, which would unzip it.
    const zipped = await new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      httpGet(`${origin}/zipped`, { headers: { cookie: 'who=Bea', 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(zipped.encoding).toBe('gzip');
    const unzipped = gunzipSync(zipped.body).toString();
    expect(unzipped).toContain('<p class="greeting">Hello Bea</p>');
    expect(unzipped).toContain('"history":{"who":"Bea"}');
  });

  it('splices the data of a client navigation, which has no HTML', async () => {
    await get('/page?_data=routes');
    const answer = await get('/page?_data=routes', { cookie: 'who=Cy' });
    expect(answer).toMatchObject({ copy: true, rendered: false });
    expect(JSON.parse(answer.body)).toEqual({ title: '/page', history: { who: 'Cy' } });
  });

  it('renders the page for a visitor with any other cookie', async () => {
    await get('/other');
    expect(await get('/other', { cookie: 'who=Ann; session=abc' })).toMatchObject({ copy: false, rendered: true });
    expect(await get('/other', { cookie: 'stray' })).toMatchObject({ copy: false, rendered: true });
  });

  it('renders it for a visitor who sends a cookie the page read and nothing redoes', async () => {
    await get('/reads-seen');
    expect(await get('/reads-seen', { cookie: 'who=Ann' })).toMatchObject({ copy: true, rendered: false });
    expect(await get('/reads-seen', { cookie: 'who=Ann; seen=1' })).toMatchObject({ copy: false, rendered: true });
  });

  it('renders it for any visitor with cookies when its slot is not where the page has it', async () => {
    await get('/slot-differs');
    expect(await get('/slot-differs')).toMatchObject({ copy: true });
    expect(await get('/slot-differs', { cookie: 'seen=1' })).toMatchObject({ copy: false, rendered: true });
  });

  it('makes the copy for a returning visitor as a visitor without cookies would get it, then fills their slot', async () => {
    const first = await get('/fresh', { cookie: 'who=Ann' });
    expect(first).toMatchObject({ copy: true, rendered: true });
    expect(first.body).toContain('Hello Ann');
    expect(await get('/fresh', { cookie: 'who=Bo' })).toMatchObject({ copy: true, rendered: false });
    expect((await get('/fresh')).body).toContain('<p class="greeting"></p>');
  });

  it('renders the page for that visitor when it cannot be shared', async () => {
    const before = renders;
    const answer = await get('/private', { cookie: 'who=Ann' });
    expect(answer).toMatchObject({ copy: false, rendered: true });
    expect(answer.body).toContain('Hello Ann');
    // Once for the copy (refused), once for them; then straight to the site while it is remembered.
    expect(renders - before).toBe(2);
    await get('/private', { cookie: 'who=Ann' });
    expect(renders - before).toBe(3);
    // Nor is a copy attempted at other addresses of a path that never gave one (suggestions as one types).
    await get('/private?q=a', { cookie: 'who=Ann' });
    expect(renders - before).toBe(4);
  });
});
