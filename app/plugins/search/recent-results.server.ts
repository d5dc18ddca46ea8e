import { RECENT_DAYS } from '~/lib/search-constants.ts';
import type { SharedStore } from '../../../server/shared-store.ts';
import { rememberResult, type RecentResult } from './recent.ts';

/**
 * The results each visitor opened (REQ-BOX-6 recent results), by their recent-results key (a cookie
 * of its own, recent-cookie.server.ts; the click endpoint also needs the analytics visitor id), fed by the
 * result links' click beacon: it works with or without JavaScript, and like the analytics it
 * keeps nothing for a visitor who asked not to be tracked (no visitor id). Kept for RECENT_DAYS
 * in the site's shared store, so the process that serves the next search page knows what the
 * visitor opened through another; a store that fails costs a convenience, never a page.
 */
const RECENT_MS = RECENT_DAYS * 24 * 60 * 60 * 1000;
const keyOf = (visitorId: string) => `opened-results:${visitorId}`;

export async function recordOpenedResult(store: SharedStore, visitorId: string, result: RecentResult): Promise<void> {
  const next = rememberResult(await openedResults(store, visitorId), result);
  await store.set(keyOf(visitorId), JSON.stringify(next), RECENT_MS).catch(() => undefined);
}

export async function openedResults(store: SharedStore, visitorId: string | undefined): Promise<RecentResult[]> {
  if (!visitorId) return [];
  try {
    const value = await store.get(keyOf(visitorId));
    return value === undefined ? [] : (JSON.parse(value) as RecentResult[]);
  } catch {
    return [];
  }
}
