import { data as routeData, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { PlaceholdersData, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { newErrorId } from '../../server/error-id.ts';
import { withFaultIds } from '~/lib/faults.server.ts';
import { registry } from '~/plugins/registry.ts';
import { modulePreloads } from '~/plugins/module-preloads.server.ts';
import { pageRenderingModules } from '~/plugins/component-modules.server.ts';
import { localizedPath, SITE_LANGUAGES, type SiteLanguage } from './language.ts';
import { AuthRequired, requireUser } from '~/auth/session.server.ts';
import { text, type TextField } from './fields.ts';
import { pageViewBeacon } from './page-view.server.ts';
import { beaconHref, type SearchBeacon } from '~/lib/page-beacon.server.ts';
import { pagePhrases, pickPhrases } from './phrases.ts';
import { prepareRoute } from './prepare-route.server.ts';
import { serverRegistry } from '~/plugins/registry.server.ts';
import type { ComponentRegistry } from '~/plugins/create-registry.ts';
import type { ServerRegistry } from '~/plugins/server-registry.server.ts';
import { loadRenderingData, sharedKindOf } from '~/plugins/rendering-data.server.ts';
import { anonymousRead, sharedCacheControl } from '~/lib/cache-policy.server.ts';
import { timed } from '../../server/server-timing.ts';
import { loadDictionary } from './dictionary.server.ts';
import { withErrorPhrases } from './error-phrases.server.ts';
import { layoutFault, pageLayout } from './layout-reads.server.ts';
import type { ErrorPayload, MissingVersionPayload, PageData, PageLocation } from './page-data.ts';
import { locatePage } from './page-location.server.ts';
import { publishedLanguages } from './page-versions.server.ts';
import { AUTH_REQUIRED_PHRASES, shellKeyOf, visitorAccount, withoutChrome } from './shell.server.ts';

// A CMS page's loaders: its route with its renderings' data, and the phrases its renderings need.
// The shell is shell.server.ts's, form posts form-action.server.ts's.

/**
 * Product levels L1 to L7 that a rendering computed for the page (the catalogue on its wildcard
 * item, where the route itself has no level fields).
 */
function renderedPageLevels(route: RouteData): Record<string, string> | undefined {
  for (const entry of route.placeholders?.['jss-main'] ?? []) {
    const levels = (entry as { data?: { pageLevels?: unknown } }).data?.pageLevels;
    if (levels && typeof levels === 'object') return levels as Record<string, string>;
  }
  return undefined;
}

/** The namespaces the page's renderings name beyond the shell's. */
function renderingPhraseNamespaces(components: ComponentRegistry, placeholders: PlaceholdersData | undefined, into = new Set<string>()): Set<string> {
  for (const entries of Object.values(placeholders ?? {})) {
    for (const entry of entries) {
      if (!('componentName' in entry)) continue;
      for (const namespace of components.getManifest(entry.componentName)?.phrases ?? []) into.add(namespace);
      renderingPhraseNamespaces(components, entry.placeholders, into);
    }
  }
  return into;
}

/**
 * A redirect item (field `redirectTo`, a path of this site): an address others link to (the search
 * index's /company/supplier) that now lives elsewhere. Permanent, and in the visitor's language,
 * so the editor names the target once for all languages. Anything but a same-site path is ignored.
 */
function redirectTarget(route: RouteData): URL | undefined {
  const value = text((route.fields as Record<string, TextField> | undefined)?.redirectTo).trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  const url = new URL(value, 'http://site.invalid');
  return url.origin === 'http://site.invalid' ? url : undefined;
}

/**
 * Pages that need an account name it in their `access` field: `signed-in`, or the groups allowed
 * (comma-separated). Never signed in: off to sign-in, back here after. Expired: the dialog.
 * Signed in without a listed group: 403.
 */
async function checkAccess(request: Request, context: AppLoadContext, route: RouteData): Promise<'open' | 'granted' | 'expired'> {
  const access = text((route.fields as Record<string, TextField> | undefined)?.access).trim();
  if (!access) return 'open';
  try {
    const user = await requireUser(request, context);
    const allowed = access === 'signed-in' ? [] : access.split(',').map((group) => group.trim());
    if (allowed.length && !user.groups.some((group) => allowed.includes(group))) throw routeData<ErrorPayload>({ errorId: newErrorId() }, { status: 403 });
    return 'granted';
  } catch (error) {
    if (error instanceof AuthRequired) return 'expired';
    throw error;
  }
}

/**
 * Pages for editors (samples of how renderings fail, under /sandbox): served only by the
 * development server (`npm run dev`); every built site, demo or production, answers 404.
 */
const EDITORS_ONLY = /^\/sandbox(\/|$)/i;

/** The languages the page is published in, its own always (the layout service just served it). */
async function pageVersions(request: Request, context: AppLoadContext, location: PageLocation): Promise<SiteLanguage[] | undefined> {
  const listed = await publishedLanguages(request, context, location.itemPath);
  return listed && SITE_LANGUAGES.filter((language) => language === location.language || listed.includes(language));
}

/**
 * No page here in this language: a 404, which names the languages the page is published in when
 * there are any (error.noVersion, decision 0133), so the visitor is one click from the page.
 */
async function missingPage(request: Request, context: AppLoadContext, location: PageLocation) {
  const versions = context.editing ? undefined : await publishedLanguages(request, context, location.itemPath);
  if (!versions?.length) return routeData<ErrorPayload>({ errorId: newErrorId() }, { status: 404 });
  return routeData<MissingVersionPayload>({ errorId: newErrorId(), reason: 'error.noVersion', itemPath: location.itemPath, versions: [...versions] }, { status: 404 });
}

/** The plugins a page is made with: the site's, or a test's that adds its own. */
export interface PagePlugins {
  components: ComponentRegistry;
  server: ServerRegistry;
}

const SITE_PLUGINS: PagePlugins = { components: registry, server: serverRegistry };

export async function loadRoute(request: Request, context: AppLoadContext, responseHeaders = new Headers(), plugins = SITE_PLUGINS): Promise<PageData> {
  const location = locatePage(request, context);
  if (EDITORS_ONLY.test(location.itemPath) && context.config.mode !== 'development') throw routeData<ErrorPayload>({ errorId: newErrorId() }, { status: 404 });
  let data;
  try {
    data = await pageLayout(context, location);
  } catch (error) {
    layoutFault(request, context, error, location);
  }
  if (!data.sitecore.route) throw await missingPage(request, context, location);
  // An editor edits a redirect item and a page for signed-in visitors as they are (the secret let them in).
  const editing = context.editing !== undefined;
  const target = editing ? undefined : redirectTarget(data.sitecore.route);
  if (target) throw redirect(`${localizedPath(location.language, target.pathname)}${target.search}${target.hash}`, 301);
  const route = prepareRoute(data.sitecore.route, plugins.components, location.itemPath, { keepUnknown: editing });
  const access = editing ? 'open' : await checkAccess(request, context, route);
  if (access !== 'open') responseHeaders.set('Cache-Control', 'private, no-store');
  // Sitecore Pages' page is an editor's look at one version, not a visitor's page: not asked for.
  const versionsLoading = editing ? undefined : pageVersions(request, context, location);
  const shellKeyLoading = visitorAccount(request, context).then((account) => shellKeyOf(location.language, account, route.placeholders));
  // Awaited below unless a rendering answers first (a redirect): its failure is then nobody's.
  shellKeyLoading.catch(() => undefined);
  if (access === 'expired') {
    // REQ-AUTH-5: signed in before, session over: the page says so and offers to sign in again;
    // nothing of the protected content is sent.
    if (route.placeholders) route.placeholders['jss-main'] = [];
    const phrases = pickPhrases(await loadDictionary(context, location.language), AUTH_REQUIRED_PHRASES);
    return { ...location, route: withoutChrome(route), shellKey: await shellKeyLoading, phrases, status: 401, authRequired: true };
  }
  const sharedKind = !editing && access === 'open' && anonymousRead(request) ? sharedKindOf(route.placeholders, plugins.server) : undefined;
  let search: SearchBeacon | undefined;
  const recordSearch = (event: SearchBeacon) => void (search = event);
  const { allMainUnavailable, failed, clientError } = await timed(context.timing, 'loaders', () =>
    loadRenderingData(route, { request, context, language: location.language, itemPath: location.itemPath, responseHeaders, phrases: loadDictionary(context, location.language), recordSearch }, plugins.server),
  );
  const beacon = beaconHref(pageViewBeacon({ request, language: location.language, itemPath: location.itemPath, route, levels: renderedPageLevels(route) }), search);
  const mainFailed = allMainUnavailable && failed;
  if (allMainUnavailable && !mainFailed) responseHeaders.set('Retry-After', '10');
  // A request the page cannot answer as asked (an unknown tab, a page past the last) is the
  // visitor's to correct: its status says so even though the page renders the explanation.
  // A page whose main content is only failed renderings is ours to fix (500); only down services, 503.
  const status = clientError ?? (mainFailed ? 500 : allMainUnavailable ? 503 : undefined);
  // A rendering may have said otherwise (an error is for this moment only; a search from a search page).
  if (sharedKind && !status && !responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', sharedCacheControl(context, sharedKind));
  const preloads = modulePreloads(route.placeholders);
  const renderingModules = pageRenderingModules(route.placeholders);
  const languages = await versionsLoading;
  return {
    ...location,
    ...(languages ? { languages } : {}),
    route: withoutChrome(route),
    shellKey: await shellKeyLoading,
    beacon,
    ...(preloads.length ? { modulePreloads: preloads } : {}),
    ...(Object.keys(renderingModules).length ? { renderingModules } : {}),
    ...(status ? { status } : {}),
  };
}

/**
 * The phrases a page's renderings need beyond the shell's: the same for every address of a path
 * (the layout names the renderings), so the browser keeps them while only the query changes (a
 * facet, the next page of results) and asks again for another path (CmsPage.tsx,
 * pagePhrasesShouldRevalidate). A page that cannot be made gets none: its own loader answers why.
 */
export async function loadPagePhrases(request: Request, context: AppLoadContext, plugins = SITE_PLUGINS): Promise<DictionaryPhrases> {
  // A redirect (another host's language) is the page loader's too, and the same.
  const location = locatePage(request, context);
  let route;
  try {
    route = (await pageLayout(context, location)).sitecore.route;
  } catch {
    return {};
  }
  if (!route) return {};
  return pagePhrases(await loadDictionary(context, location.language), renderingPhraseNamespaces(plugins.components, route.placeholders));
}

/** The loader of the page-phrases route, the CMS pages' pathless parent (remix.config.js). */
export async function loadCmsPagePhrases({ request, context }: LoaderFunctionArgs): Promise<{ phrases: DictionaryPhrases }> {
  return { phrases: await timed(context.timing, 'page-phrases', () => loadPagePhrases(request, context)) };
}

/** The loader of every CMS page (index and splat routes). */
export function loadCmsPage({ request, context }: LoaderFunctionArgs) {
  return withErrorPhrases(request, context, () =>
    withFaultIds(request, context, 'the page failed', async () => {
      const headers = new Headers();
      const page = await timed(context.timing, 'page', () => loadRoute(request, context, headers));
      context.timing?.mark('data');
      return routeData(page, { headers, status: page.status ?? 200 });
    }),
  );
}

