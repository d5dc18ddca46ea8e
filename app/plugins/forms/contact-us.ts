import type { CaseSuggestionsView } from './case-assist.ts';


/** Contact us (REQ-FORM-5, REQ-SOLR-2): find contacts by business unit and location, then write to them. */
export const BUSINESS_UNITS = ['ESBU', 'Semiconductors', 'Sensing', 'Automotive', 'Industrial'] as const;
export const CONTACT_COUNTRIES = ['Germany', 'France', 'United States', 'Brazil', 'China', 'Japan', 'India', 'Korea'] as const;

export const CONTACT_REGIONS = ['DACH', 'Western Europe', 'North America', 'South America', 'Greater China', 'Japan', 'South Asia', 'Korea'] as const;
export const GEO_REGIONS = ['Europe', 'Americas', 'Asia'] as const;
/** REQ-SOLR-2: contacts by business unit, or by product/application (each looked after by a unit). */
export const TOPIC_UNITS = {
  'circuit-protection': 'ESBU',
  sensing: 'Sensing',
  'power-control': 'Semiconductors',
  automotive: 'Automotive',
  industrial: 'Industrial',
} as const satisfies Record<string, (typeof BUSINESS_UNITS)[number]>;
export const TOPICS = Object.keys(TOPIC_UNITS) as Array<keyof typeof TOPIC_UNITS>;


export const CONTACT_MESSAGE_FIELDS = ['name', 'email', 'company', 'message'] as const;


/** What the contact form's post answers when it does not redirect: refused fields, or suggested answers. */
export interface ContactUsAnswer {
  component: 'ContactUs';
  errors: Partial<Record<string, string>>;
  values: Record<string, string>;
  /** "Suggest answers" (intent=suggest): nothing was sent; the visitor's words come back with suggestions. */
  suggestions?: CaseSuggestionsView;
}

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
  /** Finder choices the address gave that are none of the choices (the page answers 400). */
  refused?: Array<{ field: 'unit' | 'topic' | 'country' | 'region' | 'geo'; value: string }>;
}
