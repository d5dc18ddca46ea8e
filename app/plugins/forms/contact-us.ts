import { z } from 'zod';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '~/lib/form-fields.ts';

/** Contact us (SPEC 1, 7): find contacts by business unit and location, then write to them. */
export const BUSINESS_UNITS = ['ESBU', 'Semiconductors', 'Sensing', 'Automotive', 'Industrial'] as const;
export const CONTACT_COUNTRIES = ['Germany', 'France', 'United States', 'Brazil', 'China', 'Japan', 'India', 'Korea'] as const;

export const CONTACT_REGIONS = ['DACH', 'Western Europe', 'North America', 'South America', 'Greater China', 'Japan', 'South Asia', 'Korea'] as const;
export const GEO_REGIONS = ['Europe', 'Americas', 'Asia'] as const;
/** SPEC 7: contacts by business unit, or by product/application (each looked after by a unit). */
export const TOPIC_UNITS = {
  'circuit-protection': 'ESBU',
  sensing: 'Sensing',
  'power-control': 'Semiconductors',
  automotive: 'Automotive',
  industrial: 'Industrial',
} as const satisfies Record<string, (typeof BUSINESS_UNITS)[number]>;
export const TOPICS = Object.keys(TOPIC_UNITS) as Array<keyof typeof TOPIC_UNITS>;

/** The finder's GET parameters: a unit or a topic, and a country, region or geo-region. */
export const contactFinderSchema = z.object({
  unit: z.enum(BUSINESS_UNITS).optional().catch(undefined),
  topic: z.enum(TOPICS as [keyof typeof TOPIC_UNITS, ...Array<keyof typeof TOPIC_UNITS>]).optional().catch(undefined),
  country: z.enum(CONTACT_COUNTRIES).optional().catch(undefined),
  region: z.enum(CONTACT_REGIONS).optional().catch(undefined),
  geo: z.enum(GEO_REGIONS).optional().catch(undefined),
});

export const CONTACT_MESSAGE_FIELDS = ['name', 'email', 'company', 'message'] as const;

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

export interface ContactPerson {
  name: string;
  businessUnit: string;
  country: string;
  region: string;
  geoRegion: string;
  email: string;
  phone: string;
}

export interface ContactUsData {
  unit?: string;
  topic?: string;
  country?: string;
  region?: string;
  geo?: string;
  contacts: ContactPerson[];
  searchDown: boolean;
  idempotencyKey: string;
  prefill: { name: string; email: string; company: string };
  sent?: string;
}
