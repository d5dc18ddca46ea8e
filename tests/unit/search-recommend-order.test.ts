import { describe, expect, it } from 'vitest';
import { searchRequestSchema } from '@voltaris/protocol/coveo/schemas';
import { AnalyticsStore } from '../../standins/search/analytics-sink.ts';
import { generateCatalogue } from '../../standins/search/catalogue/generate.ts';
import { Bitset } from '../../standins/search/engine/bitset.ts';
import { isNumeric, SearchIndex } from '../../standins/search/engine/index.ts';
import { Recommender } from '../../standins/search/recommend.ts';

/**
 * Recommendations read the default order (in stock first, newest, then by id) off a precomputed
 * ranking instead of sorting every candidate set per request: the answers must be the very same.
 * EXPECTED was recorded with the per-request sort (the code before decision 0060) on this catalogue.
 * Since the catalogue's series additions (decision 0068) the relays' last series ends earlier: its
 * parts LCA54R5STR and LCA55STR are gone from two lists, and the next two in the same order follow.
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
  'zero-result query, a mistyped series': ['0451160MHX', '0451800MHX', '04511R6HX', '04515HX', '0451630MHX', '0451500MHX', '0451100MHX', '0451250MHX', '0451125MHX', '04511HX', '04512HX', '04512R5HX'],
  'zero-result query, a product type begun': ['CIII425P', 'CIII430P', 'CIII435P', 'TMOV314K', 'TMOV325K', 'TMOV317K', 'TMOV335K', 'TMOV311K', 'UMOV4550L', 'UMOV4175L', 'UMOV4250L', 'TMOV320K'],
  'zero-result query in Japanese': ['023510P', '02351R25P', '02352P', '02352R5P', '02356R3P', '02358P', '023512R5P', 'PICO41R25', 'PICO410', 'PICO45', 'PICO48', 'PICO4125M'],
  'zero-result query matching nothing': ['023510P', 'FLEX46M8', 'S832R5R', 'S838R', 'FLEX43M9', '02351R25P', 'S832R8R', 'S831R8R', '02352P', 'FLEX48M2', 'S839R', 'FLEX43M3'],
  'no seed at all': ['023510P', 'FLEX46M8', 'S832R5R', 'S838R', 'FLEX43M9', '02351R25P', 'S832R8R', 'S831R8R', '02352P', 'FLEX48M2', 'S839R', 'FLEX43M3'],
  'a part as seed': ['02353125MR', '0235363MR', '02353100MR', '02353315MR', '02353160MR', '0235380MR', '02353400MR', '02353500MR', '02353250MR', '02353200MR', '023510P', '02351R25P'],
  'similar parts': ['NSMD3250M', 'RXEF2250MS', 'LSMD3250MF', 'FMTO3250M', 'FMTO250MS', 'PPTC3250MX', 'RXEF250M', 'SMD4250M', 'LSMD2250MF', 'NSMD4250MF', 'PPTC250MF', 'PPTC2250MF'],
  'a category filter': ['023510P', '02351R25P', '02352P', '02352R5P', '02356R3P', '02358P', '023512R5P', 'PICO41R25', 'PICO410', 'PICO45', 'PICO48', 'PICO4125M'],
};
