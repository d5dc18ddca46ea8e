import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { formatQuantity } from '../../app/lib/units.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';

/**
 * Counts, bounds and results an engineer can trust (docs/decisions/0176 to 0178), on the built site
 * over HTTP, read as the visitor reads them: the default catalogue (20,000 parts), so Circuit
 * Protection holds more than the 5,000 results a search can page through.
 */

const PRODUCTS = 20_000;
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: String(PRODUCTS) }, { timeout: 180_000 });
const products = generateCatalogue({ products: PRODUCTS }).documents.filter((doc) => doc.objecttype === 'Product');

const page = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return { status: response.status, body: await response.text() };
};
const decode = (html: string) => html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
/** What the visitor reads of the page's main part: no scripts, styles or tags. */
const visible = (html: string) => decode((/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html).replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const number = (text: string) => Number(text.replace(/[^0-9]/g, ''));

describe.runIf(built)('counts and bounds that are true', () => {
  it("Circuit Protection's count is every part it holds, the sum of its families', past the 5,000 a search pages through", async () => {
    const { status, body } = await page('/products/circuit-protection');
    expect(status).toBe(200);
    const count = number(/<p class="catalogue-count"[^>]*>([^<]*)<\/p>/.exec(body)![1]!);
    const families = /<nav[^>]*class="catalogue-children"[\s\S]*?<\/nav>/.exec(body)![0];
    const counts = [...families.matchAll(/<span class="facet__count">\(([^)]*)\)<\/span>/g)].map((m) => number(m[1]!));
    expect(counts.length).toBeGreaterThan(3);
    expect(count).toBe(counts.reduce((a, b) => a + b, 0));
    expect(count).toBe(products.filter((doc) => doc.fields.levelonecategory === 'Circuit Protection').length);
    expect(count).toBeGreaterThan(5000);
    expect(visible(body)).toContain(`${count.toLocaleString('en')} parts`);
  });

  it("the varistor listing's hints are the smallest and largest value its parts have", async () => {
    const { body } = await page('/products/circuit-protection/varistors');
    const varistors = products.filter((doc) => doc.fields.leveltwocategory === 'Varistors');
    const units: Record<string, string> = { varistorvoltage: 'V', maxacvoltage: 'V', energyrating: 'J' };
    for (const [field, unit] of Object.entries(units)) {
      const values = varistors.map((doc) => doc.fields[field]).filter((v): v is number => typeof v === 'number');
      const hint = (bound: 'min' | 'max') => decode(new RegExp(`name="${bound}_${field}"[^>]*placeholder="([^"]*)"`).exec(body)?.[1] ?? '');
      expect([hint('min'), hint('max')], field).toEqual([formatQuantity(Math.min(...values), unit), formatQuantity(Math.max(...values), unit)]);
    }
    // The design range starts at 18 V; the parts listed start lower, and the hint says so.
    expect(decode(/name="min_varistorvoltage"[^>]*placeholder="([^"]*)"/.exec(body)![1]!)).not.toBe('18 V');
  });

  it('a page past the end names the page asked and the last one, on the search and on a listing (404)', async () => {
    const search = await page('/searchresult?q=fuse&page=9999');
    expect(search.status).toBe(404);
    const total = Number(/data-total="(\d+)"/.exec(search.body)![1]);
    const last = Math.min(Math.ceil(total / 12), Math.floor(5000 / 12));
    expect(visible(search.body)).toContain(`There is no page 9999: this search has ${total.toLocaleString('en')} results on ${last} pages.`);
    expect(visible(search.body)).toContain(`Go to page ${last}`);

    const listing = await page('/products/circuit-protection?page=9999');
    expect(listing.status).toBe(404);
    // 11,000 parts and more, 12 a page: the last page a search reaches is 416 (REQ-SEARCH-4).
    expect(visible(listing.body)).toContain('There is no page 9999 of these parts: the last is page 416.');
    const german = await page('/de/products/circuit-protection?page=9999');
    expect(visible(german.body)).toContain('Eine Seite 9999 gibt es für diese Bauteile nicht: Die letzte ist Seite 416.');
  });

  it('spreads rated current over round log-scale buckets (1-2-5 edges), none holding nearly every fuse', async () => {
    const { body } = await page('/searchresult?q=fuse');
    const facet = /<fieldset class="facet facet--range">\s*<legend>Rated current[\s\S]*?<\/fieldset>/.exec(body)![0].replace(/<!-- -->/g, '');
    const buckets = [...facet.matchAll(/href="[^"]*min\.ratedcurrent=([0-9.e-]+)&amp;max\.ratedcurrent=([0-9.e-]+)"[^>]*>([^<]*)<span class="facet__count">\((\d+)\)/g)].map((m) => ({ start: Number(m[1]), end: Number(m[2]), label: decode(m[3]!).trim(), count: Number(m[4]) }));
    expect(buckets.length).toBeGreaterThan(3);
    const round = (value: number) => [1, 2, 5].some((step) => Math.abs(Math.log10(value / step) - Math.round(Math.log10(value / step))) < 1e-9);
    for (const bucket of buckets) {
      expect(round(bucket.start) && round(bucket.end), `${bucket.start}..${bucket.end}`).toBe(true);
      expect(bucket.end / bucket.start).toBeGreaterThanOrEqual(2);
    }
    const all = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
    expect(Math.max(...buckets.map((bucket) => bucket.count))).toBeLessThan(all * 0.6);
    // Written as a datasheet writes them: 1 mA – 10 mA, not 0.001 A – 0.01 A.
    expect(buckets.some((bucket) => / mA – /.test(bucket.label))).toBe(true);
  });
});

describe.runIf(built)('results that read like a parts list', () => {
  it('product results carry no publication date; a series folds its other parts into a table of part, ratings and stock', async () => {
    const { body } = await page('/searchresult?q=varistor');
    const items = [...body.matchAll(/<li class="result result--product[\s\S]*?(?=<li class="result|<\/ol>)/g)].map((m) => m[0]);
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) expect(item).not.toContain('<time');
    const table = /<table class="folded-parts">[\s\S]*?<\/table>/.exec(body)![0];
    const headers = [...table.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => decode(m[1]!));
    expect(headers).toEqual(['Part', 'Max. AC voltage', 'Max. DC voltage', 'Stock']);
    const rows = [...table.matchAll(/<tr id="result-[^"]*">([\s\S]*?)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => decode(cell[1]!.replace(/<[^>]+>/g, '')).trim()));
    expect(rows).toHaveLength(2);
    for (const [part, ac, dc, stock] of rows) {
      const doc = products.find((one) => one.partNumber === part)!;
      expect(ac).toBe(formatQuantity(doc.fields.maxacvoltage as number, 'V'));
      expect(dc).toBe(formatQuantity(doc.fields.maxdcvoltage as number, 'V'));
      expect(stock).toBe(doc.fields.checkstock ? 'In stock' : 'Not in stock');
    }
  });

  it('compare shows each part\'s picture, datasheet, package and operating temperature', async () => {
    const [a, b] = products.filter((doc) => doc.fields.leveltwocategory === 'Fuses').slice(0, 2);
    const { status, body } = await page(`/products/compare?parts=${a!.partNumber},${b!.partNumber}`);
    expect(status).toBe(200);
    const row = (name: string) => new RegExp(`<tr[^>]*><th scope="row">${name}[\\s\\S]*?</tr>`).exec(body)?.[0] ?? '';
    expect(row('Picture').match(/<img [^>]*src="[^"]+"/g)).toHaveLength(2);
    expect(row('Datasheet').match(/<a href="[^"]+\.pdf"/g)).toHaveLength(2);
    const cells = (html: string) => [...html.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((m) => decode(m[1]!.replace(/<[^>]+>/g, '')).trim());
    expect(cells(row('Package'))).toEqual([a, b].map((doc) => packageName(doc!.fields.packagedisplayname ?? doc!.fields.package)));
    expect(cells(row('Operating temperature'))).toEqual([a, b].map((doc) => `${formatQuantity(doc!.fields.operatingtemperaturemin as number, '°C')} … ${formatQuantity(doc!.fields.operatingtemperaturemax as number, '°C')}`));
  });
});

/** A package's name in English, as the generated catalogue gives it (a name or one per language). */
function packageName(value: unknown): string {
  return typeof value === 'object' && value !== null && 'en' in value ? String((value as { en: unknown }).en) : String(value);
}
