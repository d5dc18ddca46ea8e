import { formatSearchDate, RuleError } from '@voltaris/protocol/coveo/rules';
import type {
  CategoryValueRequest,
  DateFacetRequest,
  FacetRequest,
  HierarchicalFacetRequest,
  NumericFacetRequest,
  SpecificFacetRequest,
} from '@voltaris/protocol/coveo/schemas';
import { Bitset } from './bitset.ts';
import { parseExpressionDate } from './evaluate.ts';
import { HIERARCHY_DELIMITER, isNumeric, lowerBound, naturalCompare, sortedOf, totalsOf, type CategoricalColumn, type NumericColumn, type SearchIndex } from './index.ts';

/**
 * Facet filters and exact counts (REQ-COVEO-5). A facet's own selection does not narrow its own
 * counts (multi-select), every other facet's does; values come back in the state they were asked
 * in, so headless can rebuild its next request from the response.
 */

export class FacetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FacetError';
  }
}

export interface SpecificFacetValue {
  value: string;
  state: 'idle' | 'selected' | 'excluded';
  numberOfResults: number;
}
export interface RangeFacetValue<T> {
  start: T;
  end: T;
  endInclusive: boolean;
  state: 'idle' | 'selected' | 'excluded';
  numberOfResults: number;
}
export interface CategoryFacetValue {
  value: string;
  state: 'idle' | 'selected';
  numberOfResults: number;
  path: string[];
  isLeafValue: boolean;
  moreValuesAvailable: boolean;
  children: CategoryFacetValue[];
}

export type FacetResponse =
  | { facetId: string; field: string; moreValuesAvailable: boolean; indexScore: number; values: SpecificFacetValue[] }
  | { facetId: string; field: string; moreValuesAvailable: boolean; indexScore: number; values: RangeFacetValue<number>[]; domain?: { start: number; end: number } }
  | { facetId: string; field: string; moreValuesAvailable: boolean; indexScore: number; values: RangeFacetValue<string>[]; domain?: { start: string; end: string } }
  | { facetId: string; field: string; moreValuesAvailable: boolean; indexScore: number; values: CategoryFacetValue[] };

function categorical(index: SearchIndex, field: string): CategoricalColumn | undefined {
  const column = index.column(field);
  return column && !isNumeric(column) ? column : undefined;
}

function numeric(index: SearchIndex, field: string): NumericColumn | undefined {
  const column = index.column(field);
  return column && isNumeric(column) ? column : undefined;
}

function rangeSet(column: NumericColumn, start: number, end: number, endInclusive: boolean): Bitset {
  const set = new Bitset(column.values.length);
  const sorted = sortedOf(column);
  const to = lowerBound(sorted.values, end, endInclusive);
  for (let i = lowerBound(sorted.values, start); i < to; i += 1) set.add(sorted.ids[i]!);
  return set;
}

function dateBound(value: string): number {
  try {
    return parseExpressionDate(value);
  } catch (error) {
    throw new FacetError(error instanceof RuleError ? error.message : `Date is invalid: ${value}`);
  }
}

/** The selected path of a hierarchical request: a chain of first children ending at the selected node. */
function selectedPath(values: CategoryValueRequest[]): string[] {
  const path: string[] = [];
  let level = values;
  for (;;) {
    const node = level.find((value) => value.state === 'selected') ?? (level.length === 1 ? level[0] : undefined);
    if (!node) return [];
    path.push(node.value);
    if (node.state === 'selected') return path;
    level = node.children;
  }
}

/** The filter a facet's active values put on the results; undefined when it has none. */
export function facetFilter(index: SearchIndex, facet: FacetRequest): Bitset | undefined {
  switch (facet.type) {
    case 'specific': {
      const selected = facet.currentValues.filter((v) => v.state === 'selected');
      const excluded = facet.currentValues.filter((v) => v.state === 'excluded');
      if (selected.length === 0 && excluded.length === 0) return undefined;
      let set: Bitset;
      if (selected.length > 0) {
        set = new Bitset(index.size);
        for (const value of selected) set.or(index.valueSet(facet.field, value.value));
      } else {
        set = Bitset.full(index.size);
      }
      for (const value of excluded) set.andNot(index.valueSet(facet.field, value.value));
      return set;
    }
    case 'numericalRange':
    case 'dateRange': {
      const column = numeric(index, facet.field);
      const active = facet.currentValues.filter((v) => v.state !== 'idle');
      if (active.length === 0) return undefined;
      if (!column) return new Bitset(index.size);
      const bound = (value: string | number) => (typeof value === 'number' ? value : dateBound(value));
      const selected = active.filter((v) => v.state === 'selected');
      const set = selected.length > 0 ? new Bitset(index.size) : Bitset.full(index.size);
      for (const value of selected) set.or(rangeSet(column, bound(value.start), bound(value.end), value.endInclusive));
      for (const value of active.filter((v) => v.state === 'excluded')) {
        set.andNot(rangeSet(column, bound(value.start), bound(value.end), value.endInclusive));
      }
      return set;
    }
    case 'hierarchical': {
      const path = selectedPath(facet.currentValues);
      const effective = path.length > 0 ? path : facet.filterByBasePath ? facet.basePath : [];
      if (effective.length === 0) return undefined;
      return index.valueSet(facet.field, effective.join(HIERARCHY_DELIMITER));
    }
  }
}

