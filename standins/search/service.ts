import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { DEFAULT_SEED, generateCatalogue } from './catalogue/generate.ts';
import { CONTENT_LANGUAGES, PRODUCT_TYPES } from '@voltaris/catalogue/taxonomy';
import { Bitset } from './engine/bitset.ts';
import { SearchIndex } from './engine/index.ts';
import { SearchEngine } from './engine/search.ts';
import { loadPipeline, QueryPipeline } from './pipeline.ts';
import { AnalyticsStore } from './analytics-sink.ts';
import { createSearchServiceRouter, SEARCH_API_BASE, sendJson } from './router.ts';
import { randomTokenSecret } from './tokens.ts';
import { catalogueTermsOf, Suggester } from './suggest.ts';
import type { PrereadSnapshot } from './snapshot-seal.ts';
import { readSnapshot, snapshotKey, writeSnapshot } from './snapshot.ts';
import { valueIn, type DocumentList } from './document-list.ts';
import { LazyDocuments } from './document-codec.ts';
import { injectableApp } from '../in-process.ts';
import { InProcessSearchDispatcher } from './in-process-dispatcher.ts';

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
  /** The snapshot file as a worker thread read and checked it (snapshot-prefetch.ts), when one did. */
  preread?: PrereadSnapshot;
  /** Told when a snapshot cannot be read or written (the index is then built; nothing fails). */
  onSnapshotProblem?: (problem: string) => void;
  /** Told of an error the Search API's handlers threw (answered 500 in Coveo's shape). */
  onServerError?: (error: unknown) => void;
  /** Rate-limit buckets shared by the site's processes (standins/search/router.ts). */
  takeToken?: (key: string, capacity: number, perMinute: number) => Promise<number>;
}

/** The stand-in's published impersonation key (demo mode; SEARCH_API_KEY sets another). */
const DEFAULT_SEARCH_API_KEY = 'local-impersonate-key';

