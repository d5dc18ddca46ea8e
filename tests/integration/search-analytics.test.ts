import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { decodeSingleFetch, singleFetchPath } from '../support/single-fetch.ts';

// The built site with its embedded search service, whose analytics endpoint keeps what it receives.
const site = demoSiteForSuite();

interface ReceivedEvent {
  kind: string;
  body: Record<string, unknown> & { clientId?: string; customData?: Record<string, unknown> };
}

async function eventsOf(visitor: string): Promise<ReceivedEvent[]> {
  const response = await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=500`, { headers: { 'x-control-token': 'local-control-token' } });
  const { recent } = (await response.json()) as { recent: ReceivedEvent[] };
  return recent.filter((event) => event.body.clientId === visitor);
}

/**
 * A page, then its beacon as a browser without JavaScript asks for it (the page's image, with the
 * same headers): the beacon's answer is what sets the visitor's cookie (decision 0049).
 */
async function visit(path: string, headers: Record<string, string> = {}) {
  const page = await fetch(`${site.url}${path}`, { headers, redirect: 'manual' });
  const html = await page.text();
  const src = /<img class="page-beacon" src="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  expect(src, path).toMatch(/^\/api\/beacon\?view=/);
  const beacon = await fetch(`${site.url}${src}`, { headers: { ...headers, 'sec-fetch-site': 'same-origin' } });
  expect(beacon.status).toBe(200);
  expect(beacon.headers.get('content-type')).toBe('image/gif');
  expect(beacon.headers.get('cache-control')).toBe('private, no-store');
  return beacon;
}

function visitorFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('visitor='));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/HttpOnly/i);
  return JSON.parse(atob(decodeURIComponent(cookie!.split(';')[0]!.slice('visitor='.length)))) as string;
}

/**
 * A redirect to the beacon on the way somewhere (a flow with no page of its own), followed as the
 * browser does: the beacon is under /api/, so the visitor's cookie goes with it. Answers where the
 * beacon sends the browser on.
 */
async function throughBeacon(answer: Response, status: number, cookie: string): Promise<string | null> {
  expect(answer.status).toBe(status);
  const location = answer.headers.get('location')!;
  expect(location).toMatch(/^\/api\/beacon\?search=/);
  const next = await fetch(`${site.url}${location}`, { redirect: 'manual', headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' } });
  expect(next.status).toBe(303);
  expect(next.headers.get('cache-control')).toBe('private, no-store');
  return next.headers.get('location');
}

describe.runIf(built)('search analytics (REQ-ANALYTICS-2)', () => {
  it('logs a search event per page through its beacon, its cause from the Referer, with the facet title; and a page view', async () => {
    const first = await visit('/searchresult?q=fuse');
    const visitor = visitorFrom(first);
    const cookie = `visitor=${encodeURIComponent(btoa(JSON.stringify(visitor)))}`;
    await visit('/searchresult?q=fuse&f.market=Automotive', { cookie, referer: `${site.url}/searchresult?q=fuse` });

    await expect.poll(async () => (await eventsOf(visitor)).filter((e) => e.kind === 'search').length).toBe(2);
    const events = await eventsOf(visitor);
    const [facetSelect, load] = events.filter((e) => e.kind === 'search');
    expect(load!.body).toMatchObject({ actionCause: 'interfaceLoad', queryText: 'fuse', originContext: 'Search', originLevel2: 'mainsearch', language: 'en' });
    expect(load!.body.searchQueryUid).toMatch(/\w/);
    expect(load!.body.numberOfResults).toBeGreaterThan(12);
    expect(facetSelect!.body).toMatchObject({ actionCause: 'facetSelect', customData: { facetId: 'market', facetTitle: 'Market', facetValue: 'Automotive' } });
    expect(facetSelect!.body.facetState).toEqual([expect.objectContaining({ facetId: 'market', title: 'Market', value: 'Automotive', state: 'selected' })]);

    const views = events.filter((e) => e.kind === 'view');
    expect(views.length).toBeGreaterThanOrEqual(1);
    expect(views[0]!.body.customData).toMatchObject({ site_section: 'searchresult', language: 'en', user_id: 'not provided', L1: 'not provided', business_unit: 'not provided' });
  });

  it('sends the product levels L1 to L7 of a catalogue part page with its page view', async () => {
    const listing = await fetch(`${site.url}/products/circuit-protection/fuses`);
    const html = await listing.text();
    const partPath = /href="(\/products\/circuit-protection\/fuses\/[^/"]+\/[^/"]+\/[^/"?]+)"/.exec(html)?.[1];
    expect(partPath).toBeDefined();
    const part = await visit(partPath!);
    const visitor = visitorFrom(part);
    await expect.poll(async () => (await eventsOf(visitor)).filter((e) => e.kind === 'view').length).toBe(1);
    const [view] = (await eventsOf(visitor)).filter((e) => e.kind === 'view');
    // The part number as the page shows it (its address spells 1440.002MR as 1440-002mr).
    const partNumber = /<h1>([^<]+)<\/h1>/.exec(await (await fetch(`${site.url}${partPath}`)).text())![1]!.toUpperCase();
    expect(view!.body.customData).toMatchObject({ site_section: 'products', L1: 'Circuit Protection', L2: 'Fuses' });
    for (const level of ['L3', 'L4', 'L5', 'L6']) expect((view!.body.customData as Record<string, string>)[level]).not.toBe('not provided');
    expect(String((view!.body.customData as Record<string, string>).L7).toUpperCase()).toBe(partNumber);
  });

  it('sends a click event for a result link ping from this site', async () => {
    const first = await visit('/searchresult?q=varistor');
    const visitor = visitorFrom(first);
    const cookie = `visitor=${encodeURIComponent(btoa(JSON.stringify(visitor)))}`;
    const beacon = new URLSearchParams({ uid: 'abc', pos: '3', id: 'doc-1', hash: 'h', pid: 'p', uri: 'https://example.com/part', title: 'A part', src: 'Voltaris Catalogue', tab: 'mainsearch', lang: 'en' });
    const ping = await fetch(`${site.url}/api/search/click?${beacon}`, { method: 'POST', body: 'PING', headers: { cookie, 'content-type': 'text/ping', 'sec-fetch-site': 'same-origin' } });
    expect(ping.status).toBe(204);
    await expect.poll(async () => (await eventsOf(visitor)).filter((e) => e.kind === 'click').length).toBe(1);
    const [click] = (await eventsOf(visitor)).filter((e) => e.kind === 'click');
    expect(click!.body).toMatchObject({ actionCause: 'documentOpen', documentPosition: 3, documentUri: 'https://example.com/part', searchQueryUid: 'abc', sourceName: 'Voltaris Catalogue' });

    const crossSite = await fetch(`${site.url}/api/search/click?${beacon}`, { method: 'POST', body: 'PING', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(204);
    const malformed = await fetch(`${site.url}/api/search/click?pos=zero`, { method: 'POST', body: 'PING', headers: { cookie } });
    expect(malformed.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await eventsOf(visitor)).filter((e) => e.kind === 'click')).toHaveLength(1);
  });

  it('sends nothing from beacons and pings, and sets no visitor cookie, for DNT: 1 or Sec-GPC: 1', async () => {
    const before = ((await (await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=0`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { counts: Record<string, number> }).counts;
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Array<Record<string, string>>) {
      // The page is everyone's (a shared cache may serve it): its beacon is what honours the signal.
      const response = await visit('/searchresult?q=relay', headers);
      expect(response.headers.getSetCookie().some((c) => c.startsWith('visitor='))).toBe(false);
      const click = new URLSearchParams({ uid: 'abc', pos: '1', id: 'doc-1', uri: 'https://example.com/part' });
      expect((await fetch(`${site.url}/api/search/click?${click}`, { method: 'POST', body: 'PING', headers: { ...headers, 'sec-fetch-site': 'same-origin' } })).status).toBe(204);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = ((await (await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=0`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { counts: Record<string, number> }).counts;
    expect(after).toEqual(before);
  });

  it('logs smart-snippet feedback as custom events for the visitor, through the beacon on the way back to the same search', async () => {
    const first = await visit('/searchresult?q=fuse+rating');
    const visitor = visitorFrom(first);
    const cookie = `visitor=${encodeURIComponent(btoa(JSON.stringify(visitor)))}`;
    // The page's path never carries the cookie (Path=/api/): the post goes without it, as a browser sends it.
    const post = (fields: Record<string, string>) =>
      fetch(`${site.url}/searchresult?q=fuse+rating`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
    const hop = (answer: Response) => throughBeacon(answer, 303, cookie);
    expect(await hop(await post({ _component: 'SearchResults', intent: 'like', uid: 'u1', question: 'What fuse rating?' }))).toBe('/searchresult?q=fuse+rating&snippet=liked');
    expect(await hop(await post({ _component: 'SearchResults', intent: 'reason', uid: 'u1', question: 'What fuse rating?', reason: 'partially_answers', details: '' }))).toContain('snippet=sent');
    const refused = await post({ _component: 'SearchResults', intent: 'reason', uid: 'u1', reason: 'made-up' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Choose what was wrong with the answer.');
    const unknown = await post({ _component: 'NoSuchThing' });
    expect(unknown.status).toBe(405);

    await expect.poll(async () => (await eventsOf(visitor)).filter((e) => e.kind === 'custom').map((e) => e.body.eventValue)).toEqual(['sendSmartSnippetReason', 'likeSmartSnippet']);
    const [sent] = (await eventsOf(visitor)).filter((e) => e.kind === 'custom');
    expect(sent!.body).toMatchObject({ eventType: 'smartSnippet', lastSearchQueryUid: 'u1', anonymous: true, customData: { reason: 'partially_answers', question: 'What fuse rating?' } });
  });

  it('logs a search a redirect trigger answers for the visitor, through the beacon on the way to the target', async () => {
    const first = await visit('/company/about');
    const visitor = visitorFrom(first);
    const cookie = `visitor=${encodeURIComponent(btoa(JSON.stringify(visitor)))}`;
    const search = await fetch(`${site.url}/de/searchresult?q=contact`, { redirect: 'manual', headers: { referer: `${site.url}/de/searchresult` } });
    expect(await throughBeacon(search, 302, cookie)).toBe('/de/company/contact');
    const location = search.headers.get('location')!;
    await expect.poll(async () => (await eventsOf(visitor)).filter((e) => e.kind === 'search').map((e) => e.body.queryText)).toEqual(['contact']);
    const [event] = (await eventsOf(visitor)).filter((e) => e.kind === 'search');
    expect(event!.body).toMatchObject({ language: 'de', originLevel3: `${site.url}/de/searchresult` });
    // A Referer the beacon would refuse (too long) is left out of the hop, which still goes on.
    const long = await fetch(`${site.url}/searchresult?q=contact`, { redirect: 'manual', headers: { referer: `${site.url}/searchresult?q=${'x'.repeat(5000)}` } });
    expect(await throughBeacon(long, 302, cookie)).toBe('/company/contact');
    // Wait for its event too: the stand-in records it after the hop, and a later test counts every event.
    await expect.poll(async () => (await eventsOf(visitor)).filter((e) => e.kind === 'search').length).toBe(2);
    // A hop goes on to this site only.
    // Tabs and newlines are what a browser drops from a Location before reading it ('/\t/evil' is '//evil').
    for (const elsewhere of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\r\n/evil.example', '/a\\..\\\\evil.example', ' //evil.example']) {
      const refused = await fetch(`${site.url}${location.replace(/next=[^&]+/, `next=${encodeURIComponent(elsewhere)}`)}`, { redirect: 'manual' });
      expect(refused.status, JSON.stringify(elsewhere)).toBe(400);
    }
  });

  it('counts every visit of one shared page, each with its own visitor: the beacon is the same, the visitors are not', async () => {
    const html = await (await fetch(`${site.url}/company/about`)).text();
    const src = /<img class="page-beacon" src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const first = await fetch(`${site.url}${src}`);
    const second = await fetch(`${site.url}${src}`);
    const [a, b] = [visitorFrom(first), visitorFrom(second)];
    expect(a).not.toBe(b);
    for (const visitor of [a, b]) {
      await expect.poll(async () => (await eventsOf(visitor)).filter((e) => e.kind === 'view').length).toBe(1);
      const [view] = (await eventsOf(visitor)).filter((e) => e.kind === 'view');
      expect(view!.body).toMatchObject({ location: `${site.url}/company/about`, contentIdValue: `${site.url}/company/about`, anonymous: true });
      expect(view!.body.customData).toMatchObject({ site_section: 'company', user_id: 'not provided' });
    }
    // A returning visitor's id is kept, and no new cookie is set.
    const cookie = `visitor=${encodeURIComponent(btoa(JSON.stringify(a)))}`;
    const again = await fetch(`${site.url}${src}`, { headers: { cookie } });
    expect(again.headers.getSetCookie()).toEqual([]);
    await expect.poll(async () => (await eventsOf(a)).filter((e) => e.kind === 'view').length).toBe(2);
  });

  it('takes the beacon from sendBeacon (POST, 204) with the referrer the page script adds', async () => {
    // What PageBeacon sends with JavaScript: the beacon in the page's loader data.
    const data = await decodeSingleFetch(await fetch(`${site.url}${singleFetchPath('/company/about')}`));
    const src = (data['routes/$']?.data as { beacon: string }).beacon;
    const response = await fetch(`${site.url}${src}&ref=${encodeURIComponent('https://www.example.org/from')}`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(response.status).toBe(204);
    const visitor = visitorFrom(response);
    await expect.poll(async () => (await eventsOf(visitor)).find((e) => e.kind === 'view')?.body.referrer).toBe('https://www.example.org/from');
  });

  it('refuses a beacon that is not one (400, saying why) and ignores one from another site', async () => {
    const before = ((await (await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=0`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { counts: Record<string, number> }).counts;
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const view = { language: 'en', location: '/x', title: 'X', contentType: 'Page', record: Object.fromEntries(['site_section', 'content_type', 'language', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L6.5', 'L7', 'product_technology', 'business_unit'].map((field) => [field, 'not provided'])) };
    for (const [query, says] of [
      ['', 'names no event'],
      ['view=%%%', 'base64url'],
      [`view=${Buffer.from('not json').toString('base64url')}`, 'must be JSON'],
      [`view=${encode({ ...view, location: 'https://evil.example/' })}`, 'path on this site'],
      [`view=${encode({ ...view, extra: 1 })}`, 'view'],
      [`view=${encode(view)}&ref=javascript:alert(1)`, 'ref'],
      [`view=${encode(view)}&other=1`, 'other'],
    ] as const) {
      const response = await fetch(`${site.url}/api/beacon?${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.text(), query).toContain(says);
    }
    const crossSite = await fetch(`${site.url}/api/beacon?view=${encode(view)}`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(200);
    expect(crossSite.headers.getSetCookie()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const after = ((await (await fetch(`${site.url}/rest/search/v2/_analytics?organizationId=local&limit=0`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { counts: Record<string, number> }).counts;
    expect(after).toEqual(before);
  });

  it('remembers a search that found something in the recent-queries cookie through the beacon (the page itself sets none)', async () => {
    const page = await fetch(`${site.url}/searchresult?q=thermistor`);
    expect(page.headers.getSetCookie()).toEqual([]);
    const beacon = await visit('/searchresult?q=thermistor', { dnt: '1' });
    const recent = beacon.headers.getSetCookie().find((c) => c.startsWith('recent-queries='));
    expect(recent).toBeDefined();
    expect(JSON.parse(atob(decodeURIComponent(recent!.split(';')[0]!.slice('recent-queries='.length))))).toEqual(['thermistor']);
  });

  it("takes UA v15's batch of search events (searches) and refuses a batch that is not a list", async () => {
    const batch = (body: unknown) =>
      fetch(`${site.url}/rest/ua/v15/analytics/searches?org=local`, { method: 'POST', headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const visitor = crypto.randomUUID();
    const accepted = await batch([{ clientId: visitor, queryText: 'one' }, { clientId: visitor, queryText: 'two' }]);
    expect(accepted.status).toBe(200);
    expect((await eventsOf(visitor)).map((event) => [event.kind, event.body.queryText])).toEqual([['search', 'two'], ['search', 'one']]);
    expect((await batch({ clientId: visitor, queryText: 'three' })).status).toBe(400);
  });
});
