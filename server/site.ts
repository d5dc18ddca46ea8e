import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express, { type RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dispatcher } from 'undici';
import type { FormPostsOverLimit, SiteLoadContext } from './load-context.ts';
import { ConfigError, type SiteConfig } from './config.ts';
import { Outbox } from './outbox.ts';
import { UsageAnalyticsThread } from './ports/usage-analytics-thread.ts';
import { sampleRequestPort } from './ports/sample-request.ts';
import { emailPort } from './ports/email.ts';
import { marketingFormPort } from './ports/marketing-form.ts';
import { createSolrClient, type SolrClient } from './ports/solr.ts';
import { formGuard } from './form-guard.ts';
import { inlineHashPolicy, securityHeaders } from './security.ts';
import { editingDoor } from './editing.ts';
import { FALLBACK_PHRASES } from './fallback-phrases.ts';
import { lastResort, logServerErrors, pageMethods, requestAddress, unparsableRequest, unroutablePaths, urlLengthLimit } from './http-guard.ts';
import { logger, requestIds, type FaultNote } from './log.ts';
import { metricsForLoopback, observeRequests, sendMetrics } from './observability.ts';
import { Readiness } from './readiness.ts';
import { observeSite } from './metrics.ts';
import { builtRemix } from './built-remix.ts';
import { RedisSharedStore } from './shared-store.ts';
import { createServer } from 'node:http';
import { createSharedStore, type SharedStore } from './shared-store.ts';
import { ServerTiming } from './server-timing.ts';
import { BROTLI_PARAMS } from './document-encoding.ts';

