import type { AddressInfo } from 'node:net';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import express from 'express';
import type { SiteLoadContext } from '../app/load-context.ts';
import { ContentStore } from '../services/layout/content-store.ts';
import { createLayoutServiceRouter } from '../services/layout/router.ts';
import { createInProcessLayoutFetch } from '../services/layout/in-process-fetch.ts';
import { createCadModelRouter } from '../services/cad-models/router.ts';
import { createEmbeddedSearch } from '../services/search/service.ts';
import { SEARCH_API_BASE } from '../services/search/router.ts';
import { acceptAnalytics } from '../services/search/analytics-sink.ts';
import { createEmbeddedProvider, OIDC_MOUNT } from '../services/oidc/provider.ts';
import { ConfigError, type SiteConfig } from './config.ts';
import { createStockStandIn, STOCK_BASE } from '../services/stock/stand-in.ts';
import { createSampleRequestStandIn, SAMPLE_SERVICE_BASE } from '../services/sample-request/stand-in.ts';
import { Outbox } from '../services/outbox/outbox.ts';
import { UsageAnalyticsThread } from './ports/usage-analytics-thread.ts';
import { sampleRequestPort } from './ports/sample-request.ts';
import { emailPort } from './ports/email.ts';
import { marketingFormPort } from './ports/marketing-form.ts';
import { createMarketingFormsStandIn, MARKETING_FORMS_BASE } from '../services/marketing-forms/stand-in.ts';
import { createEmailStandIn, EMAIL_PATH } from '../services/email/stand-in.ts';
import { createSolrStandIn, SOLR_BASE } from '../services/solr/stand-in.ts';
import { generateCatalogue } from '../services/search/catalogue/generate.ts';
import { createSolrClient, type SolrClient } from './ports/solr.ts';
import { formGuard } from './form-guard.ts';
import { scriptHashPolicy, securityHeaders } from './security.ts';
import { lastResort, logServerErrors, pageMethods, unroutablePaths, urlLengthLimit } from './http-guard.ts';
import { logger, requestIds } from './log.ts';
import { createServer } from 'node:http';
import { createHmac } from 'node:crypto';
import { createSharedStore } from './shared-store.ts';
import { constants as zlibConstants } from 'node:zlib';
import { ServerTiming } from '../app/lib/server-timing.server.ts';

export interface RunningSite {
  url: string;
  /** The durable outbox of form submissions (tests read its state). */
  outbox: Outbox;
  close(): Promise<void>;
}

