import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { visibleText } from '../support/visible-text.ts';

// What a part is chosen by besides its ratings (docs/decisions/0170) and units as datasheets write
// them (0171), as the visitor reads them on the built site.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '4000' });

const get = async (path: string) => {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, body: await response.text() };
};
/** The visible text of <main>, one string. */
const mainText = (body: string, language = 'en') => visibleText(/<main[\s\S]*<\/main>/.exec(body)?.[0] ?? body, language).join(' ');
const count = (body: string) => Number(/catalogue-count[^>]*>([^<]*)</.exec(body)?.[1]?.replace(/[^0-9]/g, '') ?? NaN);
/** The cells of the listing table's column headed `header`. */
function column(body: string, header: string): string[] {
  const table = /<table[^>]*parametric-table[\s\S]*?<\/table>/.exec(body)?.[0] ?? '';
  const heads = [...(/<thead[\s\S]*?<\/thead>/.exec(table)?.[0] ?? '').matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, '').trim());
  const at = heads.indexOf(header);
  if (at < 0) return [];
  const rows = [...(/<tbody[\s\S]*?<\/tbody>/.exec(table)?.[0] ?? '').matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)];
  return rows.map((row) => [...row[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)][at]?.[1]?.replace(/<[^>]+>/g, '').trim() ?? '');
}
const FUSES = '/products/circuit-protection/fuses/surface-mount-fuses';
const firstPart = (body: string) => /href="(\/(?:de\/)?products\/[^"?]+\/[^"?]+\/[^"?]+\/[^"?]+\/[^"?]+)"/.exec(body)?.[1];

describe.runIf(built)('choosing a part: package, family choices, lifecycle and compliance', () => {
  it('narrows the surface-mount fuses to one package with the Package filter, and the column shows it', async () => {
    const all = await get(FUSES);
    const text = mainText(all.body);
    expect(text.match(/Package/g)?.length).toBeGreaterThanOrEqual(2);
    const packages = [...new Set(column(all.body, 'Package'))];
    expect(packages.length).toBeGreaterThan(0);
    const offered = [...all.body.matchAll(/name="package" value="([^"]+)"/g)].map((m) => m[1]!);
    expect(offered.length).toBeGreaterThan(1);
    const chosen = offered[0]!;
    const narrowed = await get(`${FUSES}?package=${encodeURIComponent(chosen)}`);
    expect(narrowed.status).toBe(200);
    expect(count(narrowed.body)).toBeGreaterThan(0);
    expect(count(narrowed.body)).toBeLessThan(count(all.body));
    expect(new Set(column(narrowed.body, 'Package'))).toEqual(new Set([chosen]));
  });

  it('offers fuse speed on fuses and polarity on TVS diodes, each agreeing with the part number', async () => {
    const fuses = await get(FUSES);
    expect(mainText(fuses.body)).toContain('Fuse speed');
    const bidirectional = await get('/products/circuit-protection/tvs-diodes?polarity=bidirectional&size=48');
    const numbers = [...bidirectional.body.matchAll(/<th[^>]*scope="row"[^>]*>\s*<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
    expect(numbers.length).toBeGreaterThan(0);
    // SMBJ15CA: the C of the suffix is what makes a TVS diode bidirectional.
    for (const number of numbers) expect(number, number).toMatch(/\d(C[A-Z]*)$/);
    expect(new Set(column(bidirectional.body, 'Polarity'))).toEqual(new Set(['Bidirectional']));
  });

  it('keeps only RoHS-compliant parts with the compliance switch, and refuses an unknown one (400)', async () => {
    const all = count((await get('/products/circuit-protection/fuses')).body);
    const rohs = count((await get('/products/circuit-protection/fuses?compliance=rohs')).body);
    expect(rohs).toBeGreaterThan(0);
    expect(rohs).toBeLessThanOrEqual(all);
    const bad = await get('/products/circuit-protection/fuses?compliance=lead');
    expect(bad.status).toBe(400);
    expect(mainText(bad.body)).toContain('“lead” is not a compliance filter.');
  });

  it('names lifecycle, RoHS, REACH, halogen-free, AEC-Q and approvals on a part page, in buyer words only', async () => {
    const listing = await get('/products/circuit-protection/varistors');
    const path = firstPart(listing.body)!;
    const text = mainText((await get(path)).body);
    for (const row of ['Lifecycle', 'RoHS', 'REACH', 'Halogen-free', 'AEC-Q qualification', 'Agency approvals', 'Package']) expect(text, row).toContain(row);
    expect(text).toMatch(/Lifecycle (Active|Not recommended for new designs|Obsolete)/);
    expect(text).not.toMatch(/ESBU|L7 –|\(L[1-7]\)/);
    expect(text).toContain('Orderable part');
  });

  it('links the successor of a part not for new designs to its page', async () => {
    const listing = await get('/products/circuit-protection/fuses?lifecycle=nrnd');
    expect(count(listing.body)).toBeGreaterThan(0);
    const page = await get(firstPart(listing.body)!);
    const text = mainText(page.body);
    expect(text).toContain('Not recommended for new designs – successor:');
    const successor = /successor:[^<]*(?:<!--[^>]*-->[^<]*)*<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(page.body);
    expect(successor).not.toBeNull();
    const target = await get(successor![1]!);
    expect(target.status).toBe(200);
    expect(mainText(target.body)).toContain(successor![2]!);
    expect(mainText(target.body)).toMatch(/Lifecycle Active/);
  });

  it('shows no internal codes on part pages of every family nor on the fuse listing', async () => {
    const fuses = await get(FUSES);
    expect(mainText(fuses.body)).not.toMatch(/ESBU|L7 –|\(L[1-7]\)/);
    for (const category of ['/products/circuit-protection/fuses', '/products/circuit-protection/tvs-diodes', '/products/power-control/relays', '/products/sensing/reed-switches', '/products/power-control/mosfets']) {
      const path = firstPart((await get(category)).body)!;
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(mainText(page.body), path).not.toMatch(/ESBU|L7 –|\(L[1-7]\)/);
    }
  });

  it('writes the thyristors’ dV/dt in V/µs and filters by it as typed', async () => {
    const body = (await get('/products/power-control/thyristors')).body;
    const text = mainText(body);
    expect(text).toContain('V/µs');
    expect(text).not.toMatch(/\d (MV|GV|kV)\/s/);
    const typed = count((await get('/products/power-control/thyristors?min_criticalrateofrise=500+V%2F%C2%B5s')).body);
    expect(typed).toBeGreaterThan(0);
    expect(count((await get('/products/power-control/thyristors?min_criticalrateofrise=500')).body)).toBe(typed);
  });

  it('gives German part pages titles with a decimal comma, as their tables write values', async () => {
    // Varistor part numbers carry no decimal point (V275LA20E): any point in a title is a value's.
    const listing = await get('/de/products/circuit-protection/varistors?size=48');
    const paths = [...new Set([...listing.body.matchAll(/href="(\/de\/products\/[^"?]+\/[^"?]+\/[^"?]+\/[^"?]+\/[^"?]+)"/g)].map((m) => m[1]!))].slice(0, 24);
    expect(paths.length).toBeGreaterThan(0);
    const titles = await Promise.all(paths.map(async (path) => /<title>([^<]*)<\/title>/.exec((await get(path)).body)?.[1] ?? ''));
    for (const title of titles) expect(title).not.toMatch(/\d\.\d/);
    expect(titles.some((title) => /\d,\d/.test(title)), titles.join('\n')).toBe(true);
  });
});
