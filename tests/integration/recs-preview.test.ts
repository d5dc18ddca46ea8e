import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { visitWithBeacon } from '../support/beacon.ts';
import { fetchProductRecommendations, loadSearchRecommendations } from '../../app/plugins/search/recommendations.server.ts';
import { formatDate } from '../../app/lib/format.ts';

// Issue 17 items 5 and 6 over real HTTP on the built site and its stand-ins: product
// recommendations on part pages and for zero-result searches, the document preview, and case
// assist on the contact form. Page copies are off so each request shows what the services answer now.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '4000', FORM_RATE_LIMIT_PER_MINUTE: '0' });

/** What server functions get from Remix: the site's configuration, with the search base it serves. */
const loadContext = () => ({ config: { ...site.config, search: { ...site.config.search, apiUrl: `${site.url}/rest/search/v2` } } }) as unknown as AppLoadContext;

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${site.url}${path}`, { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, body: await response.text() };
};

const searchApi = async (path: string, init: { method?: string; body?: unknown; query?: Record<string, string> } = {}) => {
  const url = new URL(`${site.url}${path}`);
  url.searchParams.set('organizationId', 'local');
  for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json', 'x-control-token': 'local-control-token' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

const failRecommendations = (mode: '500' | 'ok') => searchApi('/rest/search/v2/recommendations/_control', { body: { mode } });

/** A recommendation list's links (part number and address) by its heading, from the page's HTML. */
function recommendationLinks(html: string, kind: string): Array<{ part: string; href: string }> {
  const section = new RegExp(`<section class="recommendations recommendations--${kind}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? '';
  return [...section.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({ href: m[1]!.replace(/&amp;/g, '&'), part: m[2]! }));
}

