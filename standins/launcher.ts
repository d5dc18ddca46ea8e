import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Router } from 'express';
import { chineseHostname } from '../app/cms/language.ts';
import type { SiteConfig } from '../server/config.ts';
import { editingFieldType } from '../app/cms/editing-field-types.ts';
import { frontCacheAfterReload } from '../server/front-cache.ts';
import { FILE_LANGUAGES, readDraft, type FileLanguage } from '../app/editor/page-store.server.ts';
import { logger } from '../server/log.ts';
import { startSite, type RunningSite, type SiteAttachment, type SiteExtension } from '../server/site.ts';
import { ContentStore, type ContentProblem } from '@voltaris/content-files/content-store';
import { createCadModelRouter } from './cad-models/router.ts';
import { createEmailStandIn, EMAIL_PATH } from './email/stand-in.ts';
import { createLayoutServiceRouter } from './layout/router.ts';
import { createInProcessLayoutFetch } from './layout/in-process-fetch.ts';
import { createMarketingFormsStandIn, MARKETING_FORMS_BASE } from './marketing-forms/stand-in.ts';
import { createMediaLibraryStandIn, MEDIA_LIBRARY_BASE } from './media/router.ts';
import { createEmbeddedProvider, OIDC_MOUNT } from './oidc/provider.ts';
import { createSampleRequestStandIn, SAMPLE_SERVICE_BASE } from './sample-request/stand-in.ts';
import { acceptAnalytics } from './search/analytics-sink.ts';
import { generateCatalogue } from './search/catalogue/generate.ts';
import { SEARCH_API_BASE } from './search/router.ts';
import { createEmbeddedSearch } from './search/service.ts';
import { prefetchSnapshot, searchSnapshotDir, takePrefetchedSnapshot } from './search/snapshot-prefetch.ts';
import { standInStore } from './shared-store-extras.ts';
import { createSolrStandIn, SOLR_BASE } from './solr/stand-in.ts';
import { createStockStandIn, STOCK_BASE } from './stock/stand-in.ts';

/**
 * The demo: the site with an embedded stand-in for each outside service its configuration leaves
 * unset, all on the site's own origin (decision 0053). The site knows nothing of them: it is
 * started with an extension that mounts them and names their addresses once the origin is known.
 * Production mode leaves every service set and `embedded` false, so this mounts nothing there.
 */

/**
 * Where the Chinese site is reached, for the provider's list of callbacks: ZH_PUBLIC_ORIGIN, else
 * each global origin's Chinese twin, the address its language switcher links to, as the site
 * itself derives it (www.example.com -> www.example.com.cn, 127.0.0.1 -> cn.localhost), and the
 * host plus each suffix, which is Chinese too (127.0.0.1.cn where a test maps .cn here).
 */
function chineseOrigins(config: SiteConfig, globalOrigins: string[]): string[] {
  if (config.zhPublicOrigin) return [config.zhPublicOrigin];
  const suffixes = config.zhHostSuffixes;
  if (!suffixes.length) return [];
  const twins = globalOrigins.flatMap((origin) =>
    [chineseHostname(new URL(origin).hostname, suffixes), ...suffixes.map((suffix) => `${new URL(origin).hostname}${suffix}`)].map((hostname) => {
      const url = new URL(origin);
      url.hostname = hostname;
      return url.origin;
    }),
  );
  return [...new Set(twins)];
}

