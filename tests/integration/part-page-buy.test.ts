import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { DISTRIBUTORS } from '../../standins/stock/stand-in.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { childrenNamed, parseSExpr } from '../support/sexpr.ts';
import { visibleText } from '../support/visible-text.ts';

/**
 * A part page to buy from (decisions 0173-0175), over real HTTP on the built site: price breaks in
 * the visitor's currency, stock per distributor with a link into its shop, packaging and order
 * multiple, the datasheet's revision, and the KiCad files the ECAD download offers. No scripts.
 */

const PRODUCTS = 4000;
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: String(PRODUCTS) });
const products = generateCatalogue({ products: PRODUCTS }).documents.filter((doc) => doc.objecttype === 'Product');
const varistor = products.find((doc) => doc.fields.leveltwocategory === 'Varistors' && doc.fields.checkstock === true && doc.fields.ecadmodels === true) ?? products.find((doc) => doc.fields.leveltwocategory === 'Varistors')!;
const tvs = products.find((doc) => doc.fields.leveltwocategory === 'TVS Diodes' && String(doc.fields.package).startsWith('SMB'));

const get = async (path: string) => {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return { status: response.status, body: await response.text() };
};
const mainOf = (html: string) => /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
const decode = (text: string) => text.replace(/&amp;/g, '&');

describe.runIf(built)('a part page to buy from', () => {
  it('shows price breaks in dollars on the English page, in euros on the German one, in yen on the Japanese one', async () => {
    const path = String(varistor.fields.clickableuri);
    const en = visibleText(mainOf((await get(path)).body), 'en').join(' ');
    expect(en).toContain('Price and availability');
    const prices = [...en.matchAll(/\$(\d+\.\d{2,4})/g)].map((match) => Number(match[1]));
    expect(prices.length).toBeGreaterThanOrEqual(3);
    // Falling with the quantity.
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
    const de = visibleText(mainOf((await get(`/de${path}`)).body), 'de').join(' ');
    expect(de).toMatch(/\d+,\d{2,4}\s€/);
    expect(de).toContain('Staffelpreise in EUR');
    const ja = visibleText(mainOf((await get(`/ja-jp${path}`)).body), 'ja').join(' ');
    expect(ja).toMatch(/[￥¥]\d/);
  });

  it('prices an SMBJ-type TVS diode in cents at a thousand, on a reel of 3,000', async () => {
    if (!tvs) return;
    const text = visibleText(mainOf((await get(String(tvs.fields.clickableuri))).body), 'en').join(' ');
    const atThousand = /1,000 \$(\d+\.\d+)/.exec(text);
    expect(atThousand, text.slice(0, 400)).not.toBeNull();
    expect(Number(atThousand![1])).toBeLessThan(0.5);
    expect(text).toContain('Tape and reel, 3,000 per reel');
  });

  it('links "Buy at <distributor>" to the distributor\'s shop with the part number, and names packaging and order multiple', async () => {
    const { body } = await get(String(varistor.fields.clickableuri));
    // The link's text as read: the distributor's name sits in a translate="no" span inside it.
    const links = [...mainOf(body).matchAll(/<a [^>]*href="(https:\/\/[^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((match) => ({ href: decode(match[1]!), text: decode(match[2]!.replace(/<[^>]+>/g, '')) }));
    const buy = links.filter((link) => link.text.startsWith('Buy at '));
    const names = Object.values(DISTRIBUTORS).flat();
    expect(buy.length).toBeGreaterThanOrEqual(names.length);
    for (const link of buy) {
      const name = link.text.slice('Buy at '.length);
      expect(names).toContain(name);
      const url = new URL(link.href);
      expect(url.protocol).toBe('https:');
      expect(url.hostname).toContain(name.toLowerCase().split(/[^a-z]+/)[0]!);
      expect(decodeURIComponent(url.pathname + url.search)).toContain(varistor.partNumber!);
    }
    const text = visibleText(mainOf(body), 'en').join(' ');
    expect(text).toMatch(/Packaging (Tape and reel|Tube|Bulk), [\d,]+ per (reel|tube|box)/);
    expect(text).toMatch(/Order multiple \d/);
    expect(text).toMatch(/Minimum order \d/);
    expect(text).toMatch(/Datasheet \( ?Revision [A-Z], \d{4}-\d{2}-\d{2} ?\)/);
  });

  it('offers a KiCad footprint and symbol that parse, with a pad per terminal', async () => {
    const { body } = await get(String(varistor.fields.clickableuri));
    const footprintHref = /href="([^"]+\.kicad_mod)"/.exec(body)?.[1];
    const symbolHref = /href="([^"]+\.kicad_sym)"/.exec(body)?.[1];
    expect(/href="[^"]+\.zip"/.test(body)).toBe(true);
    const url = (href: string) => (href.startsWith('http') ? href : `${site.url}${href}`);
    const footprint = parseSExpr(await (await fetch(url(decode(footprintHref!)))).text());
    expect(childrenNamed(footprint, 'pad').length).toBe(2);
    const symbol = parseSExpr(await (await fetch(url(decode(symbolHref!)))).text());
    expect(childrenNamed(symbol, 'pin', true).map((pin) => String(childrenNamed(pin, 'name')[0]![1]))).toEqual(['T1', 'T2']);
  });
});