const partPages = async () => {
  const listing = await get('/products/circuit-protection/fuses');
  return [...new Set([...listing.body.matchAll(/href="(\/products\/circuit-protection\/fuses\/[^/"]+\/[^/"]+\/[^/"?#]+)"/g)].map((m) => m[1]!))];
};

describe.runIf(built)('product recommendations on part pages (REQ-RECS-1)', () => {
  it('shows "Frequently viewed together" and "Similar parts", each linking to a product page that exists', async () => {
    const [partPath] = await partPages();
    const page = await get(partPath!);
    expect(page.status).toBe(200);
    expect(page.body).toContain('>Frequently viewed together</h2>');
    expect(page.body).toContain('>Similar parts</h2>');
    const thisPart = /<h1>([^<]+)<\/h1>/.exec(page.body)![1]!;
    for (const kind of ['frequentViewed', 'similar']) {
      const links = recommendationLinks(page.body, kind);
      // REQ-RECS-1: five by default.
      expect(links).toHaveLength(5);
      expect(links.map((l) => l.part)).not.toContain(thisPart);
      for (const link of links) {
        const target = await get(link.href);
        expect(target.status, link.href).toBe(200);
        expect(target.body).toContain(`<h1>${link.part}</h1>`);
      }
    }
    // Similar parts are alternatives from other series, not the part's own series (listed above them).
    const series = /class="part-series">[\s\S]*?<a[^>]*>([^<]+)</.exec(page.body)![1]!;
    for (const link of recommendationLinks(page.body, 'similar')) expect(link.href).not.toContain(`/${series.toLowerCase()}/`);
  });

  it('keeps the visitor’s language in the links (/de)', async () => {
    const [partPath] = await partPages();
    const page = await get(`/de${partPath}`);
    expect(page.body).toContain('>Häufig zusammen angesehen</h2>');
    const links = recommendationLinks(page.body, 'similar');
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.href).toMatch(/^\/de\/products\//);
    expect((await get(links[0]!.href)).status).toBe(200);
  });

  it('recommends what other visitors viewed with the part (frequently viewed together)', async () => {
    const pages = await partPages();
    // A part of another series: after what visitors viewed together comes the default order, the
    // part's own series first, so a part of the same series is listed before anyone views it.
    const seriesOf = (path: string) => path.split('/').at(-2);
    const first = pages[0]!;
    const second = pages.findLast((path) => seriesOf(path) !== seriesOf(first))!;
    expect(second).toBeDefined();
    const partOf = async (path: string) => /<h1>([^<]+)<\/h1>/.exec((await get(path)).body)![1]!;
    const secondPart = await partOf(second);
    expect(recommendationLinks((await get(first)).body, 'frequentViewed').map((l) => l.part)).not.toContain(secondPart);
    // One visitor (one visitor-id cookie) views both parts.
    const { cookie } = await visitWithBeacon(site.url, first);
    expect(cookie).not.toBe('');
    await visitWithBeacon(site.url, second, { cookie });
    // Page views reach the analytics endpoint after the response: wait for them.
    let parts: string[] = [];
    for (let attempt = 0; attempt < 40 && !parts.includes(secondPart); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      parts = recommendationLinks((await get(first, { dnt: '1' })).body, 'frequentViewed').map((l) => l.part);
    }
    expect(parts[0]).toBe(secondPart);
  });

  it('leaves the rest of the page whole when the recommendation call fails, and keeps no copy of it', async () => {
    const [partPath] = await partPages();
    await failRecommendations('500');
    try {
      const page = await get(partPath!);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.body).toMatch(/<h1>[^<]+<\/h1>/);
      expect(page.body).toContain('class="parameter-table"');
      expect(page.body).toContain('Datasheet');
      expect(page.body.match(/<p class="recommendations__note">Recommendations are not available just now\.<\/p>/g)).toHaveLength(2);
      expect(page.body).toMatch(/data-status="error"/);
    } finally {
      await failRecommendations('ok');
    }
    expect((await get(partPath!)).body).not.toContain('<p class="recommendations__note">Recommendations are not available just now.</p>');
  });

  it('asks the Search API with a recommendation strategy, 1 to 50 recommendations, 5 by default (REQ-VALID-12, REQ-RECS-1)', async () => {
    const context = loadContext();
    const [partPath] = await partPages();
    const part = /<h1>([^<]+)<\/h1>/.exec((await get(partPath!)).body)![1]!;
    expect(await fetchProductRecommendations(context, { kind: 'similar', skus: [part], locale: 'en' })).toHaveLength(5);
    expect(await fetchProductRecommendations(context, { kind: 'similar', skus: [part], locale: 'en', maxNumberOfRecommendations: 1 })).toHaveLength(1);
    const fifty = await fetchProductRecommendations(context, { kind: 'frequentViewed', skus: [part], locale: 'en', maxNumberOfRecommendations: 50 });
    expect(fifty).toHaveLength(50);
    expect(new Set(fifty.map((p) => p.partNumber)).size).toBe(50);
    await expect(fetchProductRecommendations(context, { kind: 'similar', skus: [part], locale: 'en', maxNumberOfRecommendations: 51 })).rejects.toThrow('maxNumberOfRecommendations must be between 1 and 50.');
    await expect(fetchProductRecommendations(context, { kind: 'similar', skus: [part], locale: 'en', maxNumberOfRecommendations: 0 })).rejects.toThrow('maxNumberOfRecommendations must be between 1 and 50.');
    await expect(fetchProductRecommendations(context, { kind: 'similar', skus: [], locale: 'en' })).rejects.toThrow('Give at least one sku.');
    // The service holds the same limits for any client.
    const tooMany = await searchApi('/rest/search/v2', { body: { recommendation: 'similarProducts', numberOfResults: 51, mlParameters: { itemIds: [part] } } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/between 1 and 50/);
  });
});

describe.runIf(built)('recommendations for a search without results', () => {
  it('loads a list of parts whose links open product pages, in the page’s language', async () => {
    const context = loadContext();
    const en = await loadSearchRecommendations({ query: 'zzqqxx', locale: 'en', context });
    expect(en.kind).toBe('zeroResults');
    expect(en.status).toBe('ok');
    expect(en.items).toHaveLength(5);
    for (const item of en.items) expect((await get(item.href)).body).toContain(`<h1>${item.partNumber}</h1>`);
    const de = await loadSearchRecommendations({ query: 'zzqqxx', locale: 'de', context, maxNumberOfRecommendations: 3 });
    expect(de.items).toHaveLength(3);
    for (const item of de.items) expect(item.href).toMatch(/^\/de\/products\//);
    const ja = await loadSearchRecommendations({ query: 'zzqqxx', locale: 'ja-JP', context });
    expect(ja.items[0]!.href).toMatch(/^\/ja-jp\/products\//);
    await expect(loadSearchRecommendations({ query: 'x', locale: 'en', context, maxNumberOfRecommendations: 51 })).rejects.toThrow('between 1 and 50');
  });

  it('recommends what the query looks like: a mistyped part number’s series, a misspelt product type', async () => {
    const context = loadContext();
    const part = await loadSearchRecommendations({ query: 'SMBJ999ZZ', locale: 'en', context });
    expect(part.items.length).toBe(5);
    for (const item of part.items) expect(item.partNumber).toMatch(/^SMBJ/);
    const type = await loadSearchRecommendations({ query: 'varistr 275', locale: 'de', context });
    expect(type.items).toHaveLength(5);
    for (const item of type.items) expect(item.href).toMatch(/^\/de\/products\/circuit-protection\/varistors\//);
    const japanese = await loadSearchRecommendations({ query: 'バリスタ 不明', locale: 'ja-JP', context });
    expect(japanese.items).toHaveLength(5);
    for (const item of japanese.items) expect(item.href).toMatch(/\/varistors\//);
  });

  it('answers a failing call with the list’s error state, not an exception', async () => {
    await failRecommendations('500');
    try {
      expect(await loadSearchRecommendations({ query: 'zzqqxx', locale: 'en', context: loadContext() })).toEqual({ kind: 'zeroResults', status: 'error', items: [] });
    } finally {
      await failRecommendations('ok');
    }
  });
});

describe.runIf(built)('document preview (quickview) as a person reads it (REQ-RECS-2)', () => {
  const RAW_FIELDS = /@?\b(sysuri|urihash|objecttype|permanentid|uniqueid|documenttype|documenttypedisplayname|assetlanguage|datecreated|datemodified|modificationdate|issecured|clickableuri|resourceurl|filetype|filename|sourcetype|isincludedinlibrary)\b/i;

  const firstDocument = async (language = '') => {
    const page = await get(`${language}/searchresult?q=datasheet&f.objecttype=Document`);
    const href = /href="(\/api\/search\/preview\?[^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const uniqueId = new URL(href, site.url).searchParams.get('uniqueId')!;
    const item = await searchApi('/rest/search/v2/document', { query: { uniqueId } });
    return { href, uniqueId, title: item.body.title as string, raw: item.body.raw as Record<string, unknown> };
  };

  it('shows title, type, language, size and human dates, and never index fields or epoch milliseconds', async () => {
    const { href, raw, title } = await firstDocument();
    const preview = await get(href);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-security-policy')).toContain('sandbox');
    const body = preview.body;
    // The way back links the results page it came from, whose address names its facets (f.objecttype=...): addresses are not what the page shows.
    expect(body.replace(/href="[^"]*"/g, '')).not.toMatch(RAW_FIELDS);
    expect(body).not.toMatch(/\b\d{13}\b/);
    expect(body).toContain(`<h1>${title}</h1>`);
    // Once: the document's own first heading repeats the title.
    expect(body.split(`>${title}<`).length - 1).toBe(2);
    expect(body).toContain('<dt>Type</dt><dd>Datasheet</dd>');
    expect(body).toContain('<dt>Language</dt><dd>English</dd>');
    expect(body).toMatch(/<dt>Size<\/dt><dd>[\d.]+ (kB|MB)<\/dd>/);
    expect(body).toContain(`<dt>Last updated</dt><dd>${formatDate(new Date(raw.datemodified as number), 'en', 'long')}</dd>`);
    expect(body).toMatch(/<dd>(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}<\/dd>/);
    // The document's text, under the details.
    expect(body).toMatch(/class="document-preview__text"[^>]*><h2>|class="document-preview__text"[^>]*><p>/);
  });

  it('writes the details in the page’s language', async () => {
    const { href, raw } = await firstDocument();
    const preview = await get(href.replace('locale=en', 'locale=de'));
    expect(preview.body).toContain('<html lang="de"');
    expect(preview.body).toContain('<dt>Sprache</dt><dd>Englisch</dd>');
    expect(preview.body).toContain(`<dd>${formatDate(new Date(raw.datemodified as number), 'de', 'long')}</dd>`);
    expect(preview.body.replace(/href="[^"]*"/g, '')).not.toMatch(RAW_FIELDS);
    expect(preview.body).not.toMatch(/\b\d{13}\b/);
  });

  it('gets no index fields from the Search API’s /html either', async () => {
    const { uniqueId } = await firstDocument();
    const response = await fetch(`${site.url}/rest/search/v2/html?organizationId=local`, {
      method: 'POST',
      headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ uniqueId, q: 'datasheet', enableNavigation: 'false', requestedOutputSize: '0' }),
    });
    const html = await response.text();
    expect(html).not.toMatch(RAW_FIELDS);
    expect(html).not.toMatch(/\b\d{13}\b/);
    expect(html).toContain('<mark>Datasheet</mark>');
  });

  it('answers a bad or unknown document in words', async () => {
    expect((await get('/api/search/preview?uniqueId=42.999999999$https://x&locale=en')).body).toContain('There is no preview for this document.');
    expect((await get('/api/search/preview?uniqueId=42.999999999$https://x&locale=en')).status).toBe(404);
    // Without the parameter at all, the same words as with it empty (not zod's own English).
    for (const path of ['/api/search/preview', '/api/search/preview?uniqueId=']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(400);
      expect(missing.body, path).toBe('uniqueId is required.');
    }
    const bad = await get('/api/search/preview?uniqueId=x&locale=english');
    expect(bad.status).toBe(400);
    expect(bad.body).toBe('locale must be a language tag such as en or ja-JP.');
    expect((await get('/api/search/preview.css')).headers.get('content-type')).toContain('text/css');
  });
});

describe.runIf(built)('case assist (REQ-RECS-3)', () => {
  const suggest = (body: unknown, numberOfResults?: string) =>
    searchApi('/rest/organizations/local/caseassists/contact-us/documents/suggest', { body, ...(numberOfResults ? { query: { numberOfResults } } : {}) });

  it('the stand-in answers document suggestions in Coveo’s shape (REQ-COVEO-15)', async () => {
    const { status, body } = await suggest({ locale: 'en', fields: { subject: { value: 'Datasheet' }, description: { value: 'Where is the datasheet of the SMBJ series TVS diodes?' } } }, '3');
    expect(status).toBe(200);
    const documents = body.documents as Array<{ uniqueId: string; title: string; clickUri: string; excerpt: string; hasHtmlVersion: boolean; fields: Record<string, unknown> }>;
    expect(documents).toHaveLength(3);
    expect(documents[0]).toMatchObject({ hasHtmlVersion: true });
    expect(documents[0]!.title).toMatch(/SMBJ/);
    expect(Object.keys(documents[0]!.fields)).toEqual(expect.arrayContaining(['permanentid', 'urihash', 'uri', 'source']));
    expect(typeof body.responseId).toBe('string');
    expect(typeof body.totalCount).toBe('number');

    expect((await suggest({ fields: { description: { value: '' } } })).body).toMatchObject({ documents: [], totalCount: 0 });
    expect((await suggest({ fields: { description: { value: 'fuse' } } }, '0')).status).toBe(400);
    expect((await suggest({ fields: { description: { value: 'fuse' } } }, '51')).body.message).toBe('numberOfResults must be between 1 and 50.');
    expect((await suggest({ fields: 'fuse' })).status).toBe(400);
  });

  const contactForm = async () => {
    const page = await get('/company/contact?unit=ESBU&country=Germany');
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(page.body)![1]!;
    return { _component: 'ContactUs', unit: 'ESBU', country: 'Germany', idempotencyKey: key, website: '' };
  };
  const post = (fields: Record<string, string>) =>
    fetch(`${site.url}/company/contact?unit=ESBU&country=Germany`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  it('without JavaScript: "Suggest answers" shows matching FAQs with the visitor’s words kept, and sends nothing', async () => {
    const hidden = await contactForm();
    const message = 'Our fuse blows at power-up: what does the rated current of a fuse mean for inrush?';
    const owned = () => site.outbox.ofOwner('ada@customer.example', 'email').length;
    const before = owned();
    const response = await post({ ...hidden, intent: 'suggest', name: 'Ada Test', email: 'ada@customer.example', company: 'ACME', message });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('These may answer your question');
    expect(html).toMatch(/<summary>What does the rated current of a fuse mean\?/);
    expect(html).toContain(`>${message.replace(/'/g, '&#x27;')}</textarea>`);
    expect(html).toContain('value="Ada Test"');
    expect(html).toContain('value="ada@customer.example"');
    expect(html).not.toContain('contact-us__sent');
    expect(owned()).toBe(before);

    // Then the message goes as usual.
    const send = await post({ ...hidden, intent: 'send', name: 'Ada Test', email: 'ada@customer.example', company: 'ACME', message });
    expect(send.status).toBe(303);
    expect(send.headers.get('location')).toMatch(/sent=VC-/);
    expect(owned()).toBeGreaterThan(before);
  });

  it('says so when the description is too short, and the form still works', async () => {
    const response = await post({ ...(await contactForm()), intent: 'suggest', name: '', email: '', company: '', message: 'help' });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Describe the problem in a few more words to see suggestions.');
  });

  it('with JavaScript: GET /api/case-assist/suggest answers while typing (no form post used up)', async () => {
    const answer = await get('/api/case-assist/suggest?description=What+is+the+hold+current+of+a+PTC+resettable+fuse&locale=de');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const view = JSON.parse(answer.body) as { status: string; items: Array<{ kind: string; title: string }> };
    expect(view.status).toBe('ok');
    expect(view.items.length).toBeGreaterThan(0);
    expect((await get('/api/case-assist/suggest?locale=de')).status).toBe(400);
  });
});
