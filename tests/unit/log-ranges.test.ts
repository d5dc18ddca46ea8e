import { describe, expect, it } from 'vitest';
import { fitBuckets, logEdges } from '../../app/lib/log-ranges.ts';

describe('log-scale range buckets (docs/decisions/0178)', () => {
  it('puts edges on a 1-2-5 ladder from the decade below the smallest value to past the largest', () => {
    expect(logEdges(0.002, 1000)).toEqual([0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]);
    expect(logEdges(17.2, 1800)).toEqual([10, 20, 50, 100, 200, 500, 1000, 2000]);
    expect(logEdges(0, 10)).toEqual([]);
  });

  it('shows the non-empty buckets, joined into whole decades when too many, counts summed', () => {
    const edges = logEdges(0.001, 1000);
    const buckets = edges.slice(0, -1).map((start, i) => ({ start, end: edges[i + 1]!, count: i === 4 ? 0 : 10 }));
    expect(fitBuckets(buckets.slice(0, 6), 8)).toHaveLength(5);
    const fitted = fitBuckets(buckets, 8);
    expect(fitted).toEqual([
      { start: 0.001, end: 0.01, count: 30 },
      { start: 0.01, end: 0.1, count: 20 },
      { start: 0.1, end: 1, count: 30 },
      { start: 1, end: 10, count: 30 },
      { start: 10, end: 100, count: 30 },
      { start: 100, end: 1000, count: 30 },
    ]);
    expect(fitBuckets(buckets, 3).map((bucket) => [bucket.start, bucket.end])).toEqual([[0.001, 0.1], [0.1, 10], [10, 1000]]);
  });
});
