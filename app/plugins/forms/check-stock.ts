import { z } from 'zod';
import { PART_NUMBER_PATTERN } from '~/lib/search-rules.ts';
import { HONEYPOT_FIELD } from '~/lib/form-fields.ts';

/** The CheckStock form (SPEC 2): one schema for the form and the action; messages are dictionary keys. */
export const CHECK_STOCK_FIELDS = ['partNumber', 'quantity'] as const;

export const checkStockSchema = z.object({
  partNumber: z.string({ error: 'forms.partNumberInvalid' }).trim().regex(PART_NUMBER_PATTERN, 'forms.partNumberInvalid'),
  quantity: z.coerce.number({ error: 'forms.quantityInvalid' }).int('forms.quantityInvalid').min(1, 'forms.quantityInvalid').max(1_000_000, 'forms.quantityInvalid'),
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
  partNumber: string;
  quantity: number;
  rows: StockRow[];
  /** Whether any distributor has the quantity asked for. */
  available: boolean;
}