export function demoStandIns(): SiteExtension {
  return async ({ config, shared }): Promise<SiteAttachment> => {
    // The provider's and the search stand-in's operations on the site's shared store.
    const standInShared = standInStore(shared);
    // Every stand-in's switch and inspection endpoint asks for this token (decision 0038).
    const { controlToken } = config.standIns;
    const handlers: SiteAttachment['handlers'] & object = [];
    const closers: Array<() => void> = [];
    const dataDir = path.resolve(config.dataDir);
    // The index snapshot's read starts now, in a worker thread, while the content files load below.
    if (config.search.embedded) void prefetchSnapshot(searchSnapshotDir(config.dataDir), config.search.products);

    let contentStore: ContentStore | undefined;
    // The embedded search leaves out what the content no longer publishes (set once both exist).
    let contentReloaded = () => {};
    let layoutFetch: typeof fetch | undefined;
    // The site's origin, known once it listens: where its layout requests to the stand-in go.
    let siteOrigin = '';
    if (config.layout.embedded) {
      const store = new ContentStore({
        dir: path.resolve(config.layout.contentDir),
        // Every process watches: a page published through one process (the page editor) is served
        // by the others at once; the publishing process rereads at once (contentChanged below).
        watch: true,
        // What the YAML parser made of each file, kept beside the search index snapshot (decision 0107).
        parsedCacheFile: path.join(dataDir, 'content-parses.v8'),
        onProblem: (problem) => logger.error({ area: 'content', file: problem.file, problem: problem.message }, 'content file not served'),
        onReload: () => {
          logger.info({ area: 'content' }, 'content reloaded');
          // nginx may keep a page this process made from the old files (decision 0075).
          frontCacheAfterReload(config.frontCacheDir);
          contentReloaded();
        },
      });
      contentStore = store;
      closers.push(() => store.close());
      // Drafts beside the published content, answered only by the preview (issue 32).
      const draftsDir = path.resolve(config.layout.contentDir, 'drafts');
      // And the page editor's drafts (issue 28, decision 0078): what an editor saved at /edit shows in Pages' preview.
      const editorPaths = { contentDir: path.resolve(config.layout.contentDir), dataDir };
      const fileLanguages: readonly string[] = Object.values(FILE_LANGUAGES);
      const editorDraft = (itemPath: string, fileLanguage: string) => (fileLanguages.includes(fileLanguage) ? readDraft(editorPaths, itemPath, fileLanguage as FileLanguage) : undefined);
      const layoutService = { store, apiKey: config.layout.apiKey, siteName: config.layout.siteName, controlToken, previewApiKey: config.layout.previewApiKey, draftsDir, editorDraft, fieldType: editingFieldType,
        onDraftProblem: (problem: ContentProblem) => logger.warn({ area: 'content', file: problem.file, problem: problem.message }, 'draft not served (the preview shows the published version)') };
      handlers.push(createLayoutServiceRouter(layoutService));
      // The site's own layout and dictionary requests reach the stand-in without a socket (decision 0055).
      layoutFetch = createInProcessLayoutFetch({ ...layoutService, origin: () => siteOrigin });
    }

    let search: ReturnType<typeof createEmbeddedSearch> | undefined;
    if (config.search.embedded) {
      const snapshotDir = searchSnapshotDir(config.dataDir);
      // Read and checked in a worker thread, started by the built entry before the site's modules
      // loaded (standins/boot.ts), else now (decision 0108).
      const preread = await takePrefetchedSnapshot(snapshotDir, config.search.products);
      search = createEmbeddedSearch({
        ...config.search,
        controlToken,
        ...(shared.kind === 'redis' ? { takeToken: standInShared.takeToken.bind(standInShared) } : {}),
        snapshotDir,
        ...(preread ? { preread } : {}),
        onSnapshotProblem: (problem) => logger.warn({ area: 'search' }, problem),
        onServerError: (error) => logger.error({ area: 'search', err: error }, 'the Search API failed to answer'),
      });
      const { products, documents, readyMs, generatedMs, indexMs, indexFrom, snapshotReadIn } = search.stats;
      logger.info({ area: 'search', products, documents, readyMs, generatedMs, indexMs, indexFrom, snapshotReadIn }, 'search index ready');
      handlers.push(search.router);
    }
    // The site's own Search API requests reach the stand-in without a socket (decision 0066).
    const searchDispatcher = search?.dispatcher(() => siteOrigin);
    if (search && contentStore) {
      const [index, content] = [search, contentStore];
      contentReloaded = () => index.hidePages(content.unpublishedEntries());
      contentReloaded();
    }
    // Lists, files and search results come from one generated catalogue, so they agree.
    let generated: ReturnType<typeof generateCatalogue>['documents'] | undefined;
    const documents = () => search?.documents ?? (generated ??= generateCatalogue({ products: config.search.products, seed: config.search.seed }).documents);

    if (config.stock.embedded) {
      const catalogue = search;
      handlers.push(createStockStandIn({ apiKey: config.stock.apiKey, controlToken, findPart: (partNumber) => catalogue?.findProduct(partNumber) }));
    }
    if (config.solr.embedded) handlers.push(createSolrStandIn({ documents: documents(), user: config.solr.user, password: config.solr.password }).router);
    if (config.mediaLibrary.embedded) handlers.push(createMediaLibraryStandIn({ documents: documents(), apiKey: config.mediaLibrary.apiKey }));
    if (config.sampleRequests.embedded) {
      const standIn = createSampleRequestStandIn({ apiToken: config.sampleRequests.apiToken, dataDir, controlToken, mode: config.sampleRequests.standInMode });
      closers.push(standIn.close);
      handlers.push(standIn.router);
    }
    if (config.email.embedded) {
      const standIn = createEmailStandIn({ apiKey: config.email.apiKey, dataDir, controlToken, showMailbox: true });
      closers.push(standIn.close);
      handlers.push(standIn.router);
    }
    if (config.marketingForms.embedded) {
      const standIn = createMarketingFormsStandIn({ dataDir, portalId: config.marketingForms.portalId, controlToken });
      closers.push(standIn.close);
      handlers.push(standIn.router);
    }
    // The OpenID provider's issuer is the site's origin, known once listening.
    let oidcRouter: Router | undefined;
    if (config.auth.embedded) handlers.push((req, res, next) => (oidcRouter && req.path.startsWith(OIDC_MOUNT) ? oidcRouter(req, res, next) : next()));
    if (config.cadModels.embedded) handlers.push(createCadModelRouter({ documents: documents() }));

    // The embedded analytics endpoints get one post per page view: they answer before Express (0032).
    const embeddedSearch = search;
    const store = contentStore;
    return {
      handlers,
      ...(store
        ? {
            contentChanged: () => {
              store.load();
              contentReloaded();
            },
            contentVersion: () => store.version,
          }
        : {}),
      ...(layoutFetch ? { layoutFetch } : {}),
      ...(searchDispatcher ? { searchDispatcher } : {}),
      // The search page's own Search API calls skip the site's page middleware (decision 0060).
      ...(embeddedSearch ? { intercept: (req, res) => acceptAnalytics(embeddedSearch.analytics, req, res) || embeddedSearch.intercept(req, res) } : {}),
      listening: async (url) => {
        siteOrigin = url;
        // After the first requests (readiness, the first pages), not before them (decision 0129).
        if (search) setTimeout(() => void search.makeDocuments(), 1000).unref();
        let issuer: string | undefined;
        if (config.auth.embedded) {
          // Behind a front (nginx, several processes) the provider is one issuer at the public origin;
          // alone, it is this process's own origin.
          const origin = config.publicOrigin ?? url;
          const provider = await createEmbeddedProvider({
            origin,
            moreClientOrigins: [url, ...chineseOrigins(config, [url, origin])],
            clientId: config.auth.clientId,
            clientSecret: config.auth.clientSecret,
            accessTokenTtl: config.auth.accessTokenTtl,
            secureCookies: origin.startsWith('https:'),
            store: standInShared,
            cookieSecret: createHmac('sha256', config.auth.sessionSecret).update('embedded OpenID provider cookies').digest('hex'),
          });
          oidcRouter = provider.router;
          issuer = provider.issuer;
        }
        const on = (embedded: boolean, base: string) => (embedded ? `${url}${base}` : undefined);
        return {
          layout: config.layout.embedded ? url : undefined,
          search: on(config.search.embedded, SEARCH_API_BASE),
          auth: issuer,
          stock: on(config.stock.embedded, STOCK_BASE),
          sampleRequests: on(config.sampleRequests.embedded, SAMPLE_SERVICE_BASE),
          email: on(config.email.embedded, EMAIL_PATH),
          marketingForms: on(config.marketingForms.embedded, MARKETING_FORMS_BASE),
          solr: on(config.solr.embedded, SOLR_BASE),
          mediaLibrary: on(config.mediaLibrary.embedded, MEDIA_LIBRARY_BASE),
        };
      },
      health: () => ({
        ...(contentStore ? { layout: { mode: 'embedded', routes: contentStore.routeCount, contentProblems: contentStore.problems } } : {}),
        ...(search ? { search: { mode: 'embedded', ...search.stats, analytics: search.analytics.summary(0).counts } } : {}),
      }),
      close: async () => {
        for (const close of closers) close();
      },
    };
  };
}

/** The site with the demo's stand-ins: what `npm start`, the tests and the cluster's processes run. */
export function startDemoSite(config: SiteConfig, options: { buildPath?: string } = {}): Promise<RunningSite> {
  return startSite(config, { ...options, extend: demoStandIns() });
}

/** The start line's account of what is embedded, so a demo is never mistaken for a live site (decision 0038). */
export function describeDemo(config: SiteConfig): string {
  const build = `NODE_ENV=${config.mode}`;
  if (config.siteMode === 'production') return `production mode, no stand-ins, ${build}`;
  const standIns = [
    config.layout.embedded && 'layout',
    config.search.embedded && 'search',
    config.auth.embedded && 'sign-in',
    config.email.embedded && 'e-mail',
    config.marketingForms.embedded && 'marketing forms',
    config.sampleRequests.embedded && 'samples',
    config.stock.embedded && 'stock',
    config.cadModels.embedded && 'CAD models',
    config.solr.embedded && 'Solr content',
    config.mediaLibrary.embedded && 'media library',
  ].filter(Boolean);
  return `demo mode: ${standIns.length ? `embedded stand-ins with published credentials (${standIns.join(', ')})` : 'no stand-in needed'}; SITE_MODE=production for a live site; ${build}`;
}
