import { z } from 'zod';

/**
 * What the site reads of the Search API's answers. Loose objects: the service may add fields, and
 * only what is named here is relied on.
 */

const raw = z.record(z.string(), z.unknown());

export const searchResultSchema = z.looseObject({
  title: z.string().default(''),
  clickUri: z.string().default(''),
  uniqueId: z.string().default(''),
  excerpt: z.string().optional(),
  raw: raw.default({}),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const facetResponseSchema = z.looseObject({
  facetId: z.string(),
  field: z.string(),
  values: z.array(z.looseObject({ value: z.string().default(''), state: z.string().default('idle'), numberOfResults: z.number().default(0) })).default([]),
  /** A range facet's smallest and largest value under the query (numbers; a date facet's are strings). */
  domain: z.looseObject({ start: z.unknown(), end: z.unknown() }).optional(),
});
export type FacetResponse = z.infer<typeof facetResponseSchema>;

/** An answer is one with results, as Headless decides. */
export const searchResponseSchema = z.looseObject({
  totalCount: z.number().default(0),
  results: z.array(searchResultSchema),
  facets: z.array(facetResponseSchema).default([]),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const errorBodySchema = z.looseObject({ message: z.string().optional(), statusCode: z.number().optional() });

export const querySuggestResponseSchema = z.looseObject({
  completions: z.array(z.looseObject({ expression: z.string(), highlighted: z.string().default('') })).default([]),
});

export const documentResponseSchema = z.looseObject({
  title: z.string().optional(),
  clickUri: z.string().optional(),
  raw: raw.optional(),
});
export type DocumentResponse = z.infer<typeof documentResponseSchema>;

export const documentSuggestionsSchema = z.looseObject({
  documents: z
    .array(z.looseObject({ title: z.string().optional(), clickUri: z.string().optional(), excerpt: z.string().optional(), fields: raw.optional() }))
    .default([]),
});
export type DocumentSuggestion = z.infer<typeof documentSuggestionsSchema>['documents'][number];

export const tokenResponseSchema = z.looseObject({ token: z.string() });
