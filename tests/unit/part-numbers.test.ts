import { describe, expect, it } from 'vitest';
import { eiaCode, formatPartNumber, fuseAmpereCode, readPartNumber } from '@voltaris/catalogue/part-numbers';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { PART_NUMBER_PATTERN } from '../../app/lib/search-constants.ts';

/** Part numbers carry their rating as the industry writes it (packages/catalogue/src/part-numbers.ts). */

const readingOf = (typed: string, typeKey: string) => readPartNumber(typed).filter((reading) => reading.typeKey === typeKey);

describe('part numbers', () => {
  it('read other makers\' numbers by rating: a V275 varistor is 275 V AC, SMBJ5.0A a 5.0 V stand-off TVS, 0451 fuses in amperes', () => {
    const varistor = readingOf('V275LA20AP', 'varistors');
    expect(varistor).toContainEqual(expect.objectContaining({ field: 'maxacvoltage', value: 275, series: 'LA', packageName: 'Disc 20 mm', suffix: 'AP' }));
    expect(varistor.every((reading) => reading.value === 275)).toBe(true);
    expect(readingOf('SMBJ5.0A', 'tvs')).toContainEqual(expect.objectContaining({ field: 'standoffvoltage', value: 5, series: 'SMBJ', packageName: 'SMB (DO-214AA)', bidirectional: false }));
    expect(readingOf('SMBJ15CA', 'tvs')).toContainEqual(expect.objectContaining({ value: 15, bidirectional: true }));
    // P6KE numbers carry the breakdown voltage, not the stand-off.
    expect(readingOf('P6KE6.8A', 'tvs')).toContainEqual(expect.objectContaining({ field: 'breakdownvoltage', value: 6.8, packageName: 'DO-15' }));
    const fuse = (typed: string) => readingOf(typed, 'fuses')[0];
    expect(fuse('0451001.MRL')).toMatchObject({ value: 1, series: '0451', packageName: '2410' });
    expect(fuse('0451.500MRL')).toMatchObject({ value: 0.5 });
    expect(fuse('045101.5MRL')).toMatchObject({ value: 1.5 });
    expect(fuse('0451005MR')).toMatchObject({ value: 5 });
    expect(readingOf('IXFH26N50P', 'mosfets')).toContainEqual(expect.objectContaining({ value: 500, series: 'IXFH' }));
    expect(readingOf('NTC103J', 'temperature-sensors')).toContainEqual(expect.objectContaining({ value: 10000, series: 'NTC' }));
    expect(readingOf('S8016R', 'thyristors')).toContainEqual(expect.objectContaining({ value: 16, series: 'S8' }));
  });

  it('write the codes the way datasheets do', () => {
    expect(['.063', '.500', '001.', '01.5', '1.25', '010.', '12.5', '315.'].map((code, i) => fuseAmpereCode([0.063, 0.5, 1, 1.5, 1.25, 10, 12.5, 315][i]!))).toEqual(['.063', '.500', '001.', '01.5', '1.25', '010.', '12.5', '315.']);
    expect(eiaCode(10000)).toBe('103');
    expect(eiaCode(4700)).toBe('472');
    expect(formatPartNumber({ typeKey: 'tvs', series: 'SMBJ', values: { standoffvoltage: 5 }, suffix: 'A', packageName: 'SMB (DO-214AA)' })).toBe('SMBJ5.0A');
    expect(formatPartNumber({ typeKey: 'varistors', series: 'LA', values: { maxacvoltage: 275 }, suffix: 'E', packageName: 'Disc 20 mm' })).toBe('V275LA20E');
    expect(formatPartNumber({ typeKey: 'fuses', series: '0451', values: { ratedcurrent: 2 }, suffix: 'MR', packageName: '2410' })).toBe('0451002.MR');
  });

  it('every part of the catalogue reads back to its own rating and series', () => {
    const { documents } = generateCatalogue({ products: 20000 });
    const products = documents.filter((doc) => doc.objecttype === 'Product');
    expect(products).toHaveLength(20000);
    const fields: Record<string, string> = { Fuses: 'ratedcurrent', 'TVS Diodes': 'standoffvoltage', Varistors: 'maxacvoltage' };
    for (const part of products) {
      const number = part.partNumber!;
      expect(number).toMatch(PART_NUMBER_PATTERN);
      const readings = readPartNumber(number).filter((reading) => reading.series === String(part.fields.series));
      expect(readings.length, number).toBeGreaterThan(0);
      const field = fields[String(part.fields.leveltwocategory)];
      if (field) expect(readings.some((reading) => reading.field === field && Math.abs(reading.value / Number(part.fields[field]) - 1) < 1e-9), number).toBe(true);
    }
  });
});
