import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { landPatternOf } from '@voltaris/catalogue/land-patterns';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { documentPdf, sheetFromFields } from '../../standins/media/document-pdf.ts';

/**
 * A series datasheet keeps the promise of its first paragraph (decision 0174): the operating
 * temperature range, the conditions of each value, the package's dimensions (the CAD model's
 * outline and land pattern), and every part of the series, on as many pages as it takes.
 */

/** The text a reader extracts from the PDF's (uncompressed) content streams: each `(...) Tj` string, a line per string. */
function pdfText(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((match) => match[1]!.replace(/\\(.)/g, '$1')).join('\n');
}

const documents = generateCatalogue({ products: 20000 }).documents;
const products = documents.filter((doc) => doc.objecttype === 'Product');
const sheetOf = (series: string, language = 'en') => documents.find((doc) => doc.objecttype === 'Document' && doc.fields.resourcetype === 'Datasheet' && doc.fields.series === series && doc.language === language)!;
const partsOf = (series: string) =>
  products
    .filter((doc) => doc.fields.series === series)
    .map((doc) => ({ partNumber: doc.partNumber!, values: Object.fromEntries(Object.entries(doc.fields).filter((entry): entry is [string, number] => typeof entry[1] === 'number')), package: String(doc.fields.package) }));
const pdfOf = (series: string, language = 'en') => {
  const sheet = sheetOf(series, language);
  return { sheet, pdf: documentPdf(sheetFromFields(sheet.title[sheet.language ?? 'en'], sheet.fields, partsOf(series))) };
};

describe('series datasheets', () => {
  const varistor = products.find((doc) => doc.fields.leveltwocategory === 'Varistors' && String(doc.fields.package).startsWith('Disc'))!;
  const series = String(varistor.fields.series);

  it('give the operating temperature range, the conditions of each value and the package dimensions of the CAD model', () => {
    const { sheet, pdf } = pdfOf(series);
    const text = pdfText(pdf);
    // Metal-oxide varistors carry no limits of their own: the family's -40 °C to +85 °C.
    expect(text).toContain('Operating temperature range: -40 °C to +85 °C');
    expect(text).toContain('Measuring conditions');
    expect(text).toContain('Varistor voltage (V)');
    expect(text).toContain('I = 1 mA DC, T_A = 25 °C');
    const pattern = landPatternOf(String(varistor.fields.package))!;
    expect(pattern.outline.shape).toBe('cylinder');
    expect(text).toContain('Package dimensions (mm)');
    expect(text).toContain(`Package: ${String(varistor.fields.package)}`);
    if (pattern.outline.shape === 'cylinder') expect(text).toContain(`Body: D ${pattern.outline.diameter} \xd7 L ${pattern.outline.length}`);
    expect(text).toContain(`Terminals: 2, Pitch ${pattern.pitch}`);
    expect(text).toContain(`Revision: ${String(sheet.fields.revision)}`);
    // The file the media library serves is the length the index names.
    expect(pdf.length).toBe(sheet.fields.size);
  });

  it('lists every part of the longest series, over as many pages as it takes', () => {
    const counts = new Map<string, number>();
    for (const part of products) counts.set(String(part.fields.series), (counts.get(String(part.fields.series)) ?? 0) + 1);
    const [longest] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    const { pdf } = pdfOf(longest);
    const text = pdfText(pdf);
    for (const part of partsOf(longest)) expect(text).toContain(part.partNumber);
    expect(Number(/\/Count (\d+)/.exec(pdf.toString('latin1'))![1])).toBeGreaterThan(1);
    expect(text).toContain('Package dimensions (mm)');
  });

  it('writes the German sheet with a decimal comma in its dimensions', () => {
    const chip = products.find((doc) => doc.fields.package === '1206')!;
    const sheet = sheetOf(String(chip.fields.series));
    const text = pdfText(documentPdf(sheetFromFields(sheet.title.de, { ...sheet.fields, assetlanguage: 'German' }, partsOf(String(chip.fields.series)))));
    const maxes = partsOf(String(chip.fields.series)).map((part) => part.values.operatingtemperaturemax!);
    expect(text).toContain(`Betriebstemperaturbereich: -${Math.abs(Math.min(...partsOf(String(chip.fields.series)).map((part) => part.values.operatingtemperaturemin ?? -55)))} °C bis +${Math.max(...maxes)} °C`);
    expect(text).toContain('Betriebstemperaturbereich');
    expect(text).toContain('Körper: L 3,2 × W 1,6 × H 0,85');
  });

  it.runIf(existsSync('/usr/bin/pdftotext'))('reads as text in poppler (pdftotext), as the acceptance check reads it', () => {
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdfOf(series).pdf }).toString('utf8');
    expect(text).toMatch(/operating temperature/i);
    expect(text).toMatch(/dimension/i);
  });
});
