/** The REQ-ANALYTICS-1 page-view record: every field present, 'not provided' where the page has no value. */
export const PAGE_VIEW_FIELDS = [
  'user_id',
  'user_type',
  'site_section',
  'content_type',
  'language',
  'L1',
  'L2',
  'L3',
  'L4',
  'L5',
  'L6',
  'L6.5',
  'L7',
  'product_technology',
  'business_unit',
] as const;
export type PageViewRecord = Record<(typeof PAGE_VIEW_FIELDS)[number], string>;
export const NOT_PROVIDED = 'not provided';

export function pageViewRecord(values: Partial<Record<(typeof PAGE_VIEW_FIELDS)[number], string | undefined | null>>): PageViewRecord {
  return Object.fromEntries(PAGE_VIEW_FIELDS.map((field) => [field, values[field]?.trim() ? values[field]!.trim() : NOT_PROVIDED])) as PageViewRecord;
}
