import { z } from 'zod';
import { PART_NUMBER_PATTERN } from '~/lib/search-constants.ts';
import { HONEYPOT_FIELD } from '~/lib/form-fields.ts';
import { hasAtMostTwoDecimals, type QuantityStep } from './quantity-steps.ts';

/** The CheckStock form (REQ-FORM-2): one schema for the form and the action; messages are dictionary keys. */
export const CHECK_STOCK_FIELDS = ['partNumber', 'quantity'] as const;

/** Up to 10 part numbers, one per line or separated by commas (REQ-VALID-9 pattern each). */
export const CHECK_STOCK_MAX_PARTS = 10;
export function splitPartNumbers(text: string): string[] {
  // NFKC: full-width digits, letters and commas from a Japanese or Chinese input method; "、" is
  // the ideographic comma those languages list with.
  return [...new Set(text.normalize('NFKC').split(/[\n,;、]+/).map((part) => part.trim().toUpperCase()).filter(Boolean))];
}

export const checkStockSchema = z.object({
  partNumber: z
    .string({ error: 'forms.partNumberInvalid' })
    .transform(splitPartNumbers)
    .refine((parts) => parts.length > 0, 'forms.partRequired')
    .refine((parts) => parts.length <= CHECK_STOCK_MAX_PARTS, 'forms.tooManyParts')
    .refine((parts) => parts.every((part) => PART_NUMBER_PATTERN.test(part)), 'forms.partNumberInvalid'),
  quantity: z.coerce
    .number({ error: 'forms.quantityInvalid' })
    .min(0.1, 'forms.quantityInvalid')
    .max(1_000_000, 'forms.quantityInvalid')
    .refine(hasAtMostTwoDecimals, 'forms.quantityInvalid'),
  [HONEYPOT_FIELD]: z.string().max(0, 'forms.refused').default(''),
});
export type CheckStockInput = z.infer<typeof checkStockSchema>;

export interface StockRow {
  region: string;
  distributor: string;
  quantity: number;
  leadTimeWeeks: number;
}

export interface CheckStockAnswer {
  component: 'CheckStock';
  /** As typed, to show in the form again. */
  partNumberText: string;
  quantity: number;
  parts: Array<{
    partNumber: string;
    rows: StockRow[];
    /** The part's order multiple (REQ-FORM-3 quantity steps). */
    step: QuantityStep;
    /** The quantity asked for is not a multiple of the step: the orderable ones around it. */
    offStep?: { below?: number; above: number };
    /** Whether any distributor has the quantity asked for (rounded up to the step). */
    available: boolean;
    /** Price breaks, only where the page asks for them (the partner portal) for a signed-in partner. */
    prices?: PartPrices;
  }>;
  /** Part numbers the catalogue does not know (the others are answered). */
  unknown: string[];
}

/**
 * A part's price breaks for the signed-in partner: `account` for a distributor's own agreed list,
 * `book` (the distributor book price) for Voltaris staff, who quote from it.
 */
export interface PartPrices {
  kind: 'account' | 'book';
  currency: string;
  breaks: Array<{ quantity: number; unitPrice: number }>;
  /** The break the quantity asked for falls in. */
  applies: number;
}
