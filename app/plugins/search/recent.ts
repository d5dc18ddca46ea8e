/** REQ-BOX-5, REQ-VALID-13: recent queries are newest first, without duplicates, at most 10, never empty. */
export const RECENT_QUERIES_MAX = 10;

export function rememberQuery(recent: readonly string[], query: string, hadResults: boolean, max = RECENT_QUERIES_MAX): string[] {
  const trimmed = query.trim();
  if (!trimmed || !hadResults) return [...recent];
  const key = trimmed.toLowerCase();
  return [trimmed, ...recent.filter((entry) => entry.toLowerCase() !== key)].slice(0, max);
}

/** REQ-BOX-6: recent results are newest first, deduplicated by uniqueId; 10 kept like the queries. */
export const RECENT_RESULTS_MAX = 10;

export interface RecentResult {
  uniqueId: string;
  title: string;
  clickUri: string;
}

export function rememberResult(recent: readonly RecentResult[], result: RecentResult, max = RECENT_RESULTS_MAX): RecentResult[] {
  return [result, ...recent.filter((entry) => entry.uniqueId !== result.uniqueId)].slice(0, max);
}
