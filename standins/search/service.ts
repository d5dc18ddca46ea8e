import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { DEFAULT_SEED, generateCatalogue } from './catalogue/generate.ts';
import { CONTENT_LANGUAGES } from '@voltaris/catalogue/taxonomy';
import { SearchIndex } from './engine/index.ts';
import { SearchEngine } from './engine/search.ts';
import { loadPipeline, QueryPipeline } from './pipeline.ts';
import { AnalyticsStore } from './analytics-sink.ts';
import { createSearchServiceRouter } from './router.ts';
import { randomTokenSecret } from './tokens.ts';
import { catalogueTermsOf, Suggester } from './suggest.ts';
import { readSnapshot, snapshotKey, writeSnapshot } from './snapshot.ts';

const queryLogSchema = z.array(z.object({ query: z.string().min(1), count: z.number().int().min(0), language: z.enum(CONTENT_LANGUAGES).optional() }));

interface EmbeddedSearchOptions {
  products: number;
  seed?: number;
  organizationId: string;
  accessToken: string;
  expiredToken: string;
  rateLimitPerMinute: number;
  /** The API key allowed to ask for search tokens that impersonate users. */
  apiKey?: string;
  /** Secret of the search tokens the service issues; a random one per process when unset. */
  tokenSecret?: string;
  queryLogPath?: string;
  pipelinePath?: string;
  /** The stand-ins' control token (querySuggest/_control, _analytics); the demo one when unset. */
  controlToken?: string;
  /** Where the index is kept between starts (standins/search/snapshot.ts); unset: built every start. */
  snapshotDir?: string;
  /** Told when a snapshot cannot be read or written (the index is then built; nothing fails). */
  onSnapshotProblem?: (problem: string) => void;
  /** Rate-limit buckets shared by the site's processes (standins/search/router.ts). */
  takeToken?: (key: string, capacity: number, perMinute: number) => Promise<number>;
}

/** The stand-in's published impersonation key (demo mode; SEARCH_API_KEY sets another). */
const DEFAULT_SEARCH_API_KEY = 'local-impersonate-key';

/** The embedded search service: catalogue, index, engine, suggestions and the HTTP router. */
export function createEmbeddedSearch(options: EmbeddedSearchOptions) {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const { snapshotDir, onSnapshotProblem = () => {} } = options;
  const key = snapshotDir ? snapshotKey(options.products, seed) : '';
  const restored = snapshotDir ? readSnapshot(snapshotDir, options.products, key, onSnapshotProblem) : undefined;
  const restoredMs = performance.now() - started;
  const documents = restored?.documents ?? generateCatalogue({ products: options.products, seed }).documents;
  const generatedMs = restored ? 0 : performance.now() - started - restoredMs;
  const index = new SearchIndex(documents, restored?.index);
  const terms = restored?.terms ?? catalogueTermsOf(documents);
  const indexFrom = restored ? 'snapshot' : 'built';
  if (snapshotDir && !restored) writeSnapshot(snapshotDir, options.products, key, { documents, index: index.state(), terms }, onSnapshotProblem);
  const pipeline = new QueryPipeline(options.pipelinePath ? loadPipeline(options.pipelinePath) : { triggers: [], thesaurus: [], rankingBoosts: [] });
  const engine = new SearchEngine(index, pipeline);
  const queryLog = options.queryLogPath ? queryLogSchema.parse(parseYaml(readFileSync(options.queryLogPath, 'utf8'))) : [];
  const suggester = new Suggester(terms, queryLog);
  const analytics = new AnalyticsStore();
  const router = createSearchServiceRouter({ ...options, apiKey: options.apiKey ?? DEFAULT_SEARCH_API_KEY, tokenSecret: options.tokenSecret ?? randomTokenSecret(), engine, suggester, analytics });
  /** A product by its part number (any case), for the other stand-ins (stock). */
  const findProduct = (partNumber: string) => {
    const docs = Array.from(engine.index.valueSet('partnumber', partNumber).toArray());
    const doc = docs.map((id) => documents[id]!).find((candidate) => String(candidate.fields.partnumber).toLowerCase() === partNumber.toLowerCase());
    return doc ? { partNumber: String(doc.fields.partnumber), inStock: doc.fields.checkstock === true, sampleEligible: doc.fields.isparteligibleforsample === true, title: doc.title.en } : undefined;
  };
  return {
    router,
    engine,
    analytics,
    findProduct,
    /** The generated documents, for the stand-ins that serve the same content (Solr). */
    documents,
    stats: {
      products: index.valueSet('objecttype', 'Product').count(),
      documents: documents.length,
      readyMs: Math.round(performance.now() - started),
      generatedMs: Math.round(generatedMs),
      /** Reading the snapshot (documents, index, terms), or looking for one. */
      snapshotReadMs: Math.round(restoredMs),
      indexMs: Math.round(index.buildMs),
      indexFrom,
    },
  };
}