export interface RunningSite {
  url: string;
  /** The durable outbox of form submissions (tests read its state). */
  outbox: Outbox;
  /** The metrics listener (METRICS_PORT), when there is one. */
  metricsUrl?: string;
  /**
   * Stops: refuses new requests (503, /readyz 503), lets those in flight finish for at most
   * `drainMs` (config.drainTimeoutMs by default), releases the outbox's claims, closes.
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

/** Where each outside service answers, for those the configuration leaves unset. */
export interface ServiceUrls {
  layout?: string;
  search?: string;
  auth?: string;
  stock?: string;
  sampleRequests?: string;
  email?: string;
  marketingForms?: string;
  solr?: string;
  mediaLibrary?: string;
}

/**
 * What a launcher may add to the site before it listens: the demo launcher (standins/launcher.ts)
 * mounts its stand-ins on the site's own origin through it. Production's entry adds nothing.
 */
export interface SiteAttachment {
  /** Mounted in this order after the request ids and security headers, before forms and pages. */
  handlers?: RequestHandler[];
  /** Sees each request before Express does and answers true when it has answered it. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Called once listening, with the site's own origin: where the services left unset answer. */
  listening?: (origin: string) => Promise<ServiceUrls>;
  /** Entries of /healthz's `services`, replacing the site's own report of the same service. */
  health?: () => Record<string, unknown>;
  close?: () => Promise<void>;
  /** Answers the site's own layout and dictionary requests in process (same answers as over HTTP, no socket). */
  layoutFetch?: typeof fetch;
  /** Carries the site's Search API requests to an embedded Search API in process (same answers as over HTTP, no socket). */
  searchDispatcher?: Dispatcher;
  /** The content files changed (the page editor published): whoever serves them rereads them. */
  contentChanged?: () => void;
  /** Changes whenever the served content does (a publish here, or a file changed on disk): the layout cache's key. */
  contentVersion?: () => number;
}

/** Builds an attachment from the site's configuration and its shared store (sessions, limits). */
export type SiteExtension = (site: { config: SiteConfig; shared: SharedStore }) => SiteAttachment | Promise<SiteAttachment>;

/** The sign-in provider's origin, for the pages' form-action (sign-out leads there). */
function providerOrigin(issuer: string): string[] {
  if (!URL.canParse(issuer)) return [];
  return [new URL(issuer).origin];
}

/** Usage analytics for Sitecore Pages' requests: an editor's look at a page is no visitor's search or view. */
const EDITORS_ARE_NOT_VISITORS: SiteLoadContext['analytics'] = {
  send: () => undefined,
  sendJson: () => undefined,
  stats: { sent: 0, refused: 0, failed: 0, dropped: 0, queued: 0, inFlight: 0 },
};

function selfOrigin(host: string, port: number) {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Starts the whole site: security headers, whatever a launcher attaches (the demo's stand-ins;
 * production attaches nothing, decision 0038), the built assets, and Remix. Listens on
 * config.host:config.port (0 picks a port).
 */
export async function startSite(config: SiteConfig, options: { buildPath?: string; extend?: SiteExtension } = {}): Promise<RunningSite> {
  const app = express();
  app.disable('x-powered-by');
  // The Chinese site is chosen by host: refusals before Remix speak its language too.
  app.locals.zhHostSuffixes = config.zhHostSuffixes;
  // Some stand-ins (the OpenID provider) need the origin, known only once listening: requests
  // that arrive before the site is complete wait for it rather than meet a half-mounted site.
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  app.use((_req, _res, next) => void ready.then(() => next()));
  app.set('trust proxy', 'loopback');
  // What several processes of one site must agree on (issue 20): Redis with REDIS_URL, else memory.
  const shared = createSharedStore(config.redisUrl);
  if (config.redisUrl) {
    // A site whose Redis does not answer would start and then fail every sign-in: say so now.
    try {
      await shared.get('started');
    } catch (error) {
      await shared.close();
      const where = new URL(config.redisUrl);
      throw new ConfigError([`REDIS_URL=${where.protocol}//${where.host}: no Redis answers there (${error instanceof Error ? error.message : String(error)})`]);
    }
  }
  // Readiness reads the configuration as it is once the stand-ins are named (runtimeConfig, below).
  const readiness = new Readiness({ config: () => runtimeConfig, shared });
  app.use(requestIds, observeRequests(), logServerErrors, urlLengthLimit, requestAddress);
  // Read when a page is answered: the demo's provider is named only once the site listens.
  const formTargets = () => providerOrigin(runtimeConfig.auth.issuer);
  app.use(securityHeaders(config, formTargets));
  const setInlineHashes = inlineHashPolicy(config, formTargets);
  // Sitecore Pages' editing endpoints: checked here, answered by their routes (issue 32).
  app.use(editingDoor(config));

  const attachment: SiteAttachment = (await options.extend?.({ config, shared })) ?? {};
  for (const handler of attachment.handlers ?? []) app.use(handler);
  // Counted and refused while stopping: the site's own requests. The demo's stand-ins above keep
  // answering, so a page in flight that calls one over HTTP still finishes.
  app.use(readiness.track);
  const { layoutFetch, searchDispatcher, contentChanged, contentVersion } = attachment;
  if (layoutFetch) readiness.sources.layoutFetch = layoutFetch;
  if (searchDispatcher) readiness.sources.searchDispatcher = searchDispatcher;

  const analytics = new UsageAnalyticsThread({
    pipelining: config.search.analyticsPipelining,
    target: () => ({ url: runtimeConfig.search.analyticsUrl, organizationId: runtimeConfig.search.organizationId, accessToken: runtimeConfig.search.accessToken }),
  });
  const outbox = new Outbox({ file: path.resolve(config.dataDir, 'outbox.sqlite') });
  outbox.deliver('marketing-form', marketingFormPort({ url: () => runtimeConfig.marketingForms.url, portalId: config.marketingForms.portalId }));
  outbox.deliver('email', emailPort({ url: () => runtimeConfig.email.url, apiKey: config.email.apiKey }));
  outbox.deliver('sample-request', sampleRequestPort({ serviceUrl: () => runtimeConfig.sampleRequests.serviceUrl, apiToken: config.sampleRequests.apiToken }));

  app.use(
    formGuard({
      maxBytes: config.forms.maxBytes,
      postsPerMinute: config.forms.postsPerMinute,
      exempt: /^\/(oidc|rest|api\/search\/click|api\/beacon)(\/|$)/,
      // Sign-out, and the page editor's saves (signed-in editors only; it limits its own sizes).
      sameOriginOnly: /^\/(logout\/?$|((de|ja-jp)\/)?edit(\/|$))/,
      store: shared,
      // A page's form post past the limit is refused by the page, with the form and the input
      // kept (decision 0150); /api/ has no page to show and PUT, PATCH or DELETE no form.
      answeredByPage: (req) => req.method === 'POST' && !req.path.startsWith('/api/'),
    }),
  );

  observeSite({ outbox, analytics, ...(shared instanceof RedisSharedStore ? { redis: { up: () => shared.isUp() } } : {}) });
  // Prometheus's scrape (decision 0089): a listener of its own with METRICS_PORT, else this port for loopback callers only.
  if (!config.metrics) app.get('/metrics', metricsForLoopback);
  app.get('/readyz', (req, res, next) => void readiness.readyz(req, res).catch(next));
  app.get('/healthz', (_req, res) => {
    res.json({
      status: 'ok',
      // memory: this process alone; redis: shared by every process of the site (REDIS_URL).
      sharedStore: shared.kind,
      services: {
        layout: { mode: 'remote', apiHost: config.layout.apiHost },
        search: { mode: 'remote', apiUrl: config.search.apiUrl },
        analytics: analytics.stats,
        cadModels: { mode: config.cadModels.embedded ? 'embedded' : 'remote', apiUrl: config.cadModels.apiUrl },
        solr: config.solr.embedded ? { mode: 'embedded', url: runtimeConfig.solr.url } : { mode: 'remote', url: config.solr.url },
        ...attachment.health?.(),
      },
    });
  });

  let runtimeConfig: SiteLoadContext['config'] = {
    ...config,
    layout: { ...config.layout, apiHost: config.layout.apiHost ?? '' },
    search: { ...config.search, apiUrl: config.search.apiUrl ?? '', analyticsUrl: config.search.analyticsUrl ?? '' },
    auth: { ...config.auth, issuer: config.auth.issuer ?? '' },
    stock: { ...config.stock, apiUrl: config.stock.apiUrl ?? '' },
    sampleRequests: { ...config.sampleRequests, serviceUrl: config.sampleRequests.serviceUrl ?? '' },
    email: { ...config.email, url: config.email.url ?? '' },
    marketingForms: { ...config.marketingForms, url: config.marketingForms.url ?? '' },
    solr: { ...config.solr, url: config.solr.url ?? '' },
    mediaLibrary: { ...config.mediaLibrary, url: config.mediaLibrary.url ?? '' },
  };
  const solrFor = (solr: SiteLoadContext['config']['solr']): SolrClient => createSolrClient({ url: solr.url, user: solr.user, password: solr.password, timeoutMs: solr.timeoutMs });
  let solr = solrFor(runtimeConfig.solr);
  // Pages and data go compressed (gzip or brotli) to browsers that accept it; built assets come
  // compressed already (below). The stand-ins above answer uncompressed: the site calls them over
  // loopback, where compressing costs CPU twice.
  // Whole HTML documents come encoded already (encodeDocument, app/entry.server.tsx) and pass
  // through; the rest (data requests, JSON, errors) is compressed here as it streams.
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));

