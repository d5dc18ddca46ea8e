import { describe, expect, it } from 'vitest';
import { enquirySchema } from '../../app/plugins/forms/enquiries.ts';
import { priceListOf } from '../../standins/stock/stand-in.ts';

describe('price breaks of the stock stand-in (partner portal)', () => {
  it('fall with the quantity, in whole order multiples, the same every time', () => {
    for (const multiple of [1, 2, 5]) {
      const list = priceListOf('593M3A', multiple, 'book');
      expect(list.priceBreaks.map((entry) => entry.quantity)).toEqual([multiple, 100, 1000, 5000].map((quantity) => Math.ceil(quantity / multiple) * multiple));
      for (const [index, entry] of list.priceBreaks.entries()) {
        expect(entry.quantity % multiple).toBe(0);
        if (index) expect(entry.unitPrice).toBeLessThan(list.priceBreaks[index - 1]!.unitPrice);
      }
      expect(priceListOf('593M3A', multiple, 'book')).toEqual(list);
    }
  });

  it('give an account its own prices, never above the book price', () => {
    const book = priceListOf('593M3A', 5, 'book').priceBreaks;
    const accounts = ['u-buyer-0003', 'u-other-0042', 'u-third-0077'].map((account) => priceListOf('593M3A', 5, account).priceBreaks);
    for (const prices of accounts) for (const [index, entry] of prices.entries()) expect(entry.unitPrice).toBeLessThanOrEqual(book[index]!.unitPrice);
    expect(new Set(accounts.map((prices) => prices[0]!.unitPrice)).size).toBeGreaterThan(1);
  });
});

describe('the supplier notification form', () => {
  const base = { idempotencyKey: '0b4a6f0e-1a2b-4c3d-8e9f-001122334455', name: 'Jana', email: 'jana@keramik.example', supplierNumber: 'S-1', notificationType: 'process-change', details: 'Kiln moves.' };
  const errors = (values: Record<string, string>) => {
    const parsed = enquirySchema('supplier-notification').safeParse({ ...base, ...values });
    return parsed.success ? [] : parsed.error.issues.map((issue) => `${String(issue.path[0])}:${issue.message}`);
  };

  it('takes a process change with part numbers and an effective date, both optional', () => {
    expect(errors({})).toEqual([]);
    expect(errors({ partNumbers: '0451005, 0453002', effectiveDate: '2028-02-29' })).toEqual([]);
  });

  it('refuses a day that does not exist or is not a date', () => {
    for (const date of ['2027-02-29', '2027-13-01', '01.03.2027', '2027-3-1']) expect(errors({ effectiveDate: date })).toEqual(['effectiveDate:forms.dateInvalid']);
  });
});
