import { createRequire } from 'node:module';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import { extentOf, outlineOf } from '@voltaris/catalogue/package-outlines';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { phoneCountryOf } from '../../standins/solr/phone-numbers.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';

/**
 * Issue 31, item 3, on the built site over real HTTP: what a component engineer sees on the
 * cross-reference, a part page, its datasheet and 3D model, the stock check, the where-to-buy and
 * contact pages, the FAQ and news lists.
 */

const PRODUCTS = 4000;
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: String(PRODUCTS) });
// The same catalogue the site generates (default seed): which parts exist, to pick them by what they are.
const documents = generateCatalogue({ products: PRODUCTS }).documents;
const products = documents.filter((doc) => doc.objecttype === 'Product');

const page = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, body: await response.text() };
};
const decode = (html: string) => html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");

/** The cross-reference table's rows: part number, grade and the Why column, as the visitor reads them. */
async function crossReference(typed: string) {
  const { status, body } = await page(`/products/cross-reference?part=${encodeURIComponent(typed)}`);
  const table = /<table[^>]*class="[^"]*parametric-table[\s\S]*?<\/table>/.exec(body)?.[0] ?? '';
  const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map((row) => {
    const cells = [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => decode(cell[1]!.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()));
    return { part: cells[0]!.split(' ')[0]!, grade: cells[1]!, why: cells[2]! };
  });
  return { status, body, rows };
}

interface OcctResult {
  success: boolean;
  meshes: Array<{ attributes: { position: { array: number[] } } }>;
}
const require = createRequire(import.meta.url);
const occt = () => (require('occt-import-js') as () => Promise<{ ReadStepFile(content: Uint8Array, params: null): OcctResult }>)();

