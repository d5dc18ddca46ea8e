import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';

// The built site with its embedded stand-ins, over real HTTP: the catalogue's pages and the
// component-model stand-in, and a site whose search service is down.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '4000' });
const searchDown = demoSiteForSuite({ SEARCH_API_URL: 'http://127.0.0.1:9/rest/search/v2' }, { shared: true });

const html = async (path: string, on = () => site) => {
  const response = await fetch(`${on().url}${path}`);
  return { status: response.status, body: await response.text() };
};
const count = (body: string) => Number(/catalogue-count[^>]*>([^<]*)</.exec(body)?.[1]?.replace(/[^0-9]/g, '') ?? NaN);

describe.runIf(built)('catalogue pages', () => {
  it('links the categories from /products/ and /de/products/', async () => {
    const en = await html('/products/');
    expect(en.status).toBe(200);
    expect(new Set(en.body.match(/href="\/products\/[^"#?]+"/g)).size).toBeGreaterThanOrEqual(5);
    const de = await html('/de/products/');
    expect(de.body).toMatch(/<html lang="de"/);
    expect(de.body).toContain('href="/de/products/circuit-protection/fuses"');
  });

  it('marks the series index letters no series starts with, with a letter chosen too, and each enabled letter finds series', async () => {
    const base = '/products/circuit-protection/fuses';
    const indexOf = (body: string) => /<nav class="alphabet-filter" aria-label="Series from A to Z">([\s\S]*?)<\/nav>/.exec(body)?.[1] ?? '';
    const letters = (index: string, pattern: RegExp) => [...index.matchAll(pattern)].map((match) => match[1]!);
    const all = indexOf((await html(base)).body);
    const enabled = letters(all, /<a [^>]*>([A-Z#])<\/a>/g);
    const disabled = letters(all, /<span aria-disabled="true">([A-Z#])<\/span>/g);
    expect(enabled.length).toBeGreaterThan(0);
    expect(disabled.length).toBeGreaterThan(0);
    const letter = enabled.find((one) => one !== '#')!;
    const chosen = await html(`${base}?index=${letter}`);
    const chosenIndex = indexOf(chosen.body);
    // The same letters stay enabled when one is chosen: the index is not narrowed by itself.
    expect(letters(chosenIndex, /<span aria-disabled="true">([A-Z#])<\/span>/g)).toEqual(disabled);
    expect(chosenIndex).toMatch(new RegExp(`aria-current="true"[^>]*>${letter}<`));
    expect(count(chosen.body)).toBeGreaterThan(0);
    const empty = await html(`${base}?index=${disabled.find((one) => one !== '#') ?? disabled[0]}`);
    expect(count(empty.body)).toBe(0);
  });

  it('filters the same for "0.5kV" and "500 V", and explains "abc V"', async () => {
    const base = '/products/circuit-protection/fuses';
    const all = count((await html(base)).body);
    const typed = count((await html(`${base}?min_ratedvoltage=0.5kV`)).body);
    expect(typed).toBeGreaterThan(0);
    expect(typed).toBeLessThan(all);
    expect(count((await html(`${base}?min_ratedvoltage=500+V`)).body)).toBe(typed);
    const bad = await html(`${base}?min_ratedvoltage=abc+V`);
    // Bad input gets a 4xx, with the message and the form to fix it (issue 19).
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('&quot;abc V&quot; is not a value in V.');
    expect(bad.body).toContain('value="abc V"');
  });

  it('filters by picofarads and nanoamperes (values JavaScript writes as 1e-10), the same however typed', async () => {
    const base = '/products/circuit-protection/tvs-diodes';
    const all = count((await html(base)).body);
    const small = count((await html(`${base}?max_junctioncapacitance=100p`)).body);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThan(all);
    expect(count((await html(`${base}?max_junctioncapacitance=0.1n`)).body)).toBe(small);
    const low = await html(`${base}?max_leakagecurrent=1%C2%B5&min_junctioncapacitance=10p`);
    expect(low.status).toBe(200);
    expect(count(low.body)).toBeGreaterThan(0);
    expect(count(low.body)).toBeLessThan(all);
  });

  it('answers a listing page past the last with 404 and a link to the last, not "no parts match these filters"', async () => {
    const base = '/de/products/circuit-protection/fuses/surface-mount-fuses';
    const first = await html(base);
    const total = count(first.body);
    expect(total).toBeGreaterThan(12);
    const last = Math.ceil(total / 12);
    const beyond = await html(`${base}?page=${last + 3}`);
    expect(beyond.status).toBe(404);
    const shown = /<p class="catalogue-empty">([\s\S]*?)<\/p>/.exec(beyond.body)?.[1] ?? '';
    expect(shown).toContain(`Die letzte ist Seite ${last}.`);
    expect(shown).not.toContain('Keine Bauteile entsprechen diesen Filtern');
    const href = new RegExp(`<a [^>]*href="(${base}\\?[^"]*\\bpage=${last})"`).exec(shown)?.[1];
    expect(href).toBeDefined();
    // The link leads to a page with parts.
    const lastPage = await html(href!.replaceAll('&amp;', '&'));
    expect(lastPage.status).toBe(200);
    expect(lastPage.body).toContain('class="parametric-table');
  });

  it('says what is wrong with a typed part number in the page\'s language on compare and cross-reference', async () => {
    // Compare takes our part numbers (4 to 10 characters); the cross-reference any maker's, up to 40 (decision 0161).
    for (const [path, message] of [
      ['/de/products/compare?add=%3Cb%3E', 'Eine Artikelnummer hat 4 bis 10 Buchstaben'],
      ['/de/products/cross-reference?part=%3Cb%3E', 'Eine Artikelnummer hat 1 bis 40 Buchstaben'],
    ] as const) {
      const { body } = await html(path);
      const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(body)?.[1] ?? '';
      expect(main, path).not.toContain('A part number is');
      expect(main, path).toContain(message);
    }
  });

  it('lists power relays and contactors in three languages, each part linking to its page, and PV fuses for 1500 V strings', async () => {
    for (const [prefix, lang, contactors, relays] of [
      ['', 'en', 'Contactors', 'Power Relays'],
      ['/de', 'de', 'Schütze', 'Leistungsrelais'],
      ['/ja-jp', 'ja-JP', '電磁接触器', 'パワーリレー'],
    ] as const) {
      const parent = await html(`${prefix}/products/power-control/relays`);
      expect(parent.body).toContain(`href="${prefix}/products/power-control/relays/power-relays"`);
      expect(parent.body).toContain(`>${relays}<`);
      const listing = await html(`${prefix}/products/power-control/relays/contactors`);
      expect([prefix, listing.status]).toEqual([prefix, 200]);
      expect(listing.body).toContain(`<html lang="${lang}"`);
      expect(listing.body).toContain(contactors);
      expect(count(listing.body)).toBeGreaterThan(0);
      const href = new RegExp(`href="(${prefix}/products/power-control/relays/contactors/vct\\d+/(vct[0-9a-z-]+))"`).exec(listing.body);
      expect(href, prefix).not.toBeNull();
      const part = await html(href![1]!);
      expect(part.status).toBe(200);
      expect(part.body).toContain(href![2]!.toUpperCase());
    }
    const pv = await html('/products/circuit-protection/fuses?min_ratedvoltage=1.5kV');
    expect(count(pv.body)).toBeGreaterThan(0);
    expect(pv.body).toMatch(/href="\/products\/circuit-protection\/fuses\/cartridge-fuses\/pvx\/pvx[0-9a-z-]+"/);
  });

  it('answers 404 for unknown categories, series and parts', async () => {
    expect((await html('/products/circuit-protection/nothing')).status).toBe(404);
    expect((await html('/products/circuit-protection/fuses/surface-mount-fuses/nothing')).status).toBe(404);
    expect((await html('/products/circuit-protection/fuses/surface-mount-fuses/nothing/nothing')).status).toBe(404);
  });

  it('shows a message and a retry link when the search service cannot be reached', async () => {
    const down = await html('/products/circuit-protection/fuses', () => searchDown);
    expect(down.status).toBe(200);
    // Never kept by a cache: the next visitor asks again.
    const again = await fetch(`${searchDown.url}/products/circuit-protection/fuses`);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(down.body).toContain('The product catalogue cannot be reached right now.');
    expect(down.body).toContain('Client could not connect to the following URL: http://127.0.0.1:9');
  });
});

describe.runIf(built)('component-model stand-in', () => {
  it('serves a STEP model of the part\'s package and an SVG icon by catalogue number', async () => {
    // A 2410 fuse of the site's catalogue (4000 parts, the default seed).
    const part = generateCatalogue({ products: 4000 }).documents.find((doc) => doc.objecttype === 'Product' && doc.fields.package === '2410')!.partNumber!;
    const model = await fetch(`${site.url}/cad-models/v1/models/${encodeURIComponent(part)}`);
    expect(model.status).toBe(200);
    expect(model.headers.get('content-disposition')).toContain(`${part}.stp`);
    expect(await model.text()).toMatch(new RegExp(`^ISO-10303-21;[\\s\\S]*PRODUCT\\('${part.replace('.', '\\.')}'[\\s\\S]*MANIFOLD_SOLID_BREP`));
    expect((await fetch(`${site.url}/cad-models/v1/models/ZZ9999`)).status).toBe(404);
    const icon = await fetch(`${site.url}/cad-models/v1/icons/0451005.svg`);
    expect(icon.headers.get('content-type')).toContain('image/svg+xml');
    expect((await fetch(`${site.url}/cad-models/v1/models/abc`)).status).toBe(404);
  });
});