function selfOrigin(host: string, port: number) {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Starts the whole site: security headers, the embedded stand-ins (demo mode, for each service
 * left unset; production mode mounts none, decision 0038), the built assets, and Remix. Listens on
 * config.host:config.port (0 picks a port).
 */
export async function startSite(config: SiteConfig, options: { buildPath?: string } = {}): Promise<RunningSite> {
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
  app.use(requestIds, logServerErrors, urlLengthLimit);
  app.use(securityHeaders(config));
  const setScriptHashes = scriptHashPolicy(config);

  // Every stand-in's switch and inspection endpoint asks for this token (decision 0038).
  const { controlToken } = config.standIns;
  let contentStore: ContentStore | undefined;
  let layoutFetch: typeof fetch | undefined;
  if (config.layout.embedded) {
    contentStore = new ContentStore({
      dir: path.resolve(config.layout.contentDir),
      watch: config.mode === 'development',
      onProblem: (problem) => logger.error({ area: 'content', file: problem.file, problem: problem.message }, 'content file not served'),
      onReload: () => logger.info({ area: 'content' }, 'content reloaded'),
    });
    const layoutService = { store: contentStore, apiKey: config.layout.apiKey, siteName: config.layout.siteName, controlToken };
    app.use(createLayoutServiceRouter(layoutService));
    // The site's own layout and dictionary requests reach the stand-in without a socket.
    layoutFetch = createInProcessLayoutFetch({ ...layoutService, origin: () => runtimeConfig.layout.apiHost });
  }

  let search: ReturnType<typeof createEmbeddedSearch> | undefined;
  if (config.search.embedded) {
    search = createEmbeddedSearch({
      ...config.search,
      controlToken,
      ...(shared.kind === 'redis' ? { takeToken: shared.takeToken.bind(shared) } : {}),
      snapshotDir: path.resolve(config.dataDir, 'search-index'),
      onSnapshotProblem: (problem) => logger.warn({ area: 'search' }, problem),
    });
    const { products, documents, readyMs, generatedMs, indexMs, indexFrom } = search.stats;
    logger.info({ area: 'search', products, documents, readyMs, generatedMs, indexMs, indexFrom }, 'search index ready');
    app.use(search.router);
  }

  if (config.stock.embedded) {
    const catalogue = search;
    app.use(createStockStandIn({ apiKey: config.stock.apiKey, controlToken, findPart: (partNumber) => catalogue?.findProduct(partNumber) }));
  }

  if (config.solr.embedded) {
    // The same generated content as the search index, so lists and search results agree.
    const documents = search?.documents ?? generateCatalogue({ products: config.search.products, seed: config.search.seed }).documents;
    app.use(createSolrStandIn({ documents, user: config.solr.user, password: config.solr.password }).router);
  }

  let sampleStandIn: ReturnType<typeof createSampleRequestStandIn> | undefined;
  if (config.sampleRequests.embedded) {
    sampleStandIn = createSampleRequestStandIn({ apiToken: config.sampleRequests.apiToken, dataDir: path.resolve(config.dataDir), controlToken, mode: config.sampleRequests.standInMode });
    app.use(sampleStandIn.router);
  }
  let emailStandIn: ReturnType<typeof createEmailStandIn> | undefined;
  if (config.email.embedded) {
    emailStandIn = createEmailStandIn({ apiKey: config.email.apiKey, dataDir: path.resolve(config.dataDir), controlToken, showMailbox: true });
    app.use(emailStandIn.router);
  }
  let marketingStandIn: ReturnType<typeof createMarketingFormsStandIn> | undefined;
  if (config.marketingForms.embedded) {
    marketingStandIn = createMarketingFormsStandIn({ dataDir: path.resolve(config.dataDir), portalId: config.marketingForms.portalId, controlToken });
    app.use(marketingStandIn.router);
  }
  const analytics = new UsageAnalyticsThread({
    pipelining: config.search.analyticsPipelining,
    target: () => ({ url: runtimeConfig.search.analyticsUrl, organizationId: runtimeConfig.search.organizationId, accessToken: runtimeConfig.search.accessToken }),
  });
  const outbox = new Outbox({ file: path.resolve(config.dataDir, 'outbox.sqlite') });
  outbox.deliver('marketing-form', marketingFormPort({ url: () => runtimeConfig.marketingForms.url, portalId: config.marketingForms.portalId }));
  outbox.deliver('email', emailPort({ url: () => runtimeConfig.email.url, apiKey: config.email.apiKey }));
  outbox.deliver('sample-request', sampleRequestPort({ serviceUrl: () => runtimeConfig.sampleRequests.serviceUrl, apiToken: config.sampleRequests.apiToken }));

  // The embedded OpenID provider needs the site's origin for its issuer, known once listening.
  let oidcRouter: express.Router | undefined;
  app.use((req, res, next) => (oidcRouter && req.path.startsWith(OIDC_MOUNT) ? oidcRouter(req, res, next) : next()));

  app.use(
    formGuard({
      maxBytes: config.forms.maxBytes,
      postsPerMinute: config.forms.postsPerMinute,
      exempt: /^\/(oidc|rest|api\/search\/click|api\/beacon)(\/|$)/,
      sameOriginOnly: /^\/logout\/?$/,
      store: shared,
    }),
  );
  if (config.cadModels.embedded) app.use(createCadModelRouter());

  app.get('/healthz', (_req, res) => {
    res.json({
      status: 'ok',
      // memory: this process alone; redis: shared by every process of the site (REDIS_URL).
      sharedStore: shared.kind,
      services: {
        layout: config.layout.embedded
          ? { mode: 'embedded', routes: contentStore?.routeCount ?? 0, contentProblems: contentStore?.problems ?? [] }
          : { mode: 'remote', apiHost: config.layout.apiHost },
        search: search
          ? { mode: 'embedded', ...search.stats, analytics: search.analytics.summary(0).counts }
          : { mode: 'remote', apiUrl: config.search.apiUrl },
        analytics: analytics.stats,
        cadModels: { mode: config.cadModels.embedded ? 'embedded' : 'remote', apiUrl: config.cadModels.apiUrl },
        solr: config.solr.embedded ? { mode: 'embedded', url: runtimeConfig.solr.url } : { mode: 'remote', url: config.solr.url },
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
  };
  const solrFor = (solr: SiteLoadContext['config']['solr']): SolrClient => createSolrClient({ url: solr.url, user: solr.user, password: solr.password, timeoutMs: solr.timeoutMs });
  let solr = solrFor(runtimeConfig.solr);
  // Pages and data go compressed (gzip or brotli) to browsers that accept it; built assets come
  // compressed already (below). The stand-ins above answer uncompressed: the site calls them over
  // loopback, where compressing costs CPU twice.
  // Brotli's default 4 MB window, allocated per response, halved the pages served per second; no
  // page needs more than 256 kB of window, and quality 2 costs half of quality 4 for 6 % more bytes.
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } } }));

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
    build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  }

  app.use(pageMethods, unroutablePaths);
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: config.mode === 'development' ? 'development' : 'production',
      getLoadContext: (req, res): AppLoadContext => {
        const timing = config.serverTiming ? new ServerTiming() : undefined;
        timing?.mark('request');
        return { config: runtimeConfig, solr, setScriptHashes: (hashes) => setScriptHashes(res, hashes), clientAddress: req.ip ?? req.socket.remoteAddress ?? '', shared, outbox, analytics, timing, ...(layoutFetch ? { layoutFetch } : {}) };
      },
    }),
  );

  // Last resort: a JSON error without internals, for failures outside Remix (its own pages handle
  // the rest): a 4xx when the error says the client is at fault, else a logged 500 with an error id.
  app.use(lastResort);

  // The embedded analytics endpoints get one post per page view: they answer before Express (0032).
  const analyticsSink = search?.analytics;
  const server = createServer(analyticsSink ? (req, res) => void (acceptAnalytics(analyticsSink, req, res) || app(req, res)) : app).listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = selfOrigin(config.host, port);
  // The embedded stand-ins live on this very origin, so the layout client can only be pointed at
  // them once the port is known (PORT=0 in tests).
  let issuer = config.auth.issuer;
  if (config.auth.embedded) {
    // Behind a front (nginx, several processes) the provider is one issuer at the public origin;
    // alone, it is this process's own origin as before.
    const origin = config.publicOrigin ?? url;
    const provider = await createEmbeddedProvider({
      origin,
      moreClientOrigins: [url, ...(config.zhPublicOrigin ? [config.zhPublicOrigin] : [])],
      clientId: config.auth.clientId,
      clientSecret: config.auth.clientSecret,
      accessTokenTtl: config.auth.accessTokenTtl,
      secureCookies: origin.startsWith('https:'),
      store: shared,
      cookieSecret: createHmac('sha256', config.auth.sessionSecret).update('embedded OpenID provider cookies').digest('hex'),
    });
    oidcRouter = provider.router;
    issuer = provider.issuer;
  }
  runtimeConfig = {
    ...config,
    port,
    auth: { ...config.auth, issuer: issuer ?? '' },
    stock: { ...config.stock, apiUrl: config.stock.apiUrl ?? `${url}${STOCK_BASE}` },
    sampleRequests: { ...config.sampleRequests, serviceUrl: config.sampleRequests.serviceUrl ?? `${url}${SAMPLE_SERVICE_BASE}` },
    email: { ...config.email, url: config.email.url ?? `${url}${EMAIL_PATH}` },
    marketingForms: { ...config.marketingForms, url: config.marketingForms.url ?? `${url}${MARKETING_FORMS_BASE}` },
    solr: { ...config.solr, url: config.solr.url ?? `${url}${SOLR_BASE}` },
    layout: { ...config.layout, apiHost: config.layout.apiHost ?? url },
    search: {
      ...config.search,
      apiUrl: config.search.apiUrl ?? `${url}${SEARCH_API_BASE}`,
      analyticsUrl: (config.search.analyticsUrl ?? `${new URL(config.search.apiUrl ?? url).origin}/rest/ua`).replace(/\/$/, ''),
    },
  };

  solr = solrFor(runtimeConfig.solr);

  outbox.start();
  markReady();
  return {
    url,
    outbox,
    close: async () => {
      await analytics.close();
      await outbox.stop();
      outbox.close();
      sampleStandIn?.close();
      emailStandIn?.close();
      marketingStandIn?.close();
      contentStore?.close();
      await closeVite?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await shared.close();
    },
  };
}
