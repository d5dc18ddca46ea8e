import * as z from 'zod/mini';
import { COMPLIANCE_FLAGS, DEFAULT_PAGE_SIZE, INDEX_LETTERS, VALUE_FILTERS, type ListingState, type ValueFilter } from './url-state.ts';

/** One schema per URL parameter, each on its own: one bad value (size=13) does not reset the others. */
export const listingParamSchemas = {
  sort: z.string().check(z.regex(/^[a-z][a-z0-9]{0,40}$/, 'A sort field is lower-case letters and digits.')),
  dir: z.enum(['asc', 'desc']),
  // REQ-SEARCH-4: 12, 24 or 48.
  size: z.enum(['12', '24', '48']),
  page: z.string().check(z.regex(/^[1-9][0-9]{0,3}$/, 'A page is a positive whole number.')),
  index: z.enum(INDEX_LETTERS),
  stock: z.literal('on'),
  sample: z.literal('on'),
};

/**
 * The parameters the listing cannot show as asked (page=abc, size=7): the page answers 400 and
 * names each, never a default the visitor did not choose (bad input gets a 4xx, issue 19).
 */
export function listingParamProblems(params: URLSearchParams): Array<{ input: keyof typeof listingParamSchemas; value: string }> {
  return (Object.keys(listingParamSchemas) as Array<keyof typeof listingParamSchemas>).flatMap((key) => {
    const raw = params.get(key);
    if (raw === null || raw === '') return [];
    return listingParamSchemas[key].safeParse(raw).success ? [] : [{ input: key, value: raw.slice(0, 100) }];
  });
}

/** Reads the listing state; a value out of bounds falls back to its default (listingParamProblems names it). */
export function parseListingUrl(params: URLSearchParams): ListingState {
  const read = <T>(key: keyof typeof listingParamSchemas, schema: z.ZodMiniType<T>): T | undefined => {
    const raw = params.get(key);
    if (raw === null || raw === '') return undefined;
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  };
  // Keys come from the URL (`min_constructor`): a table without a prototype, so every key is its own.
  const ranges: ListingState['ranges'] = Object.create(null);
  for (const [key, value] of params) {
    const match = /^(min|max)_([a-z][a-z0-9]{0,40})$/.exec(key);
    if (!match || !value.trim()) continue;
    const field = match[2]!;
    ranges[field] = {
      ...ranges[field],
      [match[1]!]: value.trim().slice(0, 40),
    };
  }
  const values = Object.fromEntries(
    Object.keys(VALUE_FILTERS).map((key) => [
      key,
      [
        ...new Set(
          params
            .getAll(key)
            .map((v) => v.trim())
            .filter(Boolean)
        ),
      ].slice(0, 25),
    ])
  ) as Record<ValueFilter, string[]>;
  const size = read('size', listingParamSchemas.size);
  const asked = params.getAll('compliance');
  return {
    ranges,
    values,
    compliance: COMPLIANCE_FLAGS.filter((flag) => asked.includes(flag)),
    stock: read('stock', listingParamSchemas.stock) === 'on',
    sample: read('sample', listingParamSchemas.sample) === 'on',
    index: read('index', listingParamSchemas.index) ?? 'All',
    sort: read('sort', listingParamSchemas.sort),
    dir: read('dir', listingParamSchemas.dir) ?? 'asc',
    size: size ? Number(size) : DEFAULT_PAGE_SIZE,
    // As asked: a page past the last (or past the 5000 reachable results, REQ-SEARCH-4) is named
    // on the page with the last one, never quietly swapped for another.
    page: Number(read('page', listingParamSchemas.page) ?? 1),
  };
}
