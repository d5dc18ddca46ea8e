/**
 * npm run bench:search-candidates [-- --products 100000 --queries 500]
 *
 * The engine decision (docs/decisions/0005) measured on our own catalogue: MiniSearch (a kept
 * library with fuzzy matching) for text, with facets counted by hand over its hits, against the
 * site's own index (postings + columns + bitsets), on the same queries. Reports build time,
 * latency, totals that disagree, and how many typo queries each one still answers.
 */
import MiniSearch from 'minisearch';
import { generateCatalogue } from '../standins/search/catalogue/generate.ts';
import { Random } from '../standins/search/catalogue/random.ts';
import { SearchIndex } from '../standins/search/engine/index.ts';
import { SearchEngine } from '../standins/search/engine/search.ts';
import { searchRequestSchema } from '@voltaris/protocol/coveo/schemas';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const products = Number(argument('products', '100000'));
const queries = Number(argument('queries', '500'));
const FACETS = ['market', 'leveltwocategory', 'objecttype', 'series', 'endequipment', 'producttechnologies', 'resourcetype', 'levelonecategory'];
const WORDS = ['fuse', 'diode', 'varistor', 'relay', 'sensor', 'switch', 'surge', 'automotive', 'protection', 'thyristor', 'mosfet', 'datasheet', 'reed', 'module', 'temperature'];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const describe = (name: string, times: number[]) =>
  console.info(`  ${name.padEnd(12)} p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  p99 ${percentile(times, 99).toFixed(2)} ms`);

const { documents } = generateCatalogue({ products });
const random = new Random(11);
const mix = Array.from({ length: queries }, () => random.some(WORDS, random.int(1, 2)).join(' '));
const typos = WORDS.map((word) => word.slice(0, 2) + word[3] + word[2] + word.slice(4));

let t = performance.now();
const ours = new SearchEngine(new SearchIndex(documents));
const oursBuild = performance.now() - t;

t = performance.now();
const mini = new MiniSearch<{ id: number; title: string; body: string; part: string }>({
  fields: ['part', 'title', 'body'],
  storeFields: [],
  searchOptions: { boost: { part: 16, title: 8 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
});
mini.addAll(documents.map((doc, id) => ({ id, title: Object.values(doc.title).join(' '), body: Object.values(doc.body).join(' '), part: doc.partNumber ?? '' })));
const miniBuild = performance.now() - t;

console.info(`${products.toLocaleString('en')} products, ${documents.length.toLocaleString('en')} documents, ${queries} queries of 1-2 words with ${FACETS.length} facets counted`);
console.info(`  build        ours ${(oursBuild / 1000).toFixed(2)} s   MiniSearch ${(miniBuild / 1000).toFixed(2)} s`);

const facetRequests = FACETS.map((field) => ({ type: 'specific', facetId: field, field, numberOfValues: 8 }));
const oursTimes: number[] = [];
const miniTimes: number[] = [];
let disagreements = 0;
for (const q of mix) {
  let start = performance.now();
  const result = ours.search(searchRequestSchema.parse({ q, numberOfResults: 12, facets: facetRequests }));
  oursTimes.push(performance.now() - start);

  start = performance.now();
  const hits = mini.search(q);
  // Facets by hand over every hit: the part no library measured does fast enough.
  for (const field of FACETS) {
    const counts = new Map<string, number>();
    for (const hit of hits) {
      const value = documents[hit.id as number]!.fields[field];
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [String(value)]) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
  }
  miniTimes.push(performance.now() - start);
  if (hits.length !== result.totalCount) disagreements += 1;
}
describe('ours', oursTimes);
describe('MiniSearch', miniTimes);
console.info(`  totals that differ: ${disagreements} of ${queries} (prefix and fuzzy matching widen MiniSearch's matches; ours is exact with typo correction when nothing matches)`);

let oursTypos = 0;
let miniTypos = 0;
for (const q of typos) {
  if (ours.search(searchRequestSchema.parse({ q, queryCorrection: { enabled: true } })).totalCount > 0) oursTypos += 1;
  if (mini.search(q).length > 0) miniTypos += 1;
}
console.info(`  typo queries answered: ours ${oursTypos}/${typos.length}, MiniSearch ${miniTypos}/${typos.length}`);
