import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';
import { engineeringValue } from '../../standins/media/document-pdf.ts';
import { CookieClient, signIn } from '../support/browserless.ts';

// The resource library over real HTTP: what it lists is what the Search API holds, and every file
// and picture it links to opens, as long as the list says.
const site = demoSiteForSuite({}, { shared: true });

interface Listed {
  href: string;
  title: string;
  size: number;
  thumbnail: string;
  alt: string;
  locked: boolean;
}

const decode = (html: string) => html.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

function listed(html: string): Listed[] {
  return [...html.matchAll(/<li class="library-document">([\s\S]*?)<\/li>/g)].map(([, item]) => ({
    href: decode(/<a href="([^"]+)"/.exec(item!)![1]!),
    title: decode(/<a href="[^"]+"[^>]*>([^<]*)<\/a>/.exec(item!)![1]!),
    size: Number(/<data value="(\d+)"/.exec(item!)?.[1]),
    thumbnail: decode(/<img[^>]*src="([^"]+)"/.exec(item!)![1]!),
    alt: decode(/<img[^>]*alt="([^"]*)"/.exec(item!)![1]!),
    locked: item!.includes('library-document__lock'),
  }));
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${path}`, { headers: { 'DNT': '1', ...headers } });
  return { status: response.status, html: await response.text() };
}

function chinese(path: string): Promise<{ status: number; html: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${site.url}${path}`, { headers: { host: 'www.example.com.cn' } }, (res) => {
      let html = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (html += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, html }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function searchApi(body: Record<string, unknown>, token = 'local-search-token') {
  const response = await fetch(`${site.url}/rest/search/v2?organizationId=local`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { totalCount: number; results: Array<{ title: string; clickUri: string; raw: Record<string, unknown> }> };
}

/** The text a PDF's page shows: its content stream's literal and UCS-2 strings, after checking the cross-reference table. */
function pdfText(bytes: Buffer): string {
  const body = bytes.toString('latin1');
  expect(body.startsWith('%PDF-1.')).toBe(true);
  expect(body.trimEnd().endsWith('%%EOF')).toBe(true);
  const xref = Number(/startxref\n(\d+)\n%%EOF/.exec(body)![1]);
  expect(body.slice(xref, xref + 4)).toBe('xref');
  const offsets = [...body.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]));
  offsets.forEach((offset, index) => expect(body.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true));
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(body)![1]);
  const start = body.indexOf('stream\n') + 'stream\n'.length;
  expect(body.slice(start + length, start + length + 10)).toBe('\nendstream');
  const stream = body.slice(start, start + length);
  return [...stream.matchAll(/(\((?:\\.|[^\\)])*\)|<[0-9A-F]+>) Tj/g)]
    .map(([, text]) => {
      if (text!.startsWith('<')) return String.fromCharCode(...text!.slice(1, -1).match(/.{4}/g)!.map((hex) => parseInt(hex, 16)));
      return Buffer.from(text!.slice(1, -1).replace(/\\(.)/g, '$1'), 'latin1').toString('latin1');
    })
    .join('\n');
}

