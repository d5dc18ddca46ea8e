import { z } from 'zod';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '~/lib/form-fields.ts';
import { BUSINESS_UNITS, CONTACT_COUNTRIES, CONTACT_REGIONS, GEO_REGIONS, TOPICS, type TOPIC_UNITS } from './contact-us.ts';

// Schemas live apart from the constants the components import, so the browser bundle has no zod.
/**
 * The finder's GET parameters: a unit or a topic, and a country, region or geo-region. A value
 * that is none of the choices is named to the visitor (400), not dropped unseen: dropped, the
 * finder listed every country's contacts under a filter that seemed to hold.
 */
export const contactFinderSchema = z.object({
  unit: z.enum(BUSINESS_UNITS).optional(),
  topic: z.enum(TOPICS as [keyof typeof TOPIC_UNITS, ...Array<keyof typeof TOPIC_UNITS>]).optional(),
  country: z.enum(CONTACT_COUNTRIES).optional(),
  region: z.enum(CONTACT_REGIONS).optional(),
  geo: z.enum(GEO_REGIONS).optional(),
});

export type ContactFinder = z.infer<typeof contactFinderSchema>;
export type FinderChoice = keyof ContactFinder;

/** The finder's choices read from an address, and each one that is not a choice, by name. */
export function readContactFinder(params: URLSearchParams): { finder: ContactFinder; refused: Array<{ field: FinderChoice; value: string }> } {
  const given = Object.fromEntries(params);
  const parsed = contactFinderSchema.safeParse(given);
  if (parsed.success) return { finder: parsed.data, refused: [] };
  const refusedFields = new Set(parsed.error.issues.map((issue) => issue.path[0]).filter((field): field is FinderChoice => typeof field === 'string' && field in contactFinderSchema.shape));
  const kept = Object.fromEntries(Object.entries(given).filter(([field]) => !refusedFields.has(field as FinderChoice)));
  return { finder: contactFinderSchema.parse(kept), refused: [...refusedFields].map((field) => ({ field, value: String(given[field]) })) };
}

/** The message to the contacts found. */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(1, 'forms.required').max(120, 'forms.tooLong').refine((v) => !/[<>]/.test(v), 'forms.textInvalid'),
  email: z.string().trim().email('forms.emailInvalid').max(254, 'forms.tooLong'),
  company: z.string().trim().max(120, 'forms.tooLong').refine((v) => !/[<>]/.test(v), 'forms.textInvalid').default(''),
  message: z.string().trim().min(10, 'forms.messageShort').max(4000, 'forms.tooLong'),
  unit: z.enum(BUSINESS_UNITS, { error: 'forms.unitRequired' }),
  country: z.enum(CONTACT_COUNTRIES, { error: 'forms.countryRequired' }),
  [IDEMPOTENCY_FIELD]: z.string().regex(IDEMPOTENCY_PATTERN, 'forms.refused'),
  [HONEYPOT_FIELD]: z.string().max(0, 'forms.refused').default(''),
});
