/**
 * Range buckets for ratings that spread over decades (rated current 2 mA to 1000 A): edges on a
 * 1-2-5 ladder, so each bucket is a round range a datasheet reader knows (1 A – 2 A, 2 A – 5 A), and
 * a list with too many non-empty buckets joins them into whole decades (docs/decisions/0178). The
 * search asks the Search API for the ladder's ranges explicitly (a range facet's `currentValues`).
 */

const STEPS = [1, 2, 5] as const;

/** A tidy float: 0.1 * 3 is 0.30000000000000004; an edge is a 1-2-5 value times a power of ten. */
const tidy = (value: number) => Number(value.toPrecision(6));

/** The 1-2-5 edges from the decade at or below `min` to the first edge at or above `max`. */
export function logEdges(min: number, max: number): number[] {
  if (!(min > 0) || !(max >= min)) return [];
  const edges: number[] = [];
  for (let exponent = Math.floor(Math.log10(min)); edges.length < 200; exponent += 1) {
    for (const step of STEPS) {
      const edge = tidy(step * 10 ** exponent);
      if (edge < tidy(10 ** Math.floor(Math.log10(min)))) continue;
      edges.push(edge);
      if (edge >= max) return edges;
    }
  }
  return edges;
}

export interface Bucket {
  start: number;
  end: number;
  count: number;
}

/**
 * The non-empty buckets, joined into decades (then two, three... decades, counted from the lowest
 * one) until at most `limit` remain. Buckets are disjoint and ascending, so a joined bucket's count
 * is the sum of its parts.
 */
export function fitBuckets(buckets: Bucket[], limit: number): Bucket[] {
  const present = buckets.filter((bucket) => bucket.count > 0);
  const decadeOf = (value: number) => Math.floor(Math.log10(value) + 1e-9);
  const lowest = present.length ? decadeOf(present[0]!.start) : 0;
  let shown = present;
  for (let span = 1; shown.length > limit && span < 30; span += 1) {
    const joined = new Map<number, Bucket>();
    for (const bucket of present) {
      const first = lowest + Math.floor((decadeOf(bucket.start) - lowest) / span) * span;
      const current = joined.get(first);
      if (current) current.count += bucket.count;
      else joined.set(first, { start: tidy(10 ** first), end: tidy(10 ** (first + span)), count: bucket.count });
    }
    shown = [...joined.values()];
  }
  return shown;
}
