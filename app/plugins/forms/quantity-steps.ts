/**
 * REQ-FORM-3 quantity steps: a part is sold in multiples of one of these (its order multiple: reels
 * in fives, tubes in twos, loose parts singly; the fractional steps are for goods sold by length or
 * weight). A quantity has at most two decimals ("max 2 for one counter"). Decision 0029.
 */
export const QUANTITY_STEPS = [5, 2, 1, 0.5, 0.1] as const;
export type QuantityStep = (typeof QUANTITY_STEPS)[number];
export const QUANTITY_MAX_DECIMALS = 2;

/** Hundredths, so 0.1 and 0.3 compare exactly. */
const toHundredths = (value: number) => Math.round(value * 100);

export function isQuantityStep(value: unknown): value is QuantityStep {
  return QUANTITY_STEPS.includes(value as QuantityStep);
}

export function hasAtMostTwoDecimals(quantity: number): boolean {
  return Math.abs(quantity * 100 - toHundredths(quantity)) < 1e-6;
}

export function isOnStep(quantity: number, step: QuantityStep): boolean {
  return hasAtMostTwoDecimals(quantity) && toHundredths(quantity) % toHundredths(step) === 0;
}

/** The orderable quantities around one that is off the step: the one below (absent under one step) and the one above. */
export function nearestOnStep(quantity: number, step: QuantityStep): { below?: number; above: number } {
  const unit = toHundredths(step);
  const units = toHundredths(quantity) / unit;
  const below = (Math.floor(units) * unit) / 100;
  const above = (Math.ceil(units) * unit) / 100;
  return { ...(below > 0 ? { below } : {}), above: above === below ? above + step : above };
}
