import { z } from 'zod';
import {
  allowedValuesSchema,
  facetIdSchema,
  facetSortSchema,
  numberOfValuesSchema,
  paginationSchema,
} from './rules.ts';
import { MAX_NUMBER_OF_RESULTS, MAX_RECOMMENDATIONS } from './constants.ts';

/**
 * Request bodies of the Coveo Search API v2 as @coveo/headless sends them (REQ-COVEO-4, REQ-COVEO-5,
 * REQ-COVEO-8, REQ-COVEO-9, REQ-COVEO-10). Known fields are checked strictly; unknown fields are ignored, as the real API
 * ignores what it does not use.
 */

const expression = z.string().max(20_000, 'An expression must be at most 20000 characters.');

const facetValueState = z.enum(['idle', 'selected', 'excluded']);

const specificFacet = z.object({
  type: z.literal('specific'),
  facetId: facetIdSchema,
  field: z.string().min(1, 'A facet needs a field.'),
  numberOfValues: numberOfValuesSchema.default(8),
  sortCriteria: facetSortSchema.default('automatic'),
  currentValues: z.array(z.object({ value: z.string(), state: facetValueState })).max(1000).default([]),
  freezeCurrentValues: z.boolean().default(false),
  isFieldExpanded: z.boolean().optional(),
  injectionDepth: z.number().int().min(0).optional(),
  filterFacetCount: z.boolean().optional(),
  allowedValues: allowedValuesSchema.optional(),
  customSort: z.array(z.string()).max(1000).optional(),
  resultsMustMatch: z.enum(['atLeastOneValue', 'allValues']).optional(),
});

const rangeValue = <T extends z.ZodType>(bound: T) =>
  z.object({ start: bound, end: bound, endInclusive: z.boolean().default(false), state: facetValueState.default('idle') });

const numericFacet = z.object({
  type: z.literal('numericalRange'),
  facetId: facetIdSchema,
  field: z.string().min(1),
  numberOfValues: numberOfValuesSchema.default(8),
  sortCriteria: z.enum(['ascending', 'descending']).default('ascending'),
  rangeAlgorithm: z.enum(['even', 'equiprobable']).default('even'),
  generateAutomaticRanges: z.boolean().default(false),
  currentValues: z.array(rangeValue(z.number())).max(1000).default([]),
  injectionDepth: z.number().int().min(0).optional(),
  filterFacetCount: z.boolean().optional(),
});

const dateFacet = numericFacet.extend({
  type: z.literal('dateRange'),
  currentValues: z.array(rangeValue(z.string())).max(1000).default([]),
});

export interface CategoryValueRequest {
  value: string;
  state: 'idle' | 'selected' | 'excluded';
  children: CategoryValueRequest[];
  retrieveChildren?: boolean;
  retrieveCount?: number;
}
const categoryValue: z.ZodType<CategoryValueRequest> = z.lazy(() =>
  z.object({
    value: z.string(),
    state: facetValueState.default('idle'),
    children: z.array(categoryValue).max(1000).default([]),
    retrieveChildren: z.boolean().optional(),
    retrieveCount: z.number().int().min(0).optional(),
  }),
);

const hierarchicalFacet = z.object({
  type: z.literal('hierarchical'),
  facetId: facetIdSchema,
  field: z.string().min(1),
  numberOfValues: numberOfValuesSchema.default(5),
  sortCriteria: z.enum(['alphanumeric', 'occurrences']).default('occurrences'),
  delimitingCharacter: z.string().min(1).max(5).default(';'),
  basePath: z.array(z.string()).max(50).default([]),
  filterByBasePath: z.boolean().default(true),
  currentValues: z.array(categoryValue).max(1000).default([]),
  injectionDepth: z.number().int().min(0).optional(),
  filterFacetCount: z.boolean().optional(),
});

export const facetRequestSchema = z.discriminatedUnion('type', [specificFacet, numericFacet, dateFacet, hierarchicalFacet], {
  error: 'A facet type must be specific, numericalRange, dateRange or hierarchical.',
});
export type FacetRequest = z.infer<typeof facetRequestSchema>;
export type SpecificFacetRequest = z.infer<typeof specificFacet>;
export type NumericFacetRequest = z.infer<typeof numericFacet>;
export type DateFacetRequest = z.infer<typeof dateFacet>;
export type HierarchicalFacetRequest = z.infer<typeof hierarchicalFacet>;

const context = z.record(z.string(), z.union([z.string(), z.array(z.string())])).optional();

/**
 * Partial match: a basic expression of at least `partialMatchKeywords` words matches the items that
 * hold at least `partialMatchThreshold` of them (a percentage, rounded up, or a number of words).
 */
export const partialMatchParameters = z.object({
  partialMatch: z.boolean({ error: 'partialMatch must be true or false.' }).optional(),
  partialMatchKeywords: z.number({ error: 'partialMatchKeywords must be a number.' }).int().min(1, 'partialMatchKeywords must be at least 1.').max(100).optional(),
  partialMatchThreshold: z
    .string({ error: 'partialMatchThreshold must be a string.' })
    .regex(/^(?:100|\d{1,2})%$|^\d{1,3}$/, 'partialMatchThreshold must be a percentage such as "50%" or a number of words such as "3".')
    .optional(),
});
export type PartialMatchParameters = z.infer<typeof partialMatchParameters>;

