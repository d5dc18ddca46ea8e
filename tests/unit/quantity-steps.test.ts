import { describe, expect, it } from 'vitest';
import { hasAtMostTwoDecimals, isOnStep, isQuantityStep, nearestOnStep } from '../../app/plugins/forms/quantity-steps.ts';
import { checkStockSchema } from '../../app/plugins/forms/check-stock.ts';
import { stockOf } from '../../standins/stock/stand-in.ts';

describe('REQ-FORM-3 quantity steps', () => {
  it('knows the five steps and nothing else', () => {
    for (const step of [5, 2, 1, 0.5, 0.1]) expect(isQuantityStep(step)).toBe(true);
    for (const other of [3, 0.25, 10, '5', null]) expect(isQuantityStep(other)).toBe(false);
  });

  it('checks multiples exactly, decimals included', () => {
    expect(isOnStep(15, 5)).toBe(true);
    expect(isOnStep(12, 5)).toBe(false);
    expect(isOnStep(0.3, 0.1)).toBe(true);
    expect(isOnStep(0.7, 0.5)).toBe(false);
    expect(isOnStep(2.5, 0.5)).toBe(true);
    expect(isOnStep(0.15, 0.1)).toBe(false);
    expect(isOnStep(7, 1)).toBe(true);
  });

  it('offers the orderable quantities around one off the step', () => {
    expect(nearestOnStep(12, 5)).toEqual({ below: 10, above: 15 });
    expect(nearestOnStep(3, 5)).toEqual({ above: 5 });
    expect(nearestOnStep(0.7, 0.5)).toEqual({ below: 0.5, above: 1 });
    expect(nearestOnStep(1.5, 1)).toEqual({ below: 1, above: 2 });
  });

  it('accepts at most two decimals in the form', () => {
    expect(hasAtMostTwoDecimals(0.25)).toBe(true);
    expect(hasAtMostTwoDecimals(0.125)).toBe(false);
    const parse = (quantity: string) => checkStockSchema.safeParse({ partNumber: '593M3A', quantity }).success;
    expect(parse('2.5')).toBe(true);
    expect(parse('0.125')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('abc')).toBe(false);
  });

  it('the stock stand-in names an order multiple per part, the same every time', () => {
    const answer = stockOf({ partNumber: '593M3A', inStock: true });
    expect([5, 2, 1]).toContain(answer.orderMultiple);
    expect(stockOf({ partNumber: '593M3A', inStock: true })).toEqual(answer);
    for (const region of answer.regions) for (const distributor of region.distributors) expect(distributor.quantity % answer.orderMultiple).toBe(0);
  });
});
