import { LRUCache } from 'lru-cache';
import { RECENT_DAYS } from '~/lib/search-constants.ts';
import { rememberResult, type RecentResult } from './recent.ts';

/**
 * The results each visitor opened (SPEC 4 recent results), by the analytics visitor id, fed by the
 * result links' click beacon: it works with or without JavaScript, and like the analytics it
 * keeps nothing for a visitor who asked not to be tracked (no visitor id). Kept in memory for
 * RECENT_DAYS; a restart forgets them, which costs a convenience, never a submission.
 */
const byVisitor = new LRUCache<string, RecentResult[]>({ max: 50_000, ttl: RECENT_DAYS * 24 * 60 * 60 * 1000, updateAgeOnGet: false });

export function recordOpenedResult(visitorId: string, result: RecentResult): void {
  byVisitor.set(visitorId, rememberResult(byVisitor.get(visitorId) ?? [], result));
}

export function openedResults(visitorId: string | undefined): RecentResult[] {
  return visitorId ? (byVisitor.get(visitorId) ?? []) : [];
}