/** Documents per value within a set; a set larger than half the index is counted by its complement. */
function countValues(column: CategoricalColumn, set: Bitset): Int32Array {
  const size = column.offsets.length - 1;
  const members = set.count();
  if (members > size / 2) {
    const counts = totalsOf(column).slice();
    const outside = countMembers(column, set.clone().not());
    for (let i = 0; i < counts.length; i += 1) counts[i]! -= outside[i]!;
    return counts;
  }
  return countMembers(column, set);
}

function countMembers(column: CategoricalColumn, set: Bitset): Int32Array {
  const counts = new Int32Array(column.values.length);
  const { offsets, valueIds } = column;
  const words = set.words;
  for (let w = 0; w < words.length; w += 1) {
    let bits = words[w]!;
    while (bits !== 0) {
      const low = bits & -bits;
      const doc = (w << 5) + (31 - Math.clz32(low));
      bits ^= low;
      for (let k = offsets[doc]!; k < offsets[doc + 1]!; k += 1) counts[valueIds[k]!]! += 1;
    }
  }
  return counts;
}

function specificFacet(index: SearchIndex, facet: SpecificFacetRequest, set: Bitset): FacetResponse {
  const column = categorical(index, facet.field);
  const active = new Map(facet.currentValues.filter((v) => v.state !== 'idle').map((v) => [v.value, v.state]));
  const response = { facetId: facet.facetId, field: facet.field, indexScore: 0, moreValuesAvailable: false };
  if (!column) {
    return { ...response, values: [...active].map(([value, state]) => ({ value, state, numberOfResults: 0 })) };
  }
  const counts = countValues(column, set);
  const countOf = (value: string) => {
    const id = column.idsByLowerValue.get(value.toLowerCase());
    return id === undefined ? 0 : counts[id]!;
  };
  if (facet.freezeCurrentValues && facet.currentValues.length > 0) {
    let present = 0;
    for (const count of counts) if (count > 0) present += 1;
    return {
      ...response,
      moreValuesAvailable: present > facet.currentValues.length,
      values: facet.currentValues.map((v) => ({ value: v.value, state: v.state, numberOfResults: countOf(v.value) })),
    };
  }
  const allowed = facet.allowedValues ? new Set(facet.allowedValues.values.map((v) => v.toLowerCase())) : undefined;
  const candidates: number[] = [];
  counts.forEach((count, id) => {
    if (count > 0 && (!allowed || allowed.has(column.values[id]!.toLowerCase()))) candidates.push(id);
  });
  const sort = facet.sortCriteria;
  const descending = typeof sort === 'object' && sort.order === 'descending';
  const alphabetical = sort === 'alphanumeric' || sort === 'alphanumericNatural' || typeof sort === 'object';
  const custom = new Map((facet.customSort ?? []).map((value, i) => [value.toLowerCase(), i]));
  candidates.sort((a, b) => {
    const ca = custom.get(column.values[a]!.toLowerCase());
    const cb = custom.get(column.values[b]!.toLowerCase());
    if (ca !== undefined || cb !== undefined) return (ca ?? Infinity) - (cb ?? Infinity);
    if (alphabetical) return (descending ? -1 : 1) * naturalCompare(column.values[a]!, column.values[b]!);
    // Numbers only here: the collator is slow, and ties are settled below on the few values shown.
    return counts[b]! - counts[a]! || a - b;
  });
  const top = candidates.slice(0, facet.numberOfValues);
  if (!alphabetical && custom.size === 0) top.sort((a, b) => counts[b]! - counts[a]! || naturalCompare(column.values[a]!, column.values[b]!));
  const shown = top.map((id) => column.values[id]!);
  // Active values are always answered, with their state, even when they fall outside the first values.
  for (const value of active.keys()) if (!shown.some((v) => v.toLowerCase() === value.toLowerCase())) shown.push(value);
  return {
    ...response,
    moreValuesAvailable: candidates.length > facet.numberOfValues,
    values: shown.map((value) => ({ value, state: active.get(value) ?? 'idle', numberOfResults: countOf(value) })),
  };
}

