import { z } from 'zod';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '~/lib/form-fields.ts';
import { PART_NUMBER_PATTERN } from '~/lib/search-constants.ts';
import { PART_ROWS, SAMPLE_REGIONS, SHIPPING_FIELDS } from './request-sample.ts';

// Schemas live apart from the constants the components import, so the browser bundle has no zod.
const REQUIRED_SHIPPING = new Set(['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country']);

const shippingText = (field: string) => {
  const base = z.string().trim().max(120, 'forms.tooLong').refine((value) => !/[<>]/.test(value), 'forms.textInvalid');
  return REQUIRED_SHIPPING.has(field) ? base.refine((value) => value.length > 0, 'forms.required') : base.default('');
};

// NFKC: full-width digits and letters from a Japanese or Chinese input method are the ASCII ones,
// checked and passed on so.
const rowText = (max: number) => z.string().max(max).transform((typed) => typed.normalize('NFKC').trim()).default('');
const partRows = Object.fromEntries(
  Array.from({ length: PART_ROWS }, (_, i) => [
    [`part${i + 1}`, rowText(20)],
    [`qty${i + 1}`, rowText(6)],
  ]).flat(),
) as Record<string, ReturnType<typeof rowText>>;

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
