import { z } from 'zod';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '~/lib/form-fields.ts';
import { PART_NUMBER_PATTERN } from '~/lib/search-rules.ts';

/** The sample request form (SPEC 1, 2): one schema for the form and the action; messages are dictionary keys. */
export const PART_ROWS = 5;
export const SAMPLE_REGIONS = ['Americas', 'EMEA', 'APAC'] as const;
export const SHIPPING_FIELDS = ['firstName', 'lastName', 'companyName', 'address1', 'address2', 'city', 'state', 'postalCode', 'country', 'phone'] as const;
const REQUIRED_SHIPPING = new Set(['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country']);

const shippingText = (field: string) => {
  const base = z.string().trim().max(120, 'forms.tooLong').refine((value) => !/[<>]/.test(value), 'forms.textInvalid');
  return REQUIRED_SHIPPING.has(field) ? base.refine((value) => value.length > 0, 'forms.required') : base.default('');
};

const partRows = Object.fromEntries(
  Array.from({ length: PART_ROWS }, (_, i) => [
    [`part${i + 1}`, z.string().trim().max(20).default('')],
    [`qty${i + 1}`, z.string().trim().max(6).default('')],
  ]).flat(),
) as Record<string, z.ZodDefault<z.ZodString>>;

export const requestSampleSchema = z
  .object({
    ...partRows,
    ...Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, shippingText(field)])),
    region: z.enum(SAMPLE_REGIONS, { error: 'forms.regionRequired' }),
    [IDEMPOTENCY_FIELD]: z.string().regex(IDEMPOTENCY_PATTERN, 'forms.refused'),
    [HONEYPOT_FIELD]: z.string().max(0, 'forms.refused').default(''),
  })
  .superRefine((value, context) => {
    const rows = value as Record<string, string>;
    let any = false;
    for (let i = 1; i <= PART_ROWS; i += 1) {
      const part = rows[`part${i}`] ?? '';
      const qty = rows[`qty${i}`] ?? '';
      if (!part && !qty) continue;
      any = true;
      if (!PART_NUMBER_PATTERN.test(part)) context.addIssue({ code: 'custom', path: [`part${i}`], message: 'forms.partNumberInvalid' });
      const quantity = Number(qty || '1');
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10) context.addIssue({ code: 'custom', path: [`qty${i}`], message: 'forms.sampleQuantityInvalid' });
    }
    if (!any) context.addIssue({ code: 'custom', path: ['part1'], message: 'forms.partRequired' });
  });

export const REQUEST_SAMPLE_FIELDS = [...Array.from({ length: PART_ROWS }, (_, i) => [`part${i + 1}`, `qty${i + 1}`]).flat(), ...SHIPPING_FIELDS, 'region'] as const;

/** The parts of a valid form, in order. */
export function partsOf(value: Record<string, string>): Array<{ row: number; partNumber: string; quantity: number }> {
  const parts: Array<{ row: number; partNumber: string; quantity: number }> = [];
  for (let i = 1; i <= PART_ROWS; i += 1) {
    const partNumber = (value[`part${i}`] ?? '').toUpperCase();
    if (partNumber) parts.push({ row: i, partNumber, quantity: Number(value[`qty${i}`] || '1') });
  }
  return parts;
}

export interface RequestSampleData {
  /** Anonymous (or expired): the page asks the visitor to sign in first, keeping ?parts=. */
  signInFirst?: true;
  idempotencyKey: string;
  prefill: Record<string, string>;
  confirmation?: { reference: string; delivered: boolean };
}

/** Ours until delivered (queued, parked), then the sample team's. */
export const SAMPLE_LIST_STATUSES = ['queued', 'parked', 'received', 'approved', 'shipped', 'declined'] as const;
export type SampleListStatus = (typeof SAMPLE_LIST_STATUSES)[number];

export interface SampleListData {
  requests: Array<{ reference: string; createdAt: string; parts: Array<{ partNumber: string; quantity: number }>; status: SampleListStatus }>;
  serviceDown: boolean;
}
