import { describe, expect, it } from 'vitest';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { generateCatalogue, startOfDay } from '../../standins/search/catalogue/generate.ts';
import { buildCores } from '../../standins/solr/cores.ts';
import { phoneCountryOf } from '../../standins/solr/phone-numbers.ts';
import { DISTRIBUTORS, stockOf } from '../../standins/stock/stand-in.ts';
import { documentPdf, sheetFromFields } from '../../standins/media/document-pdf.ts';
import { productPictureSvg } from '../../standins/media/product-pictures.ts';

/** What an engineer checks first on a manufacturer's site: fairs, news, numbers and stock that are true. */

const DAY = 86_400_000;
const today = startOfDay(Date.now());
const documents = generateCatalogue({ products: 3000 }).documents;
const cores = buildCores(documents);

describe('the catalogue an engineer believes', () => {
  it('holds each trade fair once a year at most, in its real month (CES in January, electronica in November of even years)', () => {
    const events = documents.filter((doc) => doc.objecttype === 'Event' && doc.language === 'en');
    expect(events.length).toBeGreaterThan(20);
    const seen = new Map<string, number[]>();
    for (const event of events) {
      const [, fair, year] = /^(.*) (\d{4})$/.exec(event.title.en)!;
      const start = new Date(Number(event.fields.eventstartdate));
      expect(start.getUTCFullYear(), event.title.en).toBe(Number(year));
      expect(Number(event.fields.eventenddate)).toBeGreaterThan(start.getTime());
      seen.set(`${fair} ${year}`, [...(seen.get(`${fair} ${year}`) ?? []), start.getUTCMonth()]);
    }
    for (const [fair, months] of seen) expect(months, fair).toHaveLength(1);
    const monthsOf = (fair: string) => [...seen].filter(([key]) => key.startsWith(`${fair} `)).map(([key, [month]]) => [Number(key.slice(-4)), month]);
    for (const [, month] of monthsOf('CES')) expect(month).toBe(0);
    for (const [year, month] of monthsOf('electronica')) expect([year! % 2, month]).toEqual([0, 10]);
    for (const [, month] of monthsOf('embedded world')) expect(month).toBe(2);
  });

  it('has a news item within the last 30 days, dated from the day it is generated', () => {
    const newest = Math.max(...documents.filter((doc) => doc.objecttype === 'News').map((doc) => Number(doc.fields.date)));
    expect(newest).toBeLessThanOrEqual(today);
    expect(today - newest).toBeLessThan(30 * DAY);
  });

  it('gives offices, distributors and contacts phone numbers valid for their country (libphonenumber-js)', () => {
    const numbered = [...cores.wheretobuy, ...cores.contactus_details].filter((doc) => doc.language === 'en');
    expect(numbered.length).toBeGreaterThan(50);
    for (const doc of numbered) {
      const country = phoneCountryOf(String(doc.country));
      expect(country, String(doc.country)).toBeDefined();
      expect(isValidPhoneNumber(String(doc.phone), country), `${doc.country} ${doc.phone}`).toBe(true);
    }
    const japan = numbered.filter((doc) => doc.country === 'Japan');
    expect(japan.length).toBeGreaterThan(0);
    for (const doc of japan) expect(String(doc.phone)).toMatch(/^\+81 /);
  });

  it('answers stock from the distributors where-to-buy lists in the region, never made-up names', () => {
    const listed = new Map<string, Set<string>>();
    for (const doc of cores.wheretobuy) if (doc.kind === 'distributor' && doc.language === 'en') listed.set(String(doc.region), (listed.get(String(doc.region)) ?? new Set()).add(String(doc.name)));
    const home = { Americas: 'Americas', EMEA: 'Europe', APAC: 'Asia' } as const;
    const stock = stockOf({ partNumber: '0451001.NR', inStock: true });
    for (const region of stock.regions) {
      expect(region.distributors.length).toBeGreaterThan(0);
      for (const distributor of region.distributors) expect(listed.get(home[region.region])?.has(distributor.name), `${region.region} ${distributor.name}`).toBe(true);
    }
    expect(JSON.stringify(DISTRIBUTORS)).not.toMatch(/contoso|fabrikam|northwind/i);
  });

  it('has one datasheet per series, listing every part of the series, at the address every part links', () => {
    const big = generateCatalogue({ products: 20000 }).documents;
    const sheets = new Map(big.filter((doc) => doc.objecttype === 'Document' && doc.fields.resourcetype === 'Datasheet' && doc.language === 'en').map((doc) => [String(doc.fields.clickableuri), doc]));
    const partsOf = new Map<string, string[]>();
    for (const part of big.filter((doc) => doc.objecttype === 'Product')) partsOf.set(String(part.fields.datasheeturl), [...(partsOf.get(String(part.fields.datasheeturl)) ?? []), part.partNumber!]);
    for (const [url, parts] of partsOf) {
      const sheet = sheets.get(url);
      expect(sheet, url).toBeDefined();
      expect(sheet!.fields.relatedparts, url).toEqual(parts);
    }
    // 0451: 24 parts, all in the sheet's table (the PDF runs on to a second page when it must).
    const series0451 = [...partsOf].find(([url]) => url.endsWith('/0451-datasheet.pdf'))!;
    expect(series0451[1]).toHaveLength(24);
    const sheet = sheets.get(series0451[0])!;
    const parts = big.filter((doc) => doc.fields.series === '0451' && doc.objecttype === 'Product').map((doc) => ({ partNumber: doc.partNumber!, values: Object.fromEntries(Object.entries(doc.fields).filter((entry): entry is [string, number] => typeof entry[1] === 'number')), package: String(doc.fields.package ?? '') }));
    const pdf = documentPdf(sheetFromFields(sheet.title.en, sheet.fields, parts)).toString('latin1');
    expect(pdf.length).toBe(sheet.fields.size);
    for (const part of series0451[1]) expect(pdf).toContain(`(${part})`);
    const longest = Math.max(...[...partsOf.values()].map((list) => list.length));
    const widest = [...partsOf].find(([, list]) => list.length === longest)!;
    const wideSheet = sheets.get(widest[0])!;
    const widePdf = documentPdf(sheetFromFields(wideSheet.title.en, wideSheet.fields, big.filter((doc) => widest[1].includes(doc.partNumber ?? '')).map((doc) => ({ partNumber: doc.partNumber!, values: {} })))).toString('latin1');
    expect(Number(/\/Count (\d+)/.exec(widePdf)![1])).toBeGreaterThan(1);
    for (const part of widest[1]) expect(widePdf).toContain(`(${part})`);
    // Generating 20,000 parts with their PDFs takes 20 s and more on a shared machine.
  }, 90_000);

  it('shows each part a picture of its own package: an SMD fuse a chip, a cartridge fuse a tube, a varistor a disc', () => {
    const styleOf = (url: string) => /data-style="([a-z-]+)"/.exec(productPictureSvg(/\/media\/products\/packages\/([a-z0-9-]+)\.svg$/.exec(url)?.[1] ?? '') ?? '')?.[1];
    const products = documents.filter((doc) => doc.objecttype === 'Product');
    for (const part of products) expect(styleOf(String(part.fields.productimageurl)), `${part.partNumber} ${part.fields.package}`).toBeDefined();
    const expected: Record<string, string> = { '0603': 'chip', '2410': 'chip', '5 × 20 mm': 'cartridge', 'Disc 14 mm': 'disc', 'SMB (DO-214AA)': 'molded-smd', 'TO-247': 'transistor', 'Glass 10 mm': 'glass' };
    for (const [pack, style] of Object.entries(expected)) {
      const part = products.find((doc) => doc.fields.package === pack);
      if (part) expect(styleOf(String(part.fields.productimageurl)), pack).toBe(style);
    }
    const smdFuses = products.filter((doc) => doc.fields.levelthreecategory === 'Surface Mount Fuses');
    expect(smdFuses.length).toBeGreaterThan(0);
    for (const fuse of smdFuses) expect(styleOf(String(fuse.fields.productimageurl)), fuse.partNumber).toBe('chip');
  });

  it('has 500 FAQs per language, written per product family, no two questions or answers alike', () => {
    for (const language of ['en', 'de', 'ja', 'zh']) {
      const faqs = documents.filter((doc) => doc.objecttype === 'FAQ' && doc.language === language);
      expect(faqs, language).toHaveLength(500);
      expect(new Set(faqs.map((doc) => doc.fields.question_custom)).size, language).toBe(500);
      expect(new Set(faqs.map((doc) => doc.fields.answer_custom)).size, language).toBe(500);
      // Every family has its own questions, the series' ones with the series' real figures.
      expect(new Set(faqs.map((doc) => doc.fields.producttype)).size).toBe(12);
    }
    const en = documents.filter((doc) => doc.objecttype === 'FAQ' && doc.language === 'en');
    const choose = (family: string) => String(en.find((doc) => doc.fields.producttype === family && String(doc.fields.question_custom).startsWith('How do I select'))!.fields.answer_custom);
    expect(choose('tvs')).toContain('stand-off');
    expect(choose('fuses')).toContain('I²t');
    const smbj = en.find((doc) => doc.fields.question_custom === 'Which reverse stand-off voltage ratings does the SMBJ series cover?');
    const smbjParts = documents.filter((doc) => doc.objecttype === 'Product' && doc.fields.series === 'SMBJ');
    if (smbj) expect(String(smbj.fields.answer_custom)).toContain(`has ${smbjParts.length} parts`);
  });
  it('writes each product change notice in every site language: one notice, its number, date and parts, a title in the reader\'s language', () => {
    const notices = documents.filter((doc) => doc.objecttype === 'Document' && doc.fields.resourcetype === 'Product Change Notice');
    const english = notices.filter((doc) => doc.language === 'en');
    expect(english.length).toBeGreaterThan(5);
    const PCN = /^PCN [A-Z0-9.-]+-\d{3}[:：]/;
    for (const notice of english) {
      const versions = notices.filter((doc) => doc.fields.documentnumber === notice.fields.documentnumber);
      expect(versions.map((doc) => doc.language).sort(), notice.title.en).toEqual(['de', 'en', 'ja', 'zh']);
      for (const version of versions) {
        const title = version.title[version.language ?? 'en'];
        expect(title, title).toMatch(PCN);
        expect(title.slice(0, title.search(/[:：]/)), title).toBe(notice.title.en.slice(0, notice.title.en.indexOf(':')));
        for (const field of ['date', 'datecreated', 'revision', 'series', 'issecured', 'isincludedinlibrary']) expect(version.fields[field], `${title} ${field}`).toEqual(notice.fields[field]);
        expect(version.fields.relatedparts).toEqual(notice.fields.relatedparts);
        // The reader's words, not the English ones, and the file its own.
        if (version.language !== 'en') {
          expect(title, title).not.toMatch(/process change/);
          expect(String(version.fields.clickableuri)).toMatch(new RegExp(`-pcn-${version.language}\\.pdf$`));
          expect(version.fields.assetlanguage).toBe({ de: 'German', ja: 'Japanese', zh: 'Chinese' }[version.language!]);
        }
      }
    }
  });
});
