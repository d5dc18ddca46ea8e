import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@remix-run/express';
import type { AppLoadContext, ServerBuild } from '@remix-run/node';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { SiteLoadContext } from '../app/load-context.ts';
import { ContentStore } from '../services/layout/content-store.ts';
import { createLayoutServiceRouter } from '../services/layout/router.ts';
import { createCadModelRouter } from '../services/cad-models/router.ts';
import { createEmbeddedSearch } from '../services/search/service.ts';
import { SEARCH_API_BASE } from '../services/search/router.ts';
import type { SiteConfig } from './config.ts';
import { cspNonce, securityHeaders } from './security.ts';

export interface RunningSite {
  url: string;
  close(): Promise<void>;
}

function selfOrigin(host: string, port: number) {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * Starts the whole site: security headers, the embedded stand-ins (unless a real service is
 * configured), the built assets, and Remix. Listens on config.host:config.port (0 picks a port).
 */
export async function startSite(config: SiteConfig, options: { buildPath?: string } = {}): Promise<RunningSite> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(cspNonce, securityHeaders(config));

  let contentStore: ContentStore | undefined;
  if (config.layout.embedded) {
    contentStore = new ContentStore({
      dir: path.resolve(config.layout.contentDir),
      watch: config.mode === 'development',
      onProblem: (problem) => console.error(`[content] ${problem.file}: ${problem.message} (file not served)`),
      onReload: () => console.info('[content] reloaded'),
    });
    app.use(createLayoutServiceRouter({ store: contentStore, apiKey: config.layout.apiKey, siteName: config.layout.siteName }));
  }

  let search: ReturnType<typeof createEmbeddedSearch> | undefined;
  if (config.search.embedded) {
    search = createEmbeddedSearch(config.search);
    console.info(`[search] ${search.stats.products} products, ${search.stats.documents} documents indexed in ${search.stats.readyMs} ms`);
    app.use(search.router);
  }

  if (config.cadModels.embedded) app.use(createCadModelRouter());

  app.get('/healthz', (_req, res) => {
    res.json({
      status: 'ok',
      services: {
        layout: config.layout.embedded
          ? { mode: 'embedded', routes: contentStore?.routeCount ?? 0, contentProblems: contentStore?.problems ?? [] }
          : { mode: 'remote', apiHost: config.layout.apiHost },
        search: search
          ? { mode: 'embedded', ...search.stats, analytics: search.analytics.summary(0).counts }
          : { mode: 'remote', apiUrl: config.search.apiUrl },
        cadModels: { mode: config.cadModels.embedded ? 'embedded' : 'remote', apiUrl: config.cadModels.apiUrl },
      },
    });
  });

  let runtimeConfig: SiteLoadContext['config'] = {
    ...config,
    layout: { ...config.layout, apiHost: config.layout.apiHost ?? '' },
    search: { ...config.search, apiUrl: config.search.apiUrl ?? '' },
  };
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
    app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }));
    app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }));
    build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
  }

  app.all(
    '*',
    createRequestHandler({
      build,
      mode: config.mode === 'development' ? 'development' : 'production',
      getLoadContext: (_req, res): AppLoadContext => ({ config: runtimeConfig, cspNonce: String(res.locals.cspNonce) }),
    }),
  );

  // Last resort: a JSON error without internals, for failures outside Remix (its own pages handle the rest).
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    console.error('[server]', error);
    res.status(500).json({ error: 'internal_error', message: 'The server could not answer this request.' });
  });

  const server = app.listen(config.port, config.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const url = selfOrigin(config.host, port);
  // The embedded stand-ins live on this very origin, so the layout client can only be pointed at
  // them once the port is known (PORT=0 in tests).
  runtimeConfig = {
    ...config,
    port,
    layout: { ...config.layout, apiHost: config.layout.apiHost ?? url },
    search: { ...config.search, apiUrl: config.search.apiUrl ?? `${url}${SEARCH_API_BASE}` },
  };

  return {
    url,
    close: async () => {
      contentStore?.close();
      await closeVite?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
