/** SPEC 4, 5, 9: recent queries are newest first, without duplicates, at most 10, never empty. */
export const RECENT_QUERIES_MAX = 10;

export function rememberQuery(recent: readonly string[], query: string, hadResults: boolean, max = RECENT_QUERIES_MAX): string[] {
  const trimmed = query.trim();
  if (!trimmed || !hadResults) return [...recent];
  const key = trimmed.toLowerCase();
  return [trimmed, ...recent.filter((entry) => entry.toLowerCase() !== key)].slice(0, max);
}
