import { describe, expect, it } from 'vitest';
import { partNumberSchema } from '../../app/lib/search-rules.ts';
import { checkStockSchema } from '../../app/plugins/forms/check-stock.ts';

// A Japanese or Chinese input method types full-width digits, letters and commas unless switched
// off ("０４５１００５", "，"). To the visitor those are the digits and letters the message asks
// for: refusing them read as a contradiction on the ja-jp and Chinese pages.
describe('part numbers typed with a Japanese or Chinese input method', () => {
  it('are the same part numbers as typed in ASCII', () => {
    expect(partNumberSchema.parse('０４５１００５')).toBe('0451005');
    expect(partNumberSchema.parse(' ＳＭＢＪ１５ＣＡ ')).toBe('SMBJ15CA');
    expect(partNumberSchema.safeParse('<b>0451</b>').success).toBe(false);
  });
  it('are split at full-width and ideographic commas in the stock check', () => {
    const parsed = checkStockSchema.parse({ partNumber: '０４５１００５，ＳＭＢＪ１５ＣＡ、0217', quantity: '1' });
    expect(parsed.partNumber).toEqual(['0451005', 'SMBJ15CA', '0217']);
  });
});

describe('the sample request form’s part rows', () => {
  it('read full-width part numbers and piece counts as typed in ASCII, and pass them on so', async () => {
    const { requestSampleSchema } = await import('../../app/plugins/forms/request-sample.schema.ts');
    const { partsOf } = await import('../../app/plugins/forms/request-sample.ts');
    const form = { part1: '０２３５４２ｍ', qty1: '３', firstName: 'A', lastName: 'B', address1: 'x', city: 'y', postalCode: '1', country: 'JP', region: 'APAC', idempotencyKey: crypto.randomUUID(), website: '' };
    const parsed = requestSampleSchema.safeParse(form);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(partsOf(parsed.data as Record<string, string>)).toEqual([{ row: 1, partNumber: '023542M', quantity: 3 }]);
  });
});
