import type { Translate } from '~/cms/use-site-shell.ts';

/** The sample request form (REQ-FORM-4): its fields here, its schema in request-sample.schema.ts; messages are dictionary keys. */
export const PART_ROWS = 5;
export const SAMPLE_REGIONS = ['Americas', 'EMEA', 'APAC'] as const;

/**
 * A sales region's name in the page's language: the stock service and the sample form send its
 * code (Americas, EMEA, APAC), which is English (issue 31). An unknown code is shown as sent.
 */
export function salesRegionName(t: Translate, code: string): string {
  const key = `forms.salesRegion.${code}`;
  const name = t(key);
  return name === key ? code : name;
}
export const SHIPPING_FIELDS = ['firstName', 'lastName', 'companyName', 'address1', 'address2', 'city', 'state', 'postalCode', 'country', 'phone'] as const;

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
