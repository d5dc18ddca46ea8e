import { logEdges } from '~/lib/log-ranges.ts';
import { categoryTree } from '../catalogue/taxonomy.server.ts';

/**
 * A log-scale facet's ranges: the 1-2-5 ladder over every design range the catalogue gives its
 * field (a decade of margin each side, for parts just past them), as [start, end) pairs.
 */
const ladders = new Map<string, Array<[number, number]>>();

export function logLadder(field: string): Array<[number, number]> {
  const cached = ladders.get(field);
  if (cached) return cached;
  let min = Infinity;
  let max = -Infinity;
  for (const l1 of categoryTree('en'))
    for (const l2 of l1.children)
      for (const parameter of l2.parameters)
        if (parameter.field === field && parameter.log) {
          min = Math.min(min, parameter.min);
          max = Math.max(max, parameter.max);
        }
  const edges = Number.isFinite(min) ? logEdges(min / 10, max * 10) : [];
  const ladder = edges.slice(0, -1).map((start, i): [number, number] => [start, edges[i + 1]!]);
  ladders.set(field, ladder);
  return ladder;
}
