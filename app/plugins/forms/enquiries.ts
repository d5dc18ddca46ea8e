import { z } from 'zod';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '~/lib/form-fields.ts';

/**
 * The site's enquiry forms (REQ-FORM-6): supplier notification, arc flash calculator registration,
 * semiconductor analytical services and ask-an-expert. Editors place an `EnquiryForm` rendering
 * and choose its kind and marketing-form id (formGuid); the fields of each kind are defined here,
 * once, for the form and the action. Labels and messages are dictionary keys.
 */
export interface EnquiryField {
  name: string;
  type: 'text' | 'email' | 'textarea' | 'select' | 'date';
  required: boolean;
  /** Select options (their labels are dictionary keys forms.option.<value>). */
  options?: readonly string[];
  maxLength: number;
}

const common: EnquiryField[] = [
  { name: 'name', type: 'text', required: true, maxLength: 120 },
  { name: 'email', type: 'email', required: true, maxLength: 254 },
  { name: 'company', type: 'text', required: false, maxLength: 120 },
];

export const ENQUIRY_KINDS = {
  'supplier-notification': [
    ...common,
    { name: 'supplierNumber', type: 'text', required: true, maxLength: 20 },
    { name: 'notificationType', type: 'select', required: true, options: ['price-change', 'discontinuation', 'process-change', 'lead-time', 'other'], maxLength: 40 },
    // Purchasing needs to know which of our parts a change touches and from when it applies.
    { name: 'partNumbers', type: 'text', required: false, maxLength: 400 },
    { name: 'effectiveDate', type: 'date', required: false, maxLength: 10 },
    { name: 'details', type: 'textarea', required: true, maxLength: 4000 },
  ],
  'arc-flash-registration': [
    ...common,
    { name: 'jobTitle', type: 'text', required: true, maxLength: 120 },
    { name: 'country', type: 'text', required: true, maxLength: 80 },
    { name: 'plannedUse', type: 'textarea', required: false, maxLength: 2000 },
  ],
  'analytical-services': [
    ...common,
    { name: 'analysisType', type: 'select', required: true, options: ['failure-analysis', 'material-analysis', 'reliability-testing'], maxLength: 40 },
    { name: 'details', type: 'textarea', required: true, maxLength: 4000 },
  ],
  'ask-an-expert': [
    ...common,
    { name: 'productArea', type: 'select', required: true, options: ['circuit-protection', 'sensing', 'power-control'], maxLength: 40 },
    { name: 'question', type: 'textarea', required: true, maxLength: 4000 },
  ],
} satisfies Record<string, EnquiryField[]>;
export type EnquiryKind = keyof typeof ENQUIRY_KINDS;
export const ENQUIRY_KIND_NAMES = Object.keys(ENQUIRY_KINDS) as EnquiryKind[];

/** YYYY-MM-DD naming a day that exists (what a date input sends; typed by hand without JavaScript). */
function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The schema of one kind: required fields, lengths, no markup, e-mail shape, known options. */
export function enquirySchema(kind: EnquiryKind) {
  const shape: Record<string, z.ZodType<string>> = {
    [IDEMPOTENCY_FIELD]: z.string().regex(IDEMPOTENCY_PATTERN, 'forms.refused'),
    [HONEYPOT_FIELD]: z.string().max(0, 'forms.refused').default(''),
  };
  for (const field of ENQUIRY_KINDS[kind] as EnquiryField[]) {
    let schema = z.string({ error: 'forms.required' }).trim().max(field.maxLength, 'forms.tooLong');
    if (field.type === 'email') schema = schema.refine((value) => !value || z.string().email().safeParse(value).success, 'forms.emailInvalid') as unknown as typeof schema;
    if (field.type !== 'textarea') schema = schema.refine((value) => !/[<>]/.test(value), 'forms.textInvalid') as unknown as typeof schema;
    if (field.type === 'date') schema = schema.refine((value) => !value || isCalendarDate(value), 'forms.dateInvalid') as unknown as typeof schema;
    if (field.options) schema = schema.refine((value) => !value || field.options!.includes(value), 'forms.optionInvalid') as unknown as typeof schema;
    shape[field.name] = field.required ? schema.refine((value) => value.length > 0, 'forms.required') : schema.default('');
  }
  return z.object(shape);
}

export interface EnquiryData {
  idempotencyKey: string;
  prefill: Record<string, string>;
  sent?: string;
}