/** The embedded search service: catalogue, index, engine, suggestions and the HTTP router. */
export function createEmbeddedSearch({ preread, ...options }: EmbeddedSearchOptions) {
  // `preread` apart from `options`, which the service's closures keep: its bytes (158 MB at 100k)
  // must be garbage once the snapshot is read.
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const { snapshotDir, onSnapshotProblem = () => {} } = options;
  const key = snapshotDir ? snapshotKey(options.products, seed) : '';
  const restored = snapshotDir ? readSnapshot(snapshotDir, options.products, key, onSnapshotProblem, preread) : undefined;
  const restoredMs = performance.now() - started;
  const generated = restored ? undefined : generateCatalogue({ products: options.products, seed }).documents;
  const documents: DocumentList = restored?.documents ?? generated!;
  const generatedMs = restored ? 0 : performance.now() - started - restoredMs;
  const index = new SearchIndex(documents, restored?.index);
  const terms = restored?.terms ?? catalogueTermsOf(generated!);
  const indexFrom = restored ? 'snapshot' : 'built';
  if (generated && snapshotDir) writeSnapshot(snapshotDir, options.products, key, { documents: generated, index: index.state(), terms }, onSnapshotProblem);
  const pipeline = new QueryPipeline(options.pipelinePath ? loadPipeline(options.pipelinePath) : { triggers: [], thesaurus: [], rankingBoosts: [], stopWords: [], queryParameters: {}, queryParameterRules: [] });
  const engine = new SearchEngine(index, pipeline);
  const queryLog = options.queryLogPath ? queryLogSchema.parse(parseYaml(readFileSync(options.queryLogPath, 'utf8'))) : [];
  const suggester = new Suggester(terms, queryLog);
  const analytics = new AnalyticsStore();
  const hidden: { documents?: Bitset } = {};
  const router = createSearchServiceRouter({ ...options, apiKey: options.apiKey ?? DEFAULT_SEARCH_API_KEY, tokenSecret: options.tokenSecret ?? randomTokenSecret(), engine, suggester, analytics, hidden });
  /**
   * The pages the content host does not publish (item path and content file language, as
   * ContentStore.unpublishedEntries gives them): their documents leave every answer until the next
   * call. A document in no language goes when its page is unpublished in every language.
   */
  const hidePages = (pages: ReadonlyArray<{ itemPath: string; language: string }>) => {
    if (pages.length === 0) {
      delete hidden.documents;
      return;
    }
    const keyOf = (uri: string) => uri.split(/[?#]/, 1)[0]!.replace(/\/+$/, '').toLowerCase() || '/';
    const languagesOf = new Map<string, Set<string>>();
    for (const page of pages) {
      const key = keyOf(page.itemPath);
      const set = languagesOf.get(key) ?? new Set<string>();
      set.add(page.language.toLowerCase().split('-')[0]!);
      languagesOf.set(key, set);
    }
    const set = new Bitset(index.size);
    // Two values of each document, read without making the documents (decision 0129).
    for (let id = 0; id < documents.length; id += 1) {
      const uri = valueIn(documents, id, 'fields', 'clickableuri');
      if (typeof uri !== 'string' || !uri.startsWith('/')) continue;
      const languages = languagesOf.get(keyOf(uri));
      const language = valueIn(documents, id, 'language');
      if (languages && (typeof language === 'string' ? languages.has(language) : languages.size >= 4)) set.add(id);
    }
    hidden.documents = set;
  };
  /** A product by its part number (any case), for the other stand-ins (stock). */
  const findProduct = (partNumber: string) => {
    const docs = Array.from(engine.index.valueSet('partnumber', partNumber).toArray());
    const doc = docs.map((id) => documents.at(id)!).find((candidate) => String(candidate.fields.partnumber).toLowerCase() === partNumber.toLowerCase());
    if (!doc) return undefined;
    // The stock service prices a part by its family, package and rating (standins/stock/offer.ts).
    const primary = PRODUCT_TYPES.find((type) => type.l2.en === doc.fields.leveltwocategory)?.primary;
    const rating = primary ? doc.fields[primary] : undefined;
    return {
      partNumber: String(doc.fields.partnumber),
      inStock: doc.fields.checkstock === true,
      sampleEligible: doc.fields.isparteligibleforsample === true,
      title: doc.title.en,
      productType: String(doc.fields.leveltwocategory ?? ''),
      package: String(doc.fields.package ?? ''),
      ...(typeof rating === 'number' ? { rating } : {}),
    };
  };
  const api = searchApiApp(router, options.onServerError);
  // A second app on the same router for in-process calls: injection gives an app other prototypes.
  let injectable: ReturnType<typeof injectableApp> | undefined;
  return {
    router,
    /** The Search API as a plain request handler: its own small Express app (searchApiApp). */
    handle: api,
    /**
     * Takes the requests a search page makes on every query (search, suggestions, facet values,
     * plan) before the host app's own middleware: answers true when it took the request.
     */
    intercept: (req: IncomingMessage, res: ServerResponse): boolean => {
      if (req.method !== 'POST' || !HOT_PATHS.has((req.url ?? '').split('?', 1)[0]!)) return false;
      api(req, res);
      return true;
    },
    /**
     * An undici dispatcher that answers the Search API requests addressed to `origin` (where this
     * service is mounted) in process, through the same app as `handle`, and sends the rest over HTTP.
     */
    dispatcher: (origin: () => string) => {
      injectable ??= injectableApp(searchApiApp(router, options.onServerError));
      return new InProcessSearchDispatcher({ handle: injectable, origin, answers: answersInProcess });
    },
    engine,
    analytics,
    findProduct,
    hidePages,
    /** The catalogue's documents (generated, or the snapshot's made on demand), for the stand-ins that serve the same content (Solr, media, CAD). */
    documents,
    /**
     * Makes every document of a restored snapshot into objects, a thousand per event-loop turn:
     * called once the site serves, so that the first request walking them all (Solr's cores, the
     * media lookups) does not do it (decision 0129). Nothing to do for generated documents.
     */
    makeDocuments: () => (documents instanceof LazyDocuments ? documents.makeAll() : Promise.resolve()),
    stats: {
      products: index.valueSet('objecttype', 'Product').count(),
      documents: documents.length,
      readyMs: Math.round(performance.now() - started),
      generatedMs: Math.round(generatedMs),
      /** Reading the snapshot (documents, index, terms), or looking for one. */
      snapshotReadMs: Math.round(restoredMs),
      indexMs: Math.round(index.buildMs),
      indexFrom,
      /** Where the snapshot's file was read and checked: a worker thread (snapshot-prefetch.ts) or the main one. */
      ...(restored ? { snapshotReadIn: restored.readIn } : {}),
    },
  };
}

/** The Search API calls Headless makes for every search page; the rest stay with the host app. */
const HOT_PATHS = new Set([SEARCH_API_BASE, `${SEARCH_API_BASE}/querySuggest`, `${SEARCH_API_BASE}/facet`, `${SEARCH_API_BASE}/plan`]);

/** The Search API and platform calls the router answers (analytics have their own client). */
const answersInProcess = (pathname: string) => pathname === SEARCH_API_BASE || pathname.startsWith(`${SEARCH_API_BASE}/`) || pathname.startsWith('/rest/organizations/');

/**
 * The router on an Express app of its own. The site mounts the stand-in behind its page middleware
 * (request ids, security headers, URL limits, the layout routes), all of it per Search API call
 * although none of it concerns a JSON API on loopback; handing the hot calls to this app first
 * skips that. No ETag (nothing revalidates a POST), plain query strings, errors in Coveo's shape.
 */
function searchApiApp(router: express.Router, onServerError: (error: unknown) => void = () => {}) {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  app.set('trust proxy', 'loopback');
  app.use(router);
  app.use((_req: Request, res: Response) => sendJson(res, { statusCode: 404, message: 'No such Search API endpoint.', type: 'NotFoundException' }, 404));
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    onServerError(error);
    if (res.headersSent) return res.destroy();
    sendJson(res, { statusCode: 500, message: 'The search service failed to answer.', type: 'InternalServerError' }, 500);
  });
  return app;
}
