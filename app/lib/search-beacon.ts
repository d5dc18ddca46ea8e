import { z } from 'zod';

// The search a page's beacon carries (decision 0049): a leaf module, so the search plugin's
// analytics can name the type without importing the beacon's endpoint (no import circle).

export const beaconShort = z.string().max(200);
export const beaconLanguage = z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/);
const short = beaconShort;
const language = beaconLanguage;
const customData = z.record(z.string().max(64), z.union([z.string().max(1000), z.number()]));

const searchCommon = { language, originContext: z.literal('Search'), originLevel1: short, originLevel2: short, customData: customData.optional() };
export const searchSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('search'),
    /** What the visitor typed, remembered in their recent queries when it found something. */
    query: z.string().max(200),
    found: z.boolean(),
    body: z.strictObject({
      ...searchCommon,
      actionCause: short,
      actionType: short,
      searchQueryUid: short,
      queryPipeline: short.optional(),
      queryText: z.string().max(1000),
      responseTime: z.number().int().min(0).max(3_600_000),
      numberOfResults: z.number().int().min(0),
      /** The selected facet values, [facetId, value] in URL order: facetState without what the endpoint knows. */
      selected: z.array(z.tuple([short, z.string().max(1000)])).max(200),
    }),
  }),
  z.strictObject({
    kind: z.literal('custom'),
    query: z.string().max(200),
    found: z.boolean(),
    body: z.strictObject({ ...searchCommon, eventType: short, eventValue: short, lastSearchQueryUid: short.optional(), customData: customData.optional() }),
  }),
]);
export type SearchBeacon = z.infer<typeof searchSchema>;