function niceStep(span: number, buckets: number): number {
  const raw = span / Math.max(1, buckets);
  if (raw <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalized = raw / magnitude;
  const nice = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 2.5 ? 2.5 : normalized <= 5 ? 5 : 10;
  return nice * magnitude;
}

function valuesIn(column: NumericColumn, set: Bitset): Float64Array {
  const out = new Float64Array(set.count());
  let n = 0;
  set.forEach((doc) => {
    const v = column.values[doc]!;
    if (!Number.isNaN(v)) out[n++] = v;
  });
  return out.subarray(0, n);
}

function automaticRanges(values: Float64Array, facet: NumericFacetRequest | DateFacetRequest, isDate: boolean): Array<[number, number]> {
  if (values.length === 0) return [];
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const buckets = facet.numberOfValues;
  if (facet.rangeAlgorithm === 'equiprobable') {
    const sorted = Float64Array.from(values).sort();
    const bounds = new Set<number>([min]);
    for (let i = 1; i < buckets; i += 1) bounds.add(sorted[Math.floor((i * sorted.length) / buckets)]!);
    const edges = [...bounds].sort((a, b) => a - b);
    edges.push(max);
    return edges.slice(0, -1).map((start, i) => [start, edges[i + 1]!] as [number, number]).filter(([a, b]) => b > a || edges.length === 2);
  }
  if (isDate) {
    const step = Math.max(86_400_000, Math.ceil((max - min) / buckets / 86_400_000) * 86_400_000);
    const start = Math.floor(min / 86_400_000) * 86_400_000;
    const out: Array<[number, number]> = [];
    for (let s = start; s <= max && out.length < buckets; s += step) out.push([s, s + step]);
    return out;
  }
  // Even (Coveo's default): ranges of one round width, at most numberOfValues of them, covering
  // every value; the width grows to the next round number until they fit.
  let step = niceStep(max - min, buckets);
  const rangesNeeded = (width: number) => Math.floor(max / width) - Math.floor(min / width) + 1;
  while (rangesNeeded(step) > buckets) step = niceStep(step * buckets * 1.01, buckets);
  const start = Math.floor(min / step) * step;
  const out: Array<[number, number]> = [];
  for (let s = start; s <= max && out.length < buckets; s += step) out.push([Number(s.toPrecision(12)), Number((s + step).toPrecision(12))]);
  return out;
}

function rangeFacet(index: SearchIndex, facet: NumericFacetRequest | DateFacetRequest, set: Bitset): FacetResponse {
  const column = numeric(index, facet.field);
  const isDate = facet.type === 'dateRange';
  const base = { facetId: facet.facetId, field: facet.field, indexScore: 0, moreValuesAvailable: false };
  const present = column ? valuesIn(column, set) : new Float64Array();
  let ranges: Array<{ start: number; end: number; endInclusive: boolean; state: 'idle' | 'selected' | 'excluded'; raw?: [string | number, string | number] }>;
  const requested = facet.currentValues as Array<{ start: string | number; end: string | number; endInclusive: boolean; state: 'idle' | 'selected' | 'excluded' }>;
  if (requested.length > 0) {
    ranges = requested.map((v) => {
      const start = typeof v.start === 'number' ? v.start : dateBound(v.start);
      const end = typeof v.end === 'number' ? v.end : dateBound(v.end);
      if (start > end) throw new FacetError(`${facet.facetId}: the start of the range must not be greater than its end.`);
      return { start, end, endInclusive: v.endInclusive, state: v.state, raw: [v.start, v.end] };
    });
  } else if (facet.generateAutomaticRanges) {
    const automatic = automaticRanges(present, facet, isDate);
    ranges = automatic.map(([start, end], i) => ({ start, end, endInclusive: i === automatic.length - 1, state: 'idle' as const }));
  } else {
    ranges = [];
  }
  const counts = new Int32Array(ranges.length);
  for (const v of present) {
    for (let r = 0; r < ranges.length; r += 1) {
      const range = ranges[r]!;
      if (v >= range.start && (range.endInclusive ? v <= range.end : v < range.end)) counts[r]! += 1;
    }
  }
  let min = Infinity;
  let max = -Infinity;
  for (const v of present) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const ordered = ranges.map((range, i) => ({ range, count: counts[i]! }));
  if (facet.sortCriteria === 'descending') ordered.reverse();
  // Automatic ranges without results are noise; requested ranges are always echoed as sent.
  const shown = requested.length > 0 ? ordered : ordered.filter((entry) => entry.count > 0);
  if (isDate) {
    return {
      ...base,
      values: shown.map(({ range, count }) => ({
        start: range.raw ? String(range.raw[0]) : formatSearchDate(range.start),
        end: range.raw ? String(range.raw[1]) : formatSearchDate(range.end),
        endInclusive: range.endInclusive,
        state: range.state,
        numberOfResults: count,
      })),
      ...(present.length > 0 ? { domain: { start: formatSearchDate(min), end: formatSearchDate(max) } } : {}),
    };
  }
  return {
    ...base,
    values: shown.map(({ range, count }) => ({ start: range.start, end: range.end, endInclusive: range.endInclusive, state: range.state, numberOfResults: count })),
    ...(present.length > 0 ? { domain: { start: min, end: max } } : {}),
  };
}

function hierarchicalFacet(index: SearchIndex, facet: HierarchicalFacetRequest, set: Bitset): FacetResponse {
  const column = categorical(index, facet.field);
  const base = { facetId: facet.facetId, field: facet.field, indexScore: 0, moreValuesAvailable: false };
  if (!column) return { ...base, values: [] };
  const counts = countValues(column, set);
  const countOf = (path: string[]) => {
    const id = column.idsByLowerValue.get(path.join(HIERARCHY_DELIMITER).toLowerCase());
    return id === undefined ? 0 : counts[id]!;
  };
  const childrenOf = (path: string[], limit: number): { values: CategoryFacetValue[]; more: boolean } => {
    const prefix = path.length ? `${path.join(HIERARCHY_DELIMITER)}${HIERARCHY_DELIMITER}` : '';
    const depth = path.length + 1;
    const found: Array<{ segments: string[]; count: number }> = [];
    column.values.forEach((value, id) => {
      if (counts[id] === 0 || !value.startsWith(prefix)) return;
      const segments = value.split(HIERARCHY_DELIMITER);
      if (segments.length === depth) found.push({ segments, count: counts[id]! });
    });
    found.sort((a, b) =>
      facet.sortCriteria === 'alphanumeric' ? naturalCompare(a.segments.at(-1)!, b.segments.at(-1)!) : b.count - a.count || naturalCompare(a.segments.at(-1)!, b.segments.at(-1)!),
    );
    return {
      more: found.length > limit,
      values: found.slice(0, limit).map(({ segments, count }) => ({
        value: segments.at(-1)!,
        state: 'idle',
        numberOfResults: count,
        path: segments,
        isLeafValue: !column.values.some((v) => v.startsWith(`${segments.join(HIERARCHY_DELIMITER)}${HIERARCHY_DELIMITER}`)),
        moreValuesAvailable: false,
        children: [],
      })),
    };
  };
  const path = selectedPath(facet.currentValues);
  if (path.length === 0) {
    const { values, more } = childrenOf(facet.basePath, facet.numberOfValues);
    return { ...base, moreValuesAvailable: more, values };
  }
  // The selected path comes back as a chain of single children ending at the selected node.
  const full = [...facet.basePath, ...path];
  const selectedNode: CategoryFacetValue = {
    value: full.at(-1)!,
    state: 'selected',
    numberOfResults: countOf(full),
    path: full,
    isLeafValue: false,
    moreValuesAvailable: false,
    children: [],
  };
  const requestedNode = (() => {
    let level = facet.currentValues;
    let node: CategoryValueRequest | undefined;
    for (const segment of path) {
      node = level.find((v) => v.value === segment);
      level = node?.children ?? [];
    }
    return node;
  })();
  const { values: children, more } = childrenOf(full, Math.max(requestedNode?.retrieveCount ?? facet.numberOfValues, 1));
  selectedNode.children = children;
  selectedNode.moreValuesAvailable = more;
  selectedNode.isLeafValue = children.length === 0;
  let chain = selectedNode;
  for (let depth = full.length - 1; depth > facet.basePath.length; depth -= 1) {
    const ancestor = full.slice(0, depth);
    chain = { value: ancestor.at(-1)!, state: 'idle', numberOfResults: countOf(ancestor), path: ancestor, isLeafValue: false, moreValuesAvailable: false, children: [chain] };
  }
  return { ...base, values: [chain] };
}

export function computeFacet(index: SearchIndex, facet: FacetRequest, set: Bitset): FacetResponse {
  switch (facet.type) {
    case 'specific':
      return specificFacet(index, facet, set);
    case 'numericalRange':
    case 'dateRange':
      return rangeFacet(index, facet, set);
    case 'hierarchical':
      return hierarchicalFacet(index, facet, set);
  }
}
