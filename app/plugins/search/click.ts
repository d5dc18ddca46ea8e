import { z } from 'zod';

/**
 * The click beacon of a search result (SPEC 7 click event): the result link's `ping` attribute
 * posts to this address when the visitor follows the link, with or without JavaScript. One schema
 * for the link that is built and the action that reads it.
 */
export const CLICK_BEACON_PATH = '/api/search/click';

export const clickBeaconSchema = z.object({
  uid: z.string().max(100).default(''),
  pos: z.coerce.number().int().min(1).max(5000),
  id: z.string().min(1).max(2000),
  hash: z.string().max(100).default(''),
  pid: z.string().max(200).default(''),
  uri: z.string().min(1).max(2000),
  title: z.string().max(500).default(''),
  src: z.string().max(200).default(''),
  tab: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/).default('default'),
  lang: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/).default('en'),
});
export type ClickBeacon = z.infer<typeof clickBeaconSchema>;

export function clickBeaconUrl(beacon: ClickBeacon): string {
  const params = new URLSearchParams(Object.entries(beacon).map(([key, value]) => [key, String(value)]));
  return `${CLICK_BEACON_PATH}?${params.toString()}`;
}
