import type { ClickBeacon } from './click.schema.ts';

/**
 * The click beacon of a search result (REQ-ANALYTICS-2 click event): the result link's `ping` attribute
 * posts to this address when the visitor follows the link, with or without JavaScript. The schema
 * (click.schema.ts) is the action's; the link is built from the same type.
 */
export const CLICK_BEACON_PATH = '/api/search/click';


export function clickBeaconUrl(beacon: ClickBeacon): string {
  const params = new URLSearchParams(Object.entries(beacon).map(([key, value]) => [key, String(value)]));
  return `${CLICK_BEACON_PATH}?${params.toString()}`;
}