describe.runIf(built)('a catalogue an engineer believes', () => {
  it('cross-references V275LA20AP to 275 V varistors, never to another rating, and says why each is similar', async () => {
    const { status, rows } = await crossReference('V275LA20AP');
    expect(status).toBe(200);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows.filter((one) => one.grade === 'Drop-in')) {
      const part = products.find((doc) => doc.partNumber === row.part)!;
      expect([part.fields.maxacvoltage, part.fields.package], row.part).toEqual([275, 'Disc 20 mm']);
      expect(row.why).toContain('same Max. AC voltage 275 V');
    }
    // The first answer is a 275 V part; a part of another rating is never a drop-in, and says so.
    expect(products.find((doc) => doc.partNumber === rows[0]!.part)!.fields.maxacvoltage).toBe(275);
    for (const row of rows.filter((one) => one.grade !== 'Drop-in')) expect(row.why, row.part).toMatch(/different (rating|package)/);
    expect(rows.some((row) => /(^|\D)75 V/.test(row.why) && row.grade === 'Drop-in')).toBe(false);
  });

  it('accepts SMBJ5.0A, the page\'s own placeholder, and answers with 5 V stand-off TVS diodes', async () => {
    const { status, body, rows } = await crossReference('SMBJ5.0A');
    expect(status).toBe(200);
    expect(body).toContain('placeholder="SMBJ5.0A"');
    // What the visitor reads (the page without its style sheet, scripts and markup) refuses nothing.
    const text = decode(body.replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, '').replace(/<[^>]+>/g, ' '));
    expect(text).not.toMatch(/not a valid|invalid|A part number is 4 to 10/i);
    expect(body).not.toContain('role="alert"');
    expect(rows.length).toBeGreaterThan(0);
    const first = products.find((doc) => doc.partNumber === rows[0]!.part)!;
    expect(first.fields.standoffvoltage).toBe(5);
    for (const row of rows.filter((one) => one.grade === 'Drop-in')) {
      const part = products.find((doc) => doc.partNumber === row.part)!;
      expect([part.fields.standoffvoltage, part.fields.package, /\dCA/.test(row.part)], row.part).toEqual([5, 'SMB (DO-214AA)', false]);
    }
  });

  it('links one datasheet from the part page and from search, listing every part of the series (0451: 24)', async () => {
    const series = products.filter((doc) => doc.fields.series === '0451');
    expect(series).toHaveLength(24);
    const part = await page(String(series[5]!.fields.clickableuri));
    expect(part.status).toBe(200);
    const fromPart = /<a href="(\/media\/[^"]+\.pdf)">Datasheet<\/a>/.exec(part.body)?.[1];
    expect(fromPart).toBe('/media/resources/datasheet/0451-datasheet.pdf');
    const search = await page('/searchresult?q=0451+datasheet');
    expect(search.body).toContain(`href="${fromPart}"`);
    const pdf = await fetch(`${site.url}${fromPart}`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    for (const one of series) expect(text, one.partNumber).toContain(`(${one.partNumber})`);
    // The address the part pages used to link opens the same file.
    const old = await page('/media/datasheets/0451.pdf');
    expect([old.status, old.headers.get('location')]).toEqual([301, fromPart]);
  });

  it('offers a STEP model whose first solid has the package body\'s dimensions, with its terminals, and a picture of that package', async () => {
    const fuse = products.find((doc) => doc.fields.package === '2410' && doc.fields.ecadmodels === true)!;
    const part = await page(String(fuse.fields.clickableuri));
    const model = /<a href="([^"]+)"[^>]*class="cad-model-link"/.exec(part.body)?.[1];
    expect(model).toBeDefined();
    const step = await fetch(new URL(decode(model!), site.url));
    expect(step.status).toBe(200);
    const result = (await occt()).ReadStepFile(new Uint8Array(await step.arrayBuffer()), null);
    expect(result.success).toBe(true);
    // The body first, then one solid per terminal (decision 0175): the body has the package's dimensions.
    expect(result.meshes.length).toBeGreaterThanOrEqual(1);
    const positions = result.meshes[0]!.attributes.position.array;
    const extent = [0, 1, 2].map((axis) => {
      const values = positions.filter((_, i) => i % 3 === axis);
      return Math.max(...values) - Math.min(...values);
    });
    extentOf(outlineOf('2410')!).forEach((expected, axis) => expect(extent[axis]!).toBeCloseTo(expected, 1));
    // An SMD fuse shows a chip, not a cartridge.
    const picture = /<img src="(\/media\/products\/packages\/[^"]+\.svg)"/.exec(part.body)?.[1];
    expect(picture).toBe('/media/products/packages/2410.svg');
    expect((await page(picture!)).body).toContain('data-style="chip"');
  });

  it('checks stock with the distributors the where-to-buy page lists, and shows phone numbers valid for their country', async () => {
    const inStock = products.find((doc) => doc.fields.checkstock === true)!.partNumber!;
    const stock = await page('/CheckStock', { method: 'POST', headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ _component: 'CheckStock', partNumber: inStock, quantity: '10' }) });
    expect(stock.status).toBe(200);
    expect(stock.body).not.toMatch(/contoso|fabrikam|northwind/i);
    // Every distributor of the stock table is one the where-to-buy page lists (a region named in full, a name marked translate="no").
    const result = decode(/class="check-stock__result"[\s\S]*?<\/table>/.exec(stock.body)?.[0] ?? '');
    const named = [...result.matchAll(/<tr>\s*<t[hd][^>]*>(?:Americas|EMEA|APAC)(?: \([^<)]+\))?<\/t[hd]>\s*<t[hd][^>]*>(?:<span translate="no">)?([^<]+)(?:<\/span>)?<\/t[hd]>/g)].map((match) => match[1]!.trim());
    expect(named).toHaveLength(6);
    const where = decode((await page('/company/where-to-buy')).body);
    for (const name of named) expect(where, name).toContain(`<h4>${name} `);
    const phones = [...where.matchAll(/<a href="tel:(\+\d+)">/g)].map((match) => match[1]!);
    expect(phones.length).toBeGreaterThan(20);
    for (const phone of phones) expect(isValidPhoneNumber(phone), phone).toBe(true);
    // Japan's office and distributors have Japanese numbers (+81), valid in Japan.
    const japanese = phones.filter((phone) => phone.startsWith('+81'));
    expect(japanese.length).toBeGreaterThan(0);
    for (const phone of japanese) expect(isValidPhoneNumber(phone, phoneCountryOf('Japan'))).toBe(true);
  });

  it('lists 500 distinct FAQs in each language, and marks a news item of the last 30 days', async () => {
    for (const path of ['/support/faq', '/de/support/faq', '/ja-jp/support/faq']) {
      const { body } = await page(path);
      const entries = [...body.matchAll(/<li class="faq-entry">([\s\S]*?)<\/li>/g)].map((match) => match[1]!);
      expect(entries, path).toHaveLength(500);
      const questions = entries.map((entry) => /<h3>([\s\S]*?)<\/h3>/.exec(entry)![1]!.replace(/<[^>]+>/g, ''));
      const answers = entries.map((entry) => /<p>([\s\S]*?)<\/p>/.exec(entry)![1]!.replace(/<[^>]+>/g, ''));
      expect(new Set(questions).size, path).toBe(500);
      expect(new Set(answers).size, path).toBe(500);
    }
    const news = await page('/company/news');
    expect(news.status).toBe(200);
    expect(news.body).toMatch(/class="badge badge--ok"/);
  });
});
