import { describe, expect, it } from 'vitest';
import { enquirySchema } from '../../app/plugins/forms/enquiries.ts';
import { priceListOf } from '../../standins/stock/stand-in.ts';
import { packagingOf } from '../../standins/stock/offer.ts';

const SMBJ = { partNumber: 'SMBJ10A', productType: 'TVS Diodes', package: 'SMB (DO-214AA)', rating: 10 };
const DISC_VARISTOR = { partNumber: 'V275LA20E', productType: 'Varistors', package: 'Disc 20 mm', rating: 275 };
const IGBT_MODULE = { partNumber: 'MG1200A17', productType: 'IGBTs', package: '62 mm module', rating: 1200 };

describe('price breaks of the stock stand-in (part page and partner portal)', () => {
  it('fall with the quantity, in whole order multiples, up to a full reel, the same every time', () => {
    for (const part of [SMBJ, DISC_VARISTOR, IGBT_MODULE, { partNumber: '593M3A' }]) {
      const { orderMultiple, packageQuantity } = packagingOf(part);
      const list = priceListOf(part, 'book');
      expect(list.priceBreaks.at(-1)!.quantity).toBe(Math.ceil(packageQuantity / orderMultiple) * orderMultiple);
      for (const [index, entry] of list.priceBreaks.entries()) {
        expect(entry.quantity % orderMultiple).toBe(0);
        if (index) expect(entry.unitPrice).toBeLessThan(list.priceBreaks[index - 1]!.unitPrice);
      }
      expect(priceListOf(part, 'book')).toEqual(list);
    }
  });

  it('price an SMBJ TVS diode in cents on a reel of 3,000, a disc varistor loose and an IGBT module in dollars', () => {
    expect(packagingOf(SMBJ)).toMatchObject({ packaging: 'tape-and-reel', packageQuantity: 3000, orderMultiple: 5 });
    const tvs = priceListOf(SMBJ, 'book').priceBreaks;
    expect(tvs[0]!.unitPrice).toBeGreaterThan(0.2);
    expect(tvs[0]!.unitPrice).toBeLessThan(1);
    expect(tvs.find((entry) => entry.quantity === 1000)!.unitPrice).toBeLessThan(0.2);
    expect(packagingOf(DISC_VARISTOR).packaging).toBe('bulk');
    expect(priceListOf(IGBT_MODULE, 'book').priceBreaks[0]!.unitPrice).toBeGreaterThan(20);
  });

  it('quote the same price in the currency asked', () => {
    const usd = priceListOf(SMBJ, 'book', 'USD').priceBreaks[0]!.unitPrice;
    const eur = priceListOf(SMBJ, 'book', 'EUR');
    expect(eur.currency).toBe('EUR');
    expect(eur.priceBreaks[0]!.unitPrice).toBeCloseTo(usd * 0.92, 3);
    expect(priceListOf(SMBJ, 'book', 'JPY').priceBreaks[0]!.unitPrice).toBeGreaterThan(usd * 100);
  });

  it('give an account its own prices, never above the book price', () => {
    const book = priceListOf(SMBJ, 'book').priceBreaks;
    const accounts = ['u-buyer-0003', 'u-other-0042', 'u-third-0077'].map((account) => priceListOf(SMBJ, account).priceBreaks);
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