  // An address that is no file and no page (a malformed %-escape, a line break) is refused in words
  // before the built files are looked up: their handler answered "URI malformed" as an HTML page.
  app.use(unroutablePaths);

  let closeVite: (() => Promise<void>) | undefined;
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (config.mode === 'development') {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    closeVite = () => viteServer.close();
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>;
  } else {
    const buildDir = path.resolve(options.buildPath ?? 'build');
    // The build compressed these files once (vite.config.ts): brotli or gzip as the browser takes.
    const precompressed = (dir: string, serveStatic: { maxAge: string; immutable?: boolean }) =>
      expressStaticGzip(dir, { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic });
    app.use('/assets', precompressed(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }));
    // Only paths under a top-level name the client build has reach the file system: a page request
    // would otherwise cost a stat call before Remix sees it.
    const clientDir = path.join(buildDir, 'client');
    const publicNames = new Set(readdirSync(clientDir));
    const servePublic = precompressed(clientDir, { maxAge: '1h' });
    app.use((req, res, next) => (publicNames.has(req.path.split('/')[1] ?? '') ? servePublic(req, res, next) : next()));
    build = await builtRemix(buildDir);
  }

  app.use(pageMethods);
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: config.mode === 'development' ? 'development' : 'production',
      getLoadContext: (req, res): AppLoadContext => {
        const timing = config.serverTiming ? new ServerTiming() : undefined;
        timing?.mark('request');
        return { config: runtimeConfig, faults: (res.locals.faults ??= {}) as FaultNote, solr, setInlineHashes: (hashes) => setInlineHashes(res, hashes), clientAddress: req.ip ?? req.socket.remoteAddress ?? '', shared, outbox, analytics: res.locals.editing ? EDITORS_ARE_NOT_VISITORS : analytics, timing, fallbackPhrases: FALLBACK_PHRASES, ...(layoutFetch ? { layoutFetch } : {}), ...(searchDispatcher ? { searchDispatcher } : {}), ...(contentChanged ? { contentChanged } : {}), ...(contentVersion ? { contentVersion } : {}), ...(res.locals.editing ? { editing: res.locals.editing as SiteLoadContext['editing'] } : {}), ...(res.locals.formPostsOverLimit ? { formPostsOverLimit: res.locals.formPostsOverLimit as FormPostsOverLimit } : {}) };
      },
    }),
  );

  // Last resort: a JSON error without internals, for failures outside Remix (its own pages handle
  // the rest): a 4xx when the error says the client is at fault, else a logged 500 with an error id.
  app.use(lastResort);

  const { intercept } = attachment;
  const server = createServer(intercept ? (req, res) => void (intercept(req, res) || app(req, res)) : app).listen(config.port, config.host);
  server.on('clientError', unparsableRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = selfOrigin(config.host, port);
  // Stand-ins attached on this very origin can only be named once the port is known (PORT=0 in tests).
  const urls = (await attachment.listening?.(url)) ?? {};
  const searchApiUrl = config.search.apiUrl ?? urls.search;
  runtimeConfig = {
    ...config,
    port,
    auth: { ...config.auth, issuer: config.auth.issuer ?? urls.auth ?? '' },
    stock: { ...config.stock, apiUrl: config.stock.apiUrl ?? urls.stock ?? '' },
    sampleRequests: { ...config.sampleRequests, serviceUrl: config.sampleRequests.serviceUrl ?? urls.sampleRequests ?? '' },
    email: { ...config.email, url: config.email.url ?? urls.email ?? '' },
    marketingForms: { ...config.marketingForms, url: config.marketingForms.url ?? urls.marketingForms ?? '' },
    solr: { ...config.solr, url: config.solr.url ?? urls.solr ?? '' },
    mediaLibrary: { ...config.mediaLibrary, url: config.mediaLibrary.url ?? urls.mediaLibrary ?? '' },
    layout: { ...config.layout, apiHost: config.layout.apiHost ?? urls.layout ?? '' },
    search: {
      ...config.search,
      apiUrl: searchApiUrl ?? '',
      analyticsUrl: (config.search.analyticsUrl ?? (searchApiUrl ? `${new URL(searchApiUrl).origin}/rest/ua` : '')).replace(/\/$/, ''),
    },
  };

  solr = solrFor(runtimeConfig.solr);

  let metricsServer: ReturnType<typeof createServer> | undefined;
  let metricsUrl: string | undefined;
  if (config.metrics) {
    const probes = express();
    probes.disable('x-powered-by');
    probes.get('/metrics', (req, res, next) => void sendMetrics(req, res).catch(next));
    probes.get('/readyz', (req, res, next) => void readiness.readyz(req, res).catch(next));
    probes.get('/healthz', (_req, res) => void res.set('Cache-Control', 'no-store').json({ status: 'ok' }));
    metricsServer = createServer(probes).listen(config.metrics.port, config.metrics.host);
    await new Promise<void>((resolve, reject) => {
      metricsServer!.once('listening', resolve);
      metricsServer!.once('error', reject);
    });
    metricsUrl = selfOrigin(config.metrics.host, (metricsServer.address() as AddressInfo).port);
  }

  outbox.start();
  markReady();
  return {
    url,
    outbox,
    ...(metricsUrl ? { metricsUrl } : {}),
    close: async (options = {}) => {
      const drainMs = options.drainMs ?? config.drainTimeoutMs;
      const finished = await readiness.drain(drainMs);
      if (!finished) logger.warn({ inFlight: readiness.inFlight, drainMs }, 'stopping with requests still in flight: their connections are closed');
      // No new connection; idle keep-alive ones close now, busy ones (past the bound) too.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await analytics.close();
      await outbox.stop(drainMs);
      outbox.close();
      await attachment.close?.();
      await closeVite?.();
      await closed;
      const probes = metricsServer;
      if (probes) await new Promise<void>((resolve) => probes.close(() => resolve()));
      await shared.close();
    },
  };
}
