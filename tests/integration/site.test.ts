import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { decodeSingleFetch, singleFetchPath } from '../support/single-fetch.ts';
import { visitWithBeacon } from '../support/beacon.ts';

// The whole built site (npm test builds first), on a free port, with its embedded stand-ins.
const site = demoSiteForSuite({ FORM_RATE_LIMIT_PER_MINUTE: '0' });
// The same site pointed at a layout service that is not there.
const downSite = demoSiteForSuite({ SITECORE_API_HOST: 'http://127.0.0.1:9', LAYOUT_TIMEOUT_MS: '1000' });
// And one whose search service is not there.
const searchDownSite = demoSiteForSuite({ SEARCH_API_URL: 'http://127.0.0.1:9/rest/search/v2' }, { shared: true });

const get = (path: string) => fetch(`${site.url}${path}`, { redirect: 'manual' });

/** fetch() will not send another Host header; the Chinese site is chosen by exactly that header. */
function getWithHost(path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${site.url}${path}`, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.runIf(built)('the built site', () => {
  it('serves the home page in English with the hero text and hreflang alternates', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="en"/);
    expect(html).toContain('Protect, sense and control every circuit you design');
    for (const tag of ['en', 'de', 'ja-JP', 'zh-CN', 'x-default']) expect(html).toContain(`hrefLang="${tag}"`);
    expect(html).toContain(`href="${site.url}/de/"`);
  });

  it('serves German, Japanese and, by host, Chinese', async () => {
    expect(await (await get('/de/')).text()).toMatch(/<html lang="de"/);
    expect(await (await get('/ja-jp/')).text()).toMatch(/<html lang="ja-JP"/);
    const chinese = await getWithHost('/', 'www.example.com.cn');
    expect(chinese.status).toBe(200);
    expect(chinese.body).toMatch(/<html lang="zh-CN"/);
    expect(chinese.body).toContain('href="http://www.example.com/de/"');
  });

  it('answers a doubled language segment with 301 to the single one', async () => {
    const response = await get('/de/de/');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/de/');
    expect((await get('/ja-jp/ja-jp/products?x=1')).headers.get('location')).toBe('/ja-jp/products?x=1');
  });

  it('never doubles the segment in Remix data requests for German and Japanese pages', async () => {
    const german = await get(singleFetchPath('/de/products'));
    expect(german.status).toBe(200);
    expect((await decodeSingleFetch(german))['routes/$']?.data).toMatchObject({ language: 'de', itemPath: '/products' });
    const japanese = await get(singleFetchPath('/ja-jp/'));
    expect((await decodeSingleFetch(japanese))['routes/$']?.data).toMatchObject({ language: 'ja-jp', itemPath: '/' });
  });

  it('answers an unknown path with a localized 404 page, without an error id (ids are for 5xx, which are logged)', async () => {
    const response = await get('/de/gibt-es-nicht');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<html lang="de"/);
    // An element with the class (the stylesheet inside the page names it too).
    expect(html).not.toMatch(/class="[^"]*error-page__id/);
    expect(html).not.toContain('Page not found');
  });

  it('names the error in the title of error pages, in the page\'s language (a tab or a screen reader reads it first)', async () => {
    const titleOf = async (path: string) => /<title>([^<]*)<\/title>/.exec(await (await get(path)).text())?.[1];
    expect(await titleOf('/gibt-es-nicht')).toBe('Page not found | Voltaris Components');
    expect(await titleOf('/de/gibt-es-nicht')).toBe('Seite nicht gefunden | Voltaris Components');
    expect(await titleOf('/ja-jp/products/nope/nope/nope')).toBe('ページが見つかりません | Voltaris Components');
    expect(await titleOf('/de/search?q=a&q=b')).toBe('Diese Suche ist nicht möglich | Voltaris Components');
    expect(await titleOf('/login/callback')).toBe('Sign-in did not complete | Voltaris Components');
  });

  it('gives every page one h1, the first rendering\'s heading where no rendering has its own (headings are how a screen reader finds its way)', async () => {
    const h1s = async (path: string) => {
      const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(await (await get(path)).text())?.[1] ?? '';
      return [...main.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ''));
    };
    expect(await h1s('/searchresult?q=fuse')).toEqual(['Search results']);
    expect(await h1s('/de/searchresult')).toEqual(['Suchergebnisse']);
    expect(await h1s('/resource-library')).toEqual(['Resource Library']);
    expect(await h1s('/de/resource-library')).toEqual(['Downloadcenter']);
    expect(await h1s('/Legal/privacy-statement')).toEqual(['Privacy statement']);
    expect(await h1s('/ja-jp/design-center/application-guide')).toHaveLength(1);
    // A rendering further down keeps its heading a section's (h2); pages with a heading of their own keep theirs.
    for (const path of ['/', '/company/about', '/supplier-area', '/design-center', '/products', '/de/support/faq']) expect(await h1s(path), path).toHaveLength(1);
  });

  it('leads the language switcher of a sign-in refusal to pages that exist (sign-in has no address per language)', async () => {
    const html = await (await get('/login/callback')).text();
    const switcher = /<nav class="language-switcher"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const hrefs = [...switcher.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!);
    expect(hrefs).toHaveLength(4);
    for (const href of hrefs.filter((one) => one.startsWith(site.url))) expect((await get(href.slice(site.url.length))).status, href).toBe(200);
    expect(hrefs).toContain(`${site.url}/de/`);
    expect(html).not.toContain('/de/login/callback');
  });

  it('shows the site\'s header (navigation, search box) and footer around a 404 and other error pages, in their language', async () => {
    for (const [path, language] of [['/de/gibt-es-nicht', 'de'], ['/ja-jp/products/nope/nope/nope', 'ja-jp'], ['/de/search?q=a&q=b', 'de'], ['/login/callback', 'en']] as const) {
      const html = await (await get(path)).text();
      const prefix = language === 'en' ? '' : `/${language}`;
      expect(html, path).toMatch(new RegExp(`<form method="get" action="${prefix}/search" role="search"[^>]* class="search-box header-search"`));
      expect(html, path).toMatch(new RegExp(`<a [^>]*href="${prefix}/products"`));
      expect(html, path).toContain('<footer class="site-footer"');
      expect([...html.matchAll(/<header class="site-header"/g)], path).toHaveLength(1);
    }
  });

  it('keeps the editors\' sample page for a missing datasource from visitors (404; the message itself: tests/unit/placeholder.test.tsx)', async () => {
    for (const path of ['/sandbox/missing-datasource', '/de/sandbox/missing-datasource', '/ja-jp/sandbox/missing-datasource']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('class="datasource-missing"');
    }
  });

  it('sends the security headers; the page\'s CSP names the hash of each of its inline scripts, never a nonce', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(scriptSrc[0]).toBe("'self'");
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain('nonce-');
    const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const hashes = new Set(inline.map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`));
    expect(new Set(scriptSrc.slice(1))).toEqual(hashes);
    expect(html).not.toContain('nonce=');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('gives the same page the same CSP (nothing per response), and data responses the default one without inline scripts', async () => {
    const a = (await get('/')).headers.get('content-security-policy');
    const b = (await get('/')).headers.get('content-security-policy');
    expect(a).toBe(b);
    const data = (await get(singleFetchPath('/'))).headers.get('content-security-policy') ?? '';
    expect(data).toMatch(/script-src 'self'(;|$)/);
  });

  it('compresses: assets as the build compressed them, rendered pages per response, nothing for clients that ask for none', async () => {
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        request(`${site.url}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const decode = (response: { headers: IncomingHttpHeaders; body: Buffer }) =>
      response.headers['content-encoding'] === 'br' ? brotliDecompressSync(response.body) : response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.body) : response.body;

    // The largest of the page's scripts: a tiny chunk may not shrink by much.
    const scripts = [...new Set((await (await get('/')).text()).match(/\/assets\/[^"]+\.js/g) ?? [])];
    const sized = await Promise.all(scripts.map(async (path) => ({ path, answer: await raw(path, {}) })));
    const { path: script, answer: plain } = sized.reduce((a, b) => (b.answer.body.length > a.answer.body.length ? b : a));
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding] of [['gzip', 'gzip'], ['gzip, deflate, br, zstd', 'br']] as const) {
      const compressed = await raw(script, { 'accept-encoding': accept });
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(compressed.headers['cache-control']).toMatch(/immutable/);
      expect(compressed.headers.vary).toMatch(/accept-encoding/i);
      expect(compressed.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(compressed).equals(plain.body)).toBe(true);
    }

    // A rendered page (a cookie the copies do not know keeps it from being one).
    const page = await raw('/searchresult?q=fuse', { 'accept-encoding': 'br, gzip', cookie: 'unknown=1' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(decode(page).toString('utf8')).toContain('</html>');
    // Encoded in one piece (server/document-encoding.ts): sent with its length, not in chunks.
    expect(page.headers['transfer-encoding']).toBeUndefined();
    expect(Number(page.headers['content-length'])).toBe(page.body.length);
    expect(page.headers.vary?.match(/accept-encoding/gi)).toHaveLength(1);
    const gzipped = await raw('/searchresult?q=fuse', { 'accept-encoding': 'gzip', cookie: 'unknown=1' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(decode(gzipped).toString('utf8')).toContain('</html>');
    // A browser that weighs them alike gets brotli, the smaller.
    expect((await raw('/searchresult?q=fuse', { 'accept-encoding': 'gzip, deflate, br', cookie: 'unknown=1' })).headers['content-encoding']).toBe('br');
    // Data for a client navigation streams, and is compressed as it goes.
    const data = await raw('/searchresult.data?q=fuse', { 'accept-encoding': 'br, gzip', cookie: 'unknown=1' });
    expect(data.headers['content-encoding']).toBe('br');
    expect(decode(data).toString('utf8')).toContain('"root"');
    const uncompressed = await raw('/searchresult?q=fuse', { cookie: 'unknown=1' });
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(uncompressed.body.toString('utf8')).toContain('</html>');
    // Rendered whole before it is sent: its length is known, so a cache stores it as it is.
    expect(Number(uncompressed.headers['content-length'])).toBe(uncompressed.body.length);
  });

  it("sends each page the shell's phrases and those of its renderings only", async () => {
    const phrasesOf = async (path: string, routeId: string) =>
      Object.keys(((await decodeSingleFetch(await get(singleFetchPath(path, [routeId]))))[routeId]?.data as { phrases: Record<string, string> }).phrases);
    const namespaces = (keys: string[]) => [...new Set(keys.map((key) => key.split('.', 1)[0]))].sort();
    // The shell's: what the header, footer and any error page show, not the search page's words.
    const shell = await phrasesOf('/', 'root');
    expect(namespaces(shell)).toEqual(['a11y', 'auth', 'cms', 'error', 'footer', 'header', 'search', 'site']);
    expect(shell).toContain('search.placeholder');
    expect(shell).not.toContain('search.noResults');
    expect(shell).not.toContain('error.forbidden.title');
    // Each page: its renderings' namespaces, less the shell's keys, from the pages' pathless parent.
    expect(await phrasesOf('/', 'routes/_page')).toEqual([]);
    // The stock check also shows the partner portal's price breaks (issue 18).
    expect(namespaces(await phrasesOf('/CheckStock', 'routes/_page'))).toEqual(['forms', 'prices']);
    const search = await phrasesOf('/searchresult?q=fuse', 'routes/_page');
    // units: the cross-reference answer writes another maker's part's ratings (decision 0161).
    expect(namespaces(search)).toEqual(['catalogue', 'recommendations', 'search', 'units']);
    expect(search).not.toContain('search.placeholder');
    expect(namespaces(await phrasesOf('/resource-library', 'routes/_page'))).toEqual(['index', 'resources']);
    // What a component shows comes through: the check-stock form's labels, the compare toggle's text.
    expect(await (await get('/CheckStock')).text()).toContain('Part number');
    expect(await (await get('/searchresult?q=fuse')).text()).toMatch(/Compare/);
  });

  it('reports health as JSON', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', services: { layout: { mode: 'embedded', contentProblems: [] } } });
  });

  it('keeps the search page, the query and a retry link when search is down (503: the page is nothing but search)', async () => {
    const response = await fetch(`${searchDownSite.url}/searchresult?q=fuse`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    const html = await response.text();
    expect(html).toContain('class="site-header"');
    expect(html).toContain('value="fuse"');
    expect(html).toMatch(/<div class="search-error" role="alert" data-status="0"><p>Search is not available just now\./);
    expect(html).toMatch(/<a [^>]*href="\/searchresult\?q=fuse&amp;tab=mainsearch"[^>]*>Try again<\/a>/);
    // Other pages do not depend on search: the home page is served as usual.
    expect((await fetch(`${searchDownSite.url}/`)).status).toBe(200);
  });

  it('guards form posts: other sites, oversized bodies and nonsense are refused, never a 500', async () => {
    const post = (body: BodyInit, headers: Record<string, string>) => fetch(`${site.url}/CheckStock`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
    expect((await post('partNumber=59-4.3S&quantity=1', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post('partNumber=59-4.3S&quantity=1', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(new Uint8Array(3_000_000).fill(97), { origin: site.url })).status).toBe(413);
    expect((await post('partNumber=%3Cscript%3E&quantity=-5', { origin: site.url, 'sec-fetch-site': 'same-origin' })).status).toBe(422);
    expect((await post('partNumber=59-4.3S&quantity=1&website=x', { origin: site.url })).status).toBe(400);
    expect((await post('partNumber=59-4.3S&quantity=1', { origin: site.url })).status).toBe(200);
  });

  it('serves suggestions as JSON, validating its parameters', async () => {
    const ok = await get('/api/search/suggest?q=fu&locale=en&count=3');
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { suggestions: Array<{ value: string; highlighted: string }> };
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.suggestions.length).toBeLessThanOrEqual(3);
    expect(body.suggestions[0]!.value.toLowerCase()).toMatch(/^fu/);
    expect((await get('/api/search/suggest?q=fu&count=99')).status).toBe(400);
    expect((await get('/api/search/suggest?q=fu&instant=yes')).status).toBe(400);
  });

  it('serves instant results with the suggestions, and the recent queries from the cookie', async () => {
    const { cookie } = await visitWithBeacon(site.url, '/searchresult?q=relay', { dnt: '1' });
    const response = await fetch(`${site.url}/api/search/suggest?q=tvs&instant=1`, { headers: { cookie } });
    const body = (await response.json()) as { instantResults: Array<{ title: string; clickUri: string }>; recent: string[] };
    expect(body.instantResults).toHaveLength(3);
    expect(body.instantResults[0]!.clickUri).toBeTruthy();
    expect(body.recent).toEqual(['relay']);
  });

  it('shows a 503 page with an error id and no stack trace when the layout service is down', async () => {
    const response = await fetch(`${downSite.url}/products`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await response.text();
    expect(html).toMatch(/class="[^"]*error-page__id/);
    expect(html).toMatch(/<code>[0-9a-f]{8}<\/code>/);
    expect(html).not.toMatch(/ECONNREFUSED|at [\w.]+ \(|node_modules/);
  });
});
