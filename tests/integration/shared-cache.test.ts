import { beforeAll, describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { visitWithBeacon } from '../support/beacon.ts';
import { CookieClient, signIn } from '../support/browserless.ts';
import { singleFetchPath } from '../support/single-fetch.ts';

// Which responses a shared cache (a CDN, nginx) may keep, and that none of them carries one
// visitor's data (decision 0049).
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '4000', FORM_RATE_LIMIT_PER_MINUTE: '0' });

const cookieValue = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64'));
/** A query no page shows unless it comes from this visitor's own cookie. */
const MARKER = 'zz-marker-varistor';
const OPENED_TITLE = 'ZZ opened result title';

interface Visitor {
  name: string;
  cookie: string;
  /** What of this visitor's own a page may show them, never anyone else. */
  own: string[];
}

const PAGES = [
  { path: '/', kind: 'content' },
  { path: '/de/company/about', kind: 'content' },
  { path: '/searchresult?q=fuse', kind: 'search' },
  { path: '/products/circuit-protection/fuses', kind: 'catalogue' },
  { path: '/company/contact', kind: 'personal' },
] as const;

const S_MAXAGE = { content: 300, search: 30, catalogue: 60 } as const;

/** The Single Fetch requests of a client-side navigation to the page: all its routes, or some. */
function dataUrls(path: string): string[] {
  const route = new URL(path, 'http://x').pathname === '/' ? 'routes/_index' : 'routes/$';
  return [singleFetchPath(path), singleFetchPath(path, ['root']), singleFetchPath(path, [route])];
}

async function get(path: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${path}`, { headers: { ...(cookie ? { cookie } : {}), ...headers }, redirect: 'manual' });
  return { response, body: await response.text() };
}

describe.runIf(built)('shared caches (decision 0049)', () => {
  let visitors: Visitor[];

  beforeAll(async () => {
    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/' });
    expect(client.cookies.has('session')).toBe(true);
    // A visitor who opened a result: the click (which needs their visitor id, set by a page's
    // beacon for /api/ only) gives them the recent-results cookie their pages send.
    const { cookie: visitorCookie } = await visitWithBeacon(site.url, '/company/about');
    const click = new URLSearchParams({ uid: 'u', pos: '1', id: 'zz-opened', uri: `${site.url}/company/about`, title: OPENED_TITLE });
    const clicked = await fetch(`${site.url}/api/search/click?${click}`, { method: 'POST', body: 'PING', headers: { cookie: visitorCookie, 'sec-fetch-site': 'same-origin' } });
    expect(clicked.status).toBe(204);
    const resultsCookie = clicked.headers.getSetCookie().find((cookie) => cookie.startsWith('recent-results='));
    expect(resultsCookie).toMatch(/; Path=\/;/);
    visitors = [
      { name: 'none', cookie: '', own: [] },
      { name: 'signed in', cookie: client.cookieHeader(), own: ['Bea Buyer'] },
      { name: 'recent queries', cookie: `recent-queries=${cookieValue([MARKER])}`, own: [MARKER] },
      { name: 'recent results', cookie: resultsCookie!.split(';')[0]!, own: [OPENED_TITLE] },
    ];
  });

  it('answers pages the same for every anonymous visitor as public with s-maxage per kind, and personal pages as private', async () => {
    for (const page of PAGES) {
      const { response } = await get(page.path, '');
      expect(response.status, page.path).toBe(200);
      const cacheControl = response.headers.get('cache-control') ?? '';
      if (page.kind === 'personal') {
        expect(cacheControl, page.path).toMatch(/private/);
        expect((await get(singleFetchPath(page.path), '')).response.headers.get('cache-control'), page.path).toMatch(/private/);
        continue;
      }
      expect(cacheControl, page.path).toBe(`public, s-maxage=${S_MAXAGE[page.kind]}, stale-while-revalidate=${{ content: 600, search: 120, catalogue: 300 }[page.kind]}`);
      expect(response.headers.get('vary'), page.path).toMatch(/Accept-Encoding/i);
      expect(response.headers.get('vary'), page.path).toMatch(/Cookie/i);
      // A client-side navigation's data follows the page's rule.
      const data = await get(singleFetchPath(page.path), '');
      expect(data.response.status, page.path).toBe(200);
      expect(data.response.headers.get('cache-control'), page.path).toBe(cacheControl);
      expect(data.response.headers.get('vary'), page.path).toMatch(/Cookie/i);
    }
  });

  it('never lets a shared-cacheable page or .data response carry a visitor’s data or set a cookie; with cookies, everything is private', async () => {
    for (const path of PAGES.flatMap((page) => [page.path, ...dataUrls(page.path)])) {
      for (const visitor of visitors) {
        const { response, body } = await get(path, visitor.cookie);
        const cacheControl = response.headers.get('cache-control') ?? '';
        const label = `${visitor.name} ${path}`;
        if (visitor.cookie) expect(cacheControl, label).not.toMatch(/public|s-maxage/);
        if (!/public|s-maxage/.test(cacheControl)) continue;
        expect(response.headers.getSetCookie(), label).toEqual([]);
        for (const other of visitors) for (const own of other.own) expect(body, label).not.toContain(own);
      }
    }
  });

  it('shows a visitor their own data on their private page (so the checks above look at the right words)', async () => {
    const [, signedIn, recent, opened] = visitors;
    expect((await get('/', signedIn!.cookie)).body).toContain('Bea Buyer');
    expect((await get('/searchresult?q=fuse', recent!.cookie)).body).toContain(MARKER);
    expect((await get('/searchresult?q=fuse', opened!.cookie)).body).toContain(OPENED_TITLE);
  });

  it('keeps the same page for DNT and Sec-GPC visitors: a page does not depend on them', async () => {
    const plain = await get('/searchresult?q=relay', '');
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Array<Record<string, string>>) {
      const { response, body } = await get('/searchresult?q=relay', '', headers);
      expect(response.headers.get('cache-control')).toBe(plain.response.headers.get('cache-control'));
      // The search's id differs per answer; the rest of the page is the same.
      const stable = (html: string) => html.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'uid').replace(/(view|search)=[\w-]+/g, '$1=…').replace(/"responseTime":\d+/g, '');
      expect(stable(body)).toBe(stable(plain.body));
    }
  });

  it('answers a search reached from a search page privately: it depends on where the visitor came from', async () => {
    const { response } = await get('/searchresult?q=fuse&f.market=Automotive', '', { referer: `${site.url}/searchresult?q=fuse` });
    expect(response.headers.get('cache-control')).toBe('private');
  });

  it('keeps errors and refusals out of shared caches', async () => {
    for (const path of ['/no-such-page', '/searchresult?q=fuse&tab=nosuchtab', '/searchresult?q=fuse&page=9999']) {
      const { response } = await get(path, '');
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get('cache-control') ?? '', path).not.toMatch(/public|s-maxage/);
    }
  });
});
