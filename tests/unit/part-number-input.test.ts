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