export const searchRequestSchema = z
  .object({
    q: z.string({ error: 'q must be a string.' }).max(10_000, 'q must be at most 10000 characters.').default(''),
    enableQuerySyntax: z.boolean({ error: 'enableQuerySyntax must be true or false.' }).default(false),
    aq: expression.optional(),
    cq: expression.optional(),
    lq: expression.optional(),
    dq: expression.optional(),
    firstResult: paginationSchema.shape.firstResult,
    numberOfResults: paginationSchema.shape.numberOfResults,
    sortCriteria: z.string().max(1000).default('relevancy'),
    facets: z.array(facetRequestSchema).max(100, 'At most 100 facets per request.').default([]),
    facetOptions: z.object({ freezeFacetOrder: z.boolean().optional() }).optional(),
    fieldsToInclude: z.array(z.string().max(200)).max(500).optional(),
    pipeline: z.string().max(200).optional(),
    searchHub: z.string().max(200).optional(),
    tab: z.string().max(200).optional(),
    locale: z.string().max(35).default('en-US'),
    timezone: z.string().max(100).optional(),
    context,
    excerptLength: z.number().int().min(0, 'excerptLength must be at least 0.').max(10_000).default(200),
    enableDidYouMean: z.boolean().default(false),
    ...partialMatchParameters.shape,
    queryCorrection: z
      .object({ enabled: z.boolean().default(false), options: z.object({ automaticallyCorrect: z.enum(['never', 'whenNoResults']).default('whenNoResults') }).optional() })
      .optional(),
    filterField: z.string().max(200).optional(),
    parentField: z.string().max(200).optional(),
    childField: z.string().max(200).optional(),
    filterFieldRange: z.number().int().min(0).max(1000).optional(),
    recommendation: z.string().max(200).optional(),
    /** Product recommendations (REQ-VALID-12: skus at least 1; brand and category may be empty). */
    mlParameters: z
      .object({
        itemIds: z.array(z.string().min(1, 'A sku must not be empty.')).min(1, 'Give at least one sku.').max(100).optional(),
        brandFilter: z.string().max(200).optional(),
        categoryFilter: z.string().max(200).optional(),
      })
      .optional(),
    visitorId: z.string().max(200).optional(),
    debug: z.boolean().optional(),
    referrer: z.string().nullable().optional(),
  })
  .refine((request) => request.numberOfResults <= MAX_NUMBER_OF_RESULTS, { message: `numberOfResults must be at most ${MAX_NUMBER_OF_RESULTS}.` })
  .refine((request) => !request.mlParameters || (request.numberOfResults >= 1 && request.numberOfResults <= MAX_RECOMMENDATIONS), {
    message: `maxNumberOfRecommendations must be between 1 and ${MAX_RECOMMENDATIONS}.`,
    path: ['numberOfResults'],
  });
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const querySuggestRequestSchema = z.object({
  q: z.string({ error: 'q must be a string.' }).max(1000).default(''),
  count: z.number().int().min(1, 'count must be at least 1.').max(100, 'count must be at most 100.').default(5),
  locale: z.string().max(35).default('en-US'),
  timezone: z.string().max(100).optional(),
  searchHub: z.string().max(200).optional(),
  pipeline: z.string().max(200).optional(),
  tab: z.string().max(200).optional(),
  context,
});

export const facetSearchRequestSchema = z.object({
  type: z.enum(['specific', 'hierarchical']).default('specific'),
  field: z.string({ error: 'field must be a string.' }).min(1, 'A facet search needs a field.'),
  query: z.string().max(1000).default('**'),
  numberOfValues: numberOfValuesSchema.default(10),
  captions: z.record(z.string(), z.string()).default({}),
  ignoreValues: z.array(z.string()).max(1000).default([]),
  ignorePaths: z.array(z.array(z.string())).max(1000).default([]),
  basePath: z.array(z.string()).max(50).default([]),
  delimitingCharacter: z.string().min(1).max(5).default(';'),
  filterFacetCount: z.boolean().optional(),
  searchContext: z.unknown().optional(),
});

export const planRequestSchema = z.object({
  q: z.string({ error: 'q must be a string.' }).max(10_000).default(''),
  locale: z.string().max(35).default('en-US'),
  timezone: z.string().max(100).optional(),
  enableQuerySyntax: z.boolean().optional(),
  searchHub: z.string().max(200).optional(),
  pipeline: z.string().max(200).optional(),
  context,
});

/** 2.x product listing (REQ-COVEO-14): the listing page's URL picks the category. */
export const productListingRequestSchema = z.object({
  url: z.url({ error: 'url must be a valid URL.' }),
  clientId: z.string().max(200).optional(),
  additionalFields: z.array(z.string().max(200)).max(100).default([]),
  facets: z.object({ requests: z.array(facetRequestSchema).max(50).default([]) }).default({ requests: [] }),
  pagination: z
    .object({ numberOfValues: z.number().int().min(1, 'numberOfValues must be at least 1.').max(1000).default(12), page: z.number().int().min(1, 'page starts at 1.').default(1) })
    .default({ numberOfValues: 12, page: 1 }),
  sort: z
    .union([
      z.object({ by: z.literal('relevance') }),
      z.object({ by: z.literal('fields'), fields: z.array(z.object({ name: z.string().min(1), direction: z.enum(['asc', 'desc']).default('asc') })).min(1) }),
    ])
    .optional(),
  userContext: z.record(z.string(), z.unknown()).optional(),
});
export type ProductListingRequest = z.infer<typeof productListingRequestSchema>;
