import { describe, expect, it } from 'vitest';
import { searchRequestSchema } from '@voltaris/protocol/coveo/schemas';
import { AnalyticsStore } from './analytics-sink.ts';
import { generateCatalogue } from './catalogue/generate.ts';
import { Bitset } from './engine/bitset.ts';
import { isNumeric, SearchIndex } from './engine/index.ts';
import { Recommender } from './recommend.ts';

/**
 * Recommendations read the default order (in stock first, newest, then by id) off a precomputed
 * ranking instead of sorting every candidate set per request: the answers must be the very same.
 * EXPECTED was recorded with the per-request sort (the code before decision 0060) on this catalogue.
 * Since the catalogue's series additions (decision 0068) the relays' last series ends earlier: its
 * parts LCA54R5STR and LCA55STR are gone from two lists, and the next two in the same order follow.
 * Since part numbers carry their rating as the industry writes them (decision 0083) the lists name
 * the new numbers: recorded again from the ranking, which the next test checks against the
 * per-request sort over every product.
 */

const catalogue = generateCatalogue({ products: 5000, seed: 11 });
const index = new SearchIndex(catalogue.documents);
const analytics = new AnalyticsStore();
const everything = Bitset.full(index.size);
const partOf = (doc: number) => index.docs[doc]!.partNumber ?? index.docs[doc]!.path;
const someParts = catalogue.documents.filter((doc) => doc.partNumber).map((doc) => doc.partNumber!);

const CASES: Array<[string, Record<string, unknown>]> = [
  ['zero-result query, a mistyped series', { recommendation: 'zeroResults', context: { query: `${someParts[0]!.slice(0, 4)}zzq` } }],
  ['zero-result query, a product type begun', { recommendation: 'zeroResults', context: { query: 'varistr' } }],
  ['zero-result query in Japanese', { recommendation: 'zeroResults', context: { query: 'ヒューズ' } }],
  ['zero-result query matching nothing', { recommendation: 'zeroResults', context: { query: 'qqqq' } }],
  ['no seed at all', { recommendation: 'default' }],
  ['a part as seed', { recommendation: 'default', mlParameters: { itemIds: [someParts[500]!] } }],
  ['similar parts', { recommendation: 'similar', context: { partnumber: someParts[900]! } }],
  ['a category filter', { recommendation: 'popular', mlParameters: { categoryFilter: 'Fuses' } }],
];

function recommend(body: Record<string, unknown>, limit: number): string[] {
  const request = searchRequestSchema.parse({ numberOfResults: Math.min(limit, 50), ...body });
  return new Recommender(index, analytics).recommend(request, everything, limit).map(partOf);
}

/** The order as the code before decision 0060 sorted it, per request. */
function sortedTheOldWay(set: Bitset): number[] {
  const dates = index.column('date');
  const stock = index.valueSet('checkstock', 'true');
  const dateOf = (doc: number) => (dates && isNumeric(dates) ? dates.values[doc]! : 0);
  return [...set.toArray()].sort((a, b) => Number(stock.has(b)) - Number(stock.has(a)) || dateOf(b) - dateOf(a) || a - b);
}

describe('recommendations in the default order', () => {
  it('are the same as the per-request sort gave', () => {
    const got = Object.fromEntries(CASES.map(([name, body]) => [name, recommend(body, 12)]));
    expect(got).toEqual(EXPECTED);
  });

  it('list every product as a full sort of the candidates would, however many are asked for', () => {
    const products = everything.clone().and(index.valueSet('objecttype', 'Product'));
    expect(recommend({ recommendation: 'default' }, 5000)).toEqual(sortedTheOldWay(products).map(partOf));
    // Above 4,096 documents the ranking is scanned, below it the set is sorted by place: both agree.
    expect(products.count()).toBeGreaterThan(4096);
    const fuses = products.clone().and(index.valueSet('leveltwocategory', 'Fuses'));
    expect(fuses.count()).toBeLessThan(4096);
    expect(
      recommend(
        {
          recommendation: 'default',
          mlParameters: { categoryFilter: 'Fuses' },
        },
        5000
      )
    ).toEqual(sortedTheOldWay(fuses).map(partOf));
  });
});

const EXPECTED: Record<string, string[]> = {
  'zero-result query, a mistyped series': ['0451.160HX', '0451.800HX', '045101.6HX', '0451005.HX', '0451.630HX', '0451.500HX', '0451.100HX', '0451.250HX', '0451.125HX', '0451001.HX', '0451002.HX', '045102.5HX'],
  'zero-result query, a product type begun': ['V25TM31206', 'V50TM31206', 'V14TM31206', 'V175RA307E', 'V300RA307E', 'V150RA307E', 'V420RA307E', 'V75RA307E', 'V385RA307E', 'V17RA307E', 'V25RA307E', 'V50RA307E'],
  'zero-result query in Japanese': ['0235001.P', '0235.125P', '023506.3P', '0235004.P', '0235.200P', '0235.250P', '0235.630P', '0235.800P', '0235002.P', '02353.15P', '02351.25P', '023501.6P'],
  'zero-result query matching nothing': ['0235001.P', 'FLEX4-6.8', 'S83006R', 'FLEX4-3.9', '0235.125P', '023506.3P', 'S83008R', 'S83002R', '0235004.P', '0235.200P', 'FLEX4-8.2', 'FLEX4-3.3'],
  'no seed at all': ['0235001.P', 'FLEX4-6.8', 'S83006R', 'FLEX4-3.9', '0235.125P', '023506.3P', 'S83008R', 'S83002R', '0235004.P', '0235.200P', 'FLEX4-8.2', 'FLEX4-3.3'],
  'a part as seed': ['22151.25T', '2215.100T', '2215.050T', '2215.160T', '221506.3T', '221512.5T', '2215.800T', '2215.250T', '2215.400T', '2215002.T', '2215.200T', '221501.6T'],
  'similar parts': ['NSMD3-025', 'RXEF2-025S', 'LSMD3-025F', 'FMTO3-025', 'FMTO025S', 'PPTC3-025X', 'RXEF025', 'SMD4-025', 'LSMD2-025F', 'NSMD4-025F', 'PPTC025F', 'PPTC2-025F'],
  'a category filter': ['0235001.P', '0235.125P', '023506.3P', '0235004.P', '0235.200P', '0235.250P', '0235.630P', '0235.800P', '0235002.P', '02353.15P', '02351.25P', '023501.6P'],
};