describe.runIf(built)('the resource library reads the document index', () => {
  it('lists on its first page the library documents of the Search API, in its order', async () => {
    const { status, html } = await page('/resource-library');
    expect(status).toBe(200);
    const shown = listed(html);
    expect(shown.length).toBe(24);
    const index = await searchApi({ aq: '@objecttype==Document @isincludedinlibrary==true', sortCriteria: 'date descending', numberOfResults: 24, fieldsToInclude: ['resourceurl', 'size'] });
    expect(shown.map((doc) => doc.href)).toEqual(index.results.map((doc) => doc.raw.resourceurl));
    expect(shown.map((doc) => doc.size)).toEqual(index.results.map((doc) => doc.raw.size));
    expect(decode(html)).toContain(`Documents 1–24 of ${index.totalCount}`);
    // By title: the index's order of the titles.
    const byTitle = listed((await page('/resource-library?sort=title')).html);
    const titleIndex = await searchApi({ aq: '@objecttype==Document @isincludedinlibrary==true', sortCriteria: '@sortabletitle ascending', numberOfResults: 24 });
    expect(byTitle.map((doc) => doc.title)).toEqual(titleIndex.results.map((doc) => doc.title));
  });

  it('lists 20+ documents in every language, with no English labels on the other languages', async () => {
    for (const [path, get, words] of [
      ['/de/resource-library', page, ['Dokumenttyp', 'Alle Sprachen', 'Sprache']],
      ['/ja-jp/resource-library', page, ['ドキュメントの種類', 'すべての言語', '言語']],
      ['/resource-library', chinese, ['文档类型', '全部语言', '语言']],
    ] as const) {
      const { status, html } = await get(path);
      expect(status, path).toBe(200);
      expect(listed(html).length, path).toBeGreaterThanOrEqual(20);
      expect((html.match(/href="\/media\/resources\/[^"]+"/g) ?? []).length).toBeGreaterThanOrEqual(20);
      for (const word of words) expect(html, path).toContain(word);
      const library = html.slice(html.indexOf('class="resource-library"'), html.indexOf('</section>', html.indexOf('class="resource-library"')));
      // Titles of English-only documents stay English (marked lang="en"); no label is.
      for (const english of ['Document type', 'All languages', 'Show documents', 'Newest first', '>Datasheet<', '>English<', '>Language<', 'Next page']) expect(library, `${path}: ${english}`).not.toContain(english);
      expect(library).toMatch(/<a href="\/media\/resources\/[^"]+" lang="(en|de|ja|zh-CN)"/);
    }
  });

  it('narrows what is listed by type, language, first letter and words, each choice reaching the index', async () => {
    const all = listed((await page('/resource-library')).html).map((doc) => doc.href);
    const datasheets = listed((await page('/resource-library?type=datasheet')).html);
    expect(datasheets.length).toBeGreaterThan(0);
    expect(datasheets.every((doc) => doc.href.startsWith('/media/resources/datasheet/'))).toBe(true);
    const japanese = listed((await page('/resource-library?lang=ja')).html);
    expect(japanese.length).toBe(24);
    expect(japanese.every((doc) => doc.href.endsWith('-ja.pdf'))).toBe(true);
    const letterT = listed((await page('/resource-library?initial=T')).html);
    expect(letterT.length).toBeGreaterThan(0);
    expect(letterT.every((doc) => doc.title.toUpperCase().startsWith('T'))).toBe(true);
    const words = listed((await page('/resource-library?q=selection+guide&lang=en')).html);
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((doc) => /selection guide/i.test(doc.title))).toBe(true);
    for (const narrowed of [datasheets, japanese, letterT, words]) expect(narrowed.map((doc) => doc.href)).not.toEqual(all);
    // Combined: German application notes only.
    const combined = listed((await page('/de/resource-library?type=application-note&lang=de')).html);
    expect(combined.length).toBeGreaterThan(0);
    expect(combined.every((doc) => doc.href.startsWith('/media/resources/application-note/') && doc.href.endsWith('-de.pdf'))).toBe(true);
  });

  it('pages with GET links, and a page past the last is a 404 linking to the last one', async () => {
    const first = await page('/resource-library?type=brochure');
    const total = Number(/\d+–\d+ of (\d+)/.exec(decode(first.html))![1]);
    const last = Math.ceil(total / 24);
    expect(last).toBeGreaterThan(1);
    const second = await page('/resource-library?type=brochure&page=2');
    expect(second.status).toBe(200);
    expect(first.html).toContain('href="/resource-library?type=brochure&amp;page=2"');
    expect(listed(second.html).map((doc) => doc.href)).not.toEqual(listed(first.html).map((doc) => doc.href));
    const beyond = await page(`/resource-library?type=brochure&page=${last + 1}`);
    expect(beyond.status).toBe(404);
    expect(listed(beyond.html)).toEqual([]);
    expect(beyond.html).toContain(`href="/resource-library?type=brochure&amp;page=${last}"`);
  });

  it('answers the form sent without JavaScript (empty fields, the default order) with the clean address', async () => {
    const response = await fetch(`${site.url}/de/resource-library?q=&type=datasheet&lang=&sort=newest&initial=`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/de/resource-library?type=datasheet');
  });

  it('answers bad parameters with 400 in the page language, naming them', async () => {
    const german = await page('/de/resource-library?type=poster');
    expect(german.status).toBe(400);
    expect(decode(german.html)).toContain('„poster“ ist kein Dokumenttyp der Bibliothek');
    // The page's own inline scripts (CSP-hashed) are there on every page; a value must not add one.
    const scriptsOnAPage = (await page('/resource-library')).html.split('<script').length;
    for (const query of ['sort=oldest', 'page=0', 'page=abc', 'lang=fr', 'initial=%3Cscript%3E', `q=${'x'.repeat(101)}`, 'type=datasheet&type=brochure']) {
      const { status, html } = await page(`/resource-library?${query}`);
      expect(status, query).toBe(400);
      expect(html, query).toContain('The documents could not be filtered as asked');
      expect(html.split('<script').length, query).toBe(scriptsOnAPage);
    }
    const japanese = await page('/ja-jp/resource-library?page=-1');
    expect(japanese.status).toBe(400);
    expect(decode(japanese.html)).toContain('「-1」はページ番号ではありません');
  });
});

describe.runIf(built)('every file and picture the library lists opens', () => {
  it('serves each listed PDF with the listed size, and each thumbnail as a cached SVG with alt text', async () => {
    const shown = [
      ...listed((await page('/resource-library')).html),
      ...listed((await page('/resource-library?lang=ja&type=application-note')).html).slice(0, 4),
      ...listed((await page('/resource-library?lang=zh')).html).slice(0, 4),
      ...listed((await page('/resource-library?type=certificate')).html).slice(0, 3),
    ];
    const thumbnails = new Set<string>();
    for (const doc of shown) {
      const file = await fetch(`${site.url}${doc.href}`);
      expect(file.status, doc.href).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(Number(file.headers.get('content-length')), doc.href).toBe(doc.size);
      expect(bytes.length, doc.href).toBe(doc.size);
      // A document, not a stub: its page has a table of parts, never the sentence a document of no parts
      // would show (document-pdf.ts LABELS.none; Latin text as a literal string, CJK as UCS-2 hex).
      // A series of a two-step package lists two parts, under 4000 bytes: the size alone proves nothing.
      expect(bytes.subarray(0, 5).toString('latin1'), doc.href).toBe('%PDF-');
      expect(bytes.toString('latin1'), doc.href).not.toMatch(/\(No parts are listed|\(F.r dieses Dokument sind keine Teile|<3053306E6587|<672C65874EF6/);
      expect(doc.size, doc.href).toBeGreaterThan(3000);
      expect(doc.alt.length).toBeGreaterThan(3);
      thumbnails.add(doc.thumbnail);
    }
    expect(thumbnails.size).toBeGreaterThan(2);
    for (const thumbnail of thumbnails) {
      const image = await fetch(`${site.url}${thumbnail}`);
      expect(image.status, thumbnail).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(image.headers.get('cache-control')).toContain('max-age=86400');
      expect(await image.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    }
  });

  it('gives every thumbnail of the index an image, and refuses types it does not have', async () => {
    const index = await searchApi({ aq: '@objecttype==Document', numberOfResults: 0, facets: [{ type: 'specific', facetId: 't', field: 'resourcethumbnailurl', numberOfValues: 50, currentValues: [] }] });
    const values = ((index as unknown as { facets: Array<{ values: Array<{ value: string }> }> }).facets[0]?.values ?? []).map((value) => value.value);
    // Anonymous searches see five types (change notices are all secured); every type has its picture.
    expect(values.length).toBe(5);
    for (const value of [...values, '/media/thumbnails/product-change-notice.svg']) expect((await fetch(`${site.url}${value}`)).status, value).toBe(200);
    expect((await fetch(`${site.url}/media/thumbnails/poster.svg`)).status).toBe(404);
  });

  it('makes a PDF that reads as the document: title, series, a table row with the real ratings of a part, revision and date', async () => {
    const [doc] = (await searchApi({ aq: '@resourcetype==Datasheet @assetlanguage==English', numberOfResults: 1, fieldsToInclude: ['resourceurl', 'relatedparts', 'series', 'leveltwocategory', 'revision', 'datemodified', 'documentnumber'] })).results;
    const bytes = Buffer.from(await (await fetch(`${site.url}${String(doc!.raw.resourceurl)}`)).arrayBuffer());
    const text = pdfText(bytes);
    expect(text).toContain(doc!.title);
    expect(text).toContain(`Series: ${String(doc!.raw.series)}`);
    expect(text).toContain(`Revision: ${String(doc!.raw.revision)}`);
    expect(text).toContain(`Date: ${new Date(Number(doc!.raw.datemodified)).toISOString().slice(0, 10)}`);
    expect(text).toContain(String(doc!.raw.documentnumber));
    const partNumber = (doc!.raw.relatedparts as string[])[0]!;
    const [part] = (await searchApi({ aq: `@partnumber=="${partNumber}"`, cq: '@objecttype==Product', numberOfResults: 1 })).results;
    const type = PRODUCT_TYPES.find((candidate) => candidate.l2.en === doc!.raw.leveltwocategory)!;
    const primary = type.parameters.find((parameter) => parameter.field === type.primary)!;
    // The row: the part number, then its primary rating as the part's page has it.
    const lines = text.split('\n');
    const row = lines.indexOf(partNumber);
    expect(row).toBeGreaterThan(0);
    expect(lines[row + 1]).toBe(engineeringValue(Number(part!.raw[primary.field]), primary.unit).replace('Ω', 'Ohm'));
  });

  it('writes Japanese documents in Japanese (CJK font, UCS-2 text)', async () => {
    const [doc] = (await searchApi({ aq: '@resourcetype==Datasheet @assetlanguage==Japanese', numberOfResults: 1, fieldsToInclude: ['resourceurl', 'size'] })).results;
    const response = await fetch(`${site.url}${String(doc!.raw.resourceurl)}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.length).toBe(doc!.raw.size);
    expect(bytes.toString('latin1')).toContain('/Encoding /UniJIS-UCS2-H');
    const text = pdfText(bytes);
    expect(text).toContain(doc!.title);
    expect(text).toContain('電気的特性');
  });

  it('opens the document links of the technical-documents search scope', async () => {
    const { html } = await page('/searchresult?q=datasheet&scope=technicaldocuments');
    const links = [...new Set([...html.matchAll(/href="(\/media\/[^"]+)"/g)].map((match) => decode(match[1]!)))];
    expect(links.length).toBeGreaterThan(5);
    for (const link of links) expect((await fetch(`${site.url}${link}`, { redirect: 'manual' })).status, link).toBe(200);
  });
});

describe.runIf(built)('secured documents', () => {
  it('are listed with a lock for signed-in customers only, and open for them only', async () => {
    const anonymous = await page('/resource-library?type=technical-paper');
    expect(anonymous.html).toMatch(/class="library-signin">.*Some technical papers are for signed-in customers only\./);
    expect(anonymous.html).toMatch(/href="\/login\?redirectTo=%2Fresource-library%3Ftype%3Dtechnical-paper"/);
    const publicPapers = listed(anonymous.html);
    expect(publicPapers.some((doc) => doc.locked)).toBe(false);

    const client = new CookieClient(site.url);
    await signIn(client, { email: 'buyer@customer.example', password: 'buyer-password', redirectTo: '/resource-library?type=technical-paper' });
    const member = await client.request('/resource-library?type=technical-paper');
    const memberHtml = await member.text();
    expect(memberHtml).not.toContain('class="library-signin"');
    const papers = listed(memberHtml);
    const secured = papers.filter((doc) => doc.locked);
    expect(secured.length).toBeGreaterThan(0);
    const totalOf = (html: string) => Number(/ of (\d+)/.exec(decode(html))![1]);
    expect(totalOf(memberHtml)).toBeGreaterThan(totalOf(anonymous.html));

    const target = secured[0]!;
    const refused = await fetch(`${site.url}${target.href}`, { redirect: 'manual' });
    expect([302, 401]).toContain(refused.status);
    const opened = await client.request(target.href);
    expect(opened.status).toBe(200);
    expect(Number(opened.headers.get('content-length'))).toBe(target.size);
    expect(opened.headers.get('cache-control')).toContain('no-store');
  });
});
