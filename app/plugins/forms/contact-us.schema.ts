import { z } from 'zod';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '~/lib/form-fields.ts';
import { BUSINESS_UNITS, CONTACT_COUNTRIES, CONTACT_REGIONS, GEO_REGIONS, TOPICS, type TOPIC_UNITS } from './contact-us.ts';

// Schemas live apart from the constants the components import, so the browser bundle has no zod.
/** The finder's GET parameters: a unit or a topic, and a country, region or geo-region. */
export const contactFinderSchema = z.object({
  unit: z.enum(BUSINESS_UNITS).optional().catch(undefined),
  topic: z.enum(TOPICS as [keyof typeof TOPIC_UNITS, ...Array<keyof typeof TOPIC_UNITS>]).optional().catch(undefined),
  country: z.enum(CONTACT_COUNTRIES).optional().catch(undefined),
  region: z.enum(CONTACT_REGIONS).optional().catch(undefined),
  geo: z.enum(GEO_REGIONS).optional().catch(undefined),
});

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
