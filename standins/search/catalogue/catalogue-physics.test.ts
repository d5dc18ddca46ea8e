import { describe, expect, it } from 'vitest';
import { generateCatalogue, type CatalogueDocument } from './generate.ts';
import { COIL_VOLTAGES, E12, E24, FUSE_CURRENTS, GDT_SPARKOVER, IGBT_CURRENTS, MOSFET_VDS, MOV_AC, preferredValues, PTC_HOLD, R10, THYRISTOR_CURRENTS, TVS_STANDOFF, TYPE_RULES } from './series-rules.ts';
import { PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';

/** The physics a component engineer checks a catalogue against, over the whole default catalogue. */

const catalogue = generateCatalogue({ products: 20000 });
const parts = catalogue.documents.filter((doc) => doc.objecttype === 'Product');
const num = (doc: CatalogueDocument, field: string) => doc.fields[field] as number;
const typeOf = (doc: CatalogueDocument) => PRODUCT_TYPES.find((type) => type.l2.en === doc.fields.leveltwocategory)!;

const bySeries = new Map<string, CatalogueDocument[]>();
for (const part of parts) bySeries.set(part.fields.series as string, [...(bySeries.get(part.fields.series as string) ?? []), part]);
const seriesOf = (key: string) => [...bySeries.values()].filter((members) => typeOf(members[0]!).key === key);

/** The standard number series each type's primary rating must come from (independent of the generator's own ladders). */
const PREFERRED: Record<string, number[]> = {
  fuses: FUSE_CURRENTS,
  ptc: PTC_HOLD,
  tvs: TVS_STANDOFF,
  varistors: MOV_AC,
  gdt: GDT_SPARKOVER,
  'reed-switches': preferredValues(E24, 1, 100),
  'reed-sensors': preferredValues(E24, 0.001, 0.1),
  'temperature-sensors': preferredValues(E12, 10, 10000000),
  thyristors: THYRISTOR_CURRENTS,
  mosfets: MOSFET_VDS,
  igbts: IGBT_CURRENTS,
  relays: COIL_VOLTAGES,
};

const increasing = (values: number[]) => values.every((value, i) => i === 0 || value > values[i - 1]!);
const nonDecreasing = (values: number[]) => values.every((value, i) => i === 0 || value >= values[i - 1]!);
const near = (actual: number, expected: number) => Math.abs(actual - expected) <= expected * 0.01;

describe('the generated catalogue follows component physics', () => {
  it('makes exactly the parts asked for, with R10 fuse currents as the example (1, 1.25, 1.6 ... 8, 10 A)', () => {
    expect(catalogue.products).toBe(20000);
    expect(preferredValues(R10, 1, 10)).toEqual([1, 1.25, 1.6, 2, 2.5, 3.15, 4, 5, 6.3, 8, 10]);
  });

  it('gives every series one package and one value of each series-wide rating (a fuse series one voltage)', () => {
    expect(bySeries.size).toBeGreaterThan(500);
    for (const [series, members] of bySeries) {
      const rules = TYPE_RULES[typeOf(members[0]!).key]!;
      expect(new Set(members.map((part) => part.fields.package)).size, `${series} package`).toBe(1);
      for (const field of rules.seriesFields) expect(new Set(members.map((part) => num(part, field))).size, `${series} ${field}`).toBe(1);
    }
    for (const members of seriesOf('fuses')) expect(new Set(members.map((part) => num(part, 'ratedvoltage'))).size).toBe(1);
  });

  it('makes every package of every type (no package is left without a series)', () => {
    for (const type of PRODUCT_TYPES) {
      const made = new Set(parts.filter((part) => typeOf(part) === type).map((part) => part.fields.package));
      for (const pack of TYPE_RULES[type.key]!.packages) expect(made.has(pack.name), `${type.key} ${pack.name}`).toBe(true);
    }
  });

  it('steps each series along its preferred-number series, strictly increasing', () => {
    for (const [series, members] of bySeries) {
      const type = typeOf(members[0]!);
      const values = members.map((part) => num(part, type.primary));
      for (const value of values) expect(PREFERRED[type.key]!.some((preferred) => near(value, preferred)), `${series} ${type.primary} ${value}`).toBe(true);
      expect(increasing(values), `${series}: ${values.join(', ')}`).toBe(true);
      expect(new Set(members.map((part) => part.fields.seriesvariant)).size, `${series} variants`).toBe(1);
    }
  });

  it('has gPV fuses for 1000 V and 1500 V DC strings, and power relays and contactors of 20 to 40 A, named in four languages', () => {
    const pv = parts.filter((part) => typeOf(part).key === 'fuses' && / gPV$/.test(String(part.fields.package)));
    expect([...new Set(pv.map((part) => num(part, 'ratedvoltage')))].sort()).toEqual([1000, 1500]);
    for (const part of pv) {
      expect(num(part, 'breakingcapacity'), part.partNumber).toBeGreaterThanOrEqual(20000);
      expect(part.fields.market).toContain('Energy');
    }
    expect(pv[0]!.fields.productname).toMatchObject({ en: expect.stringContaining('photovoltaic fuse'), de: expect.stringContaining('Photovoltaiksicherung'), ja: expect.stringContaining('太陽光発電用ヒューズ'), zh: expect.stringContaining('光伏熔断器') });
    const relays = parts.filter((part) => typeOf(part).key === 'relays');
    expect([...new Set(relays.map((part) => num(part, 'contactcurrent')).filter((current) => current > 16))].sort((a, b) => a - b)).toEqual([20, 25, 30, 40]);
    const contactors = relays.filter((part) => part.fields.levelthreecategory === 'Contactors');
    expect(contactors.length).toBeGreaterThan(0);
    for (const part of contactors) expect([num(part, 'switchingvoltage'), part.fields.levelfourcategory]).toEqual([690, 'Module']);
    expect(contactors[0]!.fields.currentpagecategoryname).toEqual({ en: 'Contactors', de: 'Schütze', ja: '電磁接触器', zh: '接触器' });
    expect(relays.some((part) => part.fields.levelthreecategory === 'Power Relays' && num(part, 'contactcurrent') === 40)).toBe(true);
  });

  it('fuses: a higher rating melts at a higher I²t, has a lower cold resistance, and interrupts per its voltage class', () => {
    for (const members of seriesOf('fuses')) {
      expect(increasing(members.map((part) => num(part, 'meltingi2t')))).toBe(true);
      expect(increasing(members.map((part) => -num(part, 'coldresistance')))).toBe(true);
      expect(nonDecreasing(members.map((part) => num(part, 'breakingcapacity')))).toBe(true);
    }
    // Across the catalogue: no 32 V chip interrupts like a 690 V industrial fuse.
    const capacity = (voltage: (v: number) => boolean) => parts.filter((part) => part.fields.leveltwocategory === 'Fuses' && voltage(num(part, 'ratedvoltage'))).map((part) => num(part, 'breakingcapacity'));
    expect(Math.max(...capacity((v) => v <= 63))).toBeLessThan(Math.min(...capacity((v) => v >= 500)));
  });

  it('TVS diodes: breakdown ≈ 1.1 × stand-off, clamping ≈ 1.6 × stand-off, peak pulse current = power / clamping', () => {
    const tvs = parts.filter((part) => typeOf(part).key === 'tvs');
    expect(tvs.length).toBeGreaterThan(1000);
    for (const part of tvs) {
      const standoff = num(part, 'standoffvoltage');
      expect(num(part, 'breakdownvoltage') / standoff).toBeGreaterThanOrEqual(1.05);
      expect(num(part, 'breakdownvoltage') / standoff).toBeLessThanOrEqual(1.2);
      expect(num(part, 'clampingvoltage') / standoff).toBeGreaterThanOrEqual(1.5);
      expect(num(part, 'clampingvoltage') / standoff).toBeLessThanOrEqual(1.7);
      expect(near(num(part, 'peakpulsecurrent'), num(part, 'peakpulsepower') / num(part, 'clampingvoltage'))).toBe(true);
    }
    // A series shares its pulse power, so its pulse current falls as its voltage rises.
    for (const members of seriesOf('tvs')) expect(increasing(members.map((part) => -num(part, 'peakpulsecurrent')))).toBe(true);
    // The stem names the package: SMBJ parts are SMB parts of 600 W.
    for (const part of tvs.filter((one) => /^SMBJ\d*$/.test(one.fields.series as string))) expect([part.fields.package, num(part, 'peakpulsepower')]).toEqual(['SMB (DO-214AA)', 600]);
  });

  it('other types: ratios and directions a datasheet would show', () => {
    for (const part of parts) {
      const key = typeOf(part).key;
      if (key === 'ptc') expect(num(part, 'tripcurrent')).toBeGreaterThan(num(part, 'holdcurrent'));
      if (key === 'varistors') {
        expect(num(part, 'maxdcvoltage')).toBeGreaterThan(num(part, 'maxacvoltage'));
        expect(num(part, 'varistorvoltage')).toBeGreaterThan(num(part, 'maxacvoltage') * Math.SQRT2);
        expect(num(part, 'clampingvoltage')).toBeGreaterThan(num(part, 'varistorvoltage'));
      }
      if (key === 'gdt') expect(num(part, 'impulsesparkovervoltage')).toBeGreaterThan(num(part, 'dcsparkovervoltage'));
      if (key === 'thyristors') expect(num(part, 'surgecurrent')).toBeGreaterThan(num(part, 'onstatecurrent'));
    }
    for (const members of seriesOf('ptc')) expect(increasing(members.map((part) => -num(part, 'resistancemin')))).toBe(true);
    for (const members of seriesOf('varistors')) expect(increasing(members.map((part) => num(part, 'energyrating')))).toBe(true);
    for (const members of seriesOf('mosfets')) {
      expect(nonDecreasing(members.map((part) => num(part, 'onresistance')))).toBe(true);
      expect(nonDecreasing(members.map((part) => -num(part, 'draincurrent')))).toBe(true);
    }
    for (const members of seriesOf('igbts')) expect(increasing(members.map((part) => num(part, 'switchingenergy')))).toBe(true);
  });

  it('carries the product page fields: productLevel, productName, MarketingProdView and the business units', () => {
    for (const part of parts) {
      expect(part.fields.productlevel).toBe('L7');
      expect((part.fields.productname as { de: string }).de).toContain(part.partNumber);
      expect((part.fields.marketingprodview as { ja: string }).ja).toContain(part.fields.series as string);
      const units = part.fields.businessunits as string[];
      expect(units[0]).toBe(part.fields.businessunit);
      if ((part.fields.market as string[]).includes('Automotive')) expect(units).toContain('Automotive');
    }
  });

  // How long it takes is bench:search's business (the index's start), not a test's.
  it('is deterministic', () => {
    const again = generateCatalogue({ products: 20000 });
    expect(JSON.stringify(again.documents.slice(0, 2000))).toBe(JSON.stringify(catalogue.documents.slice(0, 2000)));
  });
});
