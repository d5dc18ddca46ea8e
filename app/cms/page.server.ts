import { data as routeData, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { newErrorId } from '~/lib/error-id.ts';
import { serverFault, withFaultIds } from '~/lib/faults.server.ts';
import { methodNotAllowed, PAGE_METHODS, READ_ONLY_PAGE_METHODS, readForm } from '~/lib/http-errors.server.ts';
import { refreshLoggerSettings } from '~/lib/logger.server.ts';
import { registry } from '~/plugins/registry.ts';
import { modulePreloads, type ModulePreload } from '~/plugins/module-preloads.server.ts';
import { pageRenderingModules } from '~/plugins/component-modules.server.ts';
import type { RenderingModules } from '~/plugins/component-modules.ts';
import { LANGUAGES, alternateUrls, localizedPath, resolveLanguage, siteOrigins, type SiteLanguage } from './language.ts';
import { createLayoutPort, type LayoutPort } from './layout-service.server.ts';
import { keepSessionFresh } from '~/auth/sign-in.server.ts';
import { AuthRequired, requireUser, sessionState } from '~/auth/session.server.ts';
import { text, type TextField } from './fields.ts';
import { pageViewBeacon } from './page-view.server.ts';
import { beaconHref, type SearchBeacon } from '~/lib/page-beacon.server.ts';
import { pickPhrases, SHELL_PHRASE_NAMESPACES } from './phrases.ts';
import { prepareRoute } from './prepare-route.server.ts';
import { serverRegistry } from '~/plugins/registry.server.ts';
import type { ComponentRegistry } from '~/plugins/create-registry.ts';
import type { ServerRegistry } from '~/plugins/server-registry.server.ts';
import { loadRenderingData, sharedKindOf } from '~/plugins/rendering-data.server.ts';
import { anonymousRead, sharedCacheControl } from '~/lib/cache-policy.server.ts';
import type { ComponentRendering, PlaceholdersData } from '@sitecore-jss/sitecore-jss/layout';
import { timed } from '~/lib/server-timing.server.ts';
import { isDataAnswer } from '~/lib/route-answer.server.ts';

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
      for (const namespace of components.getComponent(entry.componentName)?.phrases ?? []) into.add(namespace);
      renderingPhraseNamespaces(components, entry.placeholders, into);
    }
  }
  return into;
}

/** The UI strings of a language; pages still render without them (the content comes from the layout service). */
async function dictionary(context: AppLoadContext, language: SiteLanguage): Promise<DictionaryPhrases> {
  try {
    return await timed(context.timing, 'dictionary', () => layoutPort(context).fetchDictionary(LANGUAGES[language].sitecoreLanguage));
  } catch (error) {
    console.warn(`[cms] dictionary unavailable for ${language}:`, error instanceof Error ? error.message : error);
    return {};
  }
}

/** The dictionary for code outside a CMS page (the preview page): the same phrases, never throws. */
export const loadDictionary = dictionary;

let cachedPort: { key: string; fetch: typeof fetch | undefined; port: LayoutPort } | undefined;

function layoutPort(context: AppLoadContext): LayoutPort {
  const { layout, mode } = context.config;
  const key = JSON.stringify([layout.apiHost, layout.apiKey, layout.siteName, layout.timeoutMs, layout.cacheSeconds, mode]);
  if (cachedPort?.key !== key || cachedPort.fetch !== context.layoutFetch) {
    const port = createLayoutPort({
      ...layout,
      cacheDictionary: mode === 'production',
      layoutCacheSeconds: mode === 'production' ? layout.cacheSeconds : 0,
      ...(context.layoutFetch ? { fetch: context.layoutFetch } : {}),
    });
    cachedPort = { key, fetch: context.layoutFetch, port };
  }
  return cachedPort.port;
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

export interface PageLocation {
  language: SiteLanguage;
  itemPath: string;
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

/** Language and item path of a request; a non-canonical URL is answered with a 301 to the canonical one. */
export function locatePage(request: Request, context: AppLoadContext): PageLocation {
  const url = new URL(request.url);
  const resolution = resolveLanguage(url.pathname, url.host, context.config.zhHostSuffixes);
  if (resolution.kind === 'redirect') throw redirect(`${resolution.location}${url.search}`, 301);
  return { language: resolution.language, itemPath: resolution.itemPath };
}

export interface ErrorPayload {
  errorId: string;
}


export interface PageData extends PageLocation {
  route: RouteData;
  /** The dictionary phrases this page's renderings need beyond the shell's. */
  phrases: DictionaryPhrases;
  /** The page's analytics beacon (decision 0049); none on a page that shows nothing (expired session). */
  beacon?: string;
  /** The page needs an account and the visitor's session has expired (the Auth required dialog). */
  authRequired?: boolean;
  /** The browser's modules for this page's renderings, fetched before it hydrates (decision 0059). */
  modulePreloads?: ModulePreload[];
  /** Where the browser finds the code of the page's renderings. */
  renderingModules?: RenderingModules;
  /**
   * 503: the page's whole content depends on a service that is down; 4xx: a rendering could not
   * answer the request as asked (bad parameters). The page still renders either way.
   */
  status?: number;
}

/**
 * Pages for editors (samples of how renderings fail, under /sandbox): served only by the
 * development server (`npm run dev`); every built site, demo or production, answers 404.
 */
const EDITORS_ONLY = /^\/sandbox(\/|$)/i;

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
    data = await timed(context.timing, 'layout', () => layoutPort(context).fetchLayout(location.itemPath, LANGUAGES[location.language].sitecoreLanguage));
  } catch (error) {
    serverFault(request, error, `layout service failed for ${location.itemPath} (${location.language})`);
  }
  if (!data.sitecore.route) throw routeData<ErrorPayload>({ errorId: newErrorId() }, { status: 404 });
  const target = redirectTarget(data.sitecore.route);
  if (target) throw redirect(`${localizedPath(location.language, target.pathname)}${target.search}${target.hash}`, 301);
  const route = prepareRoute(data.sitecore.route, plugins.components, location.itemPath);
  const access = await checkAccess(request, context, route);
  if (access !== 'open') responseHeaders.set('Cache-Control', 'private, no-store');
  if (access === 'expired') {
    // REQ-AUTH-5: signed in before, session over: the page says so and offers to sign in again;
    // nothing of the protected content is sent.
    if (route.placeholders) route.placeholders['jss-main'] = [];
    return { ...location, route, phrases: {}, status: 401, authRequired: true };
  }
  const sharedKind = access === 'open' && anonymousRead(request) ? sharedKindOf(route.placeholders, plugins.server) : undefined;
  const phrasesLoading = dictionary(context, location.language);
  let search: SearchBeacon | undefined;
  const recordSearch = (event: SearchBeacon) => void (search = event);
  const [{ allMainUnavailable, failed, clientError }, phrases] = await Promise.all([
    timed(context.timing, 'loaders', () => loadRenderingData(route, { request, context, language: location.language, itemPath: location.itemPath, responseHeaders, phrases: phrasesLoading, recordSearch }, plugins.server)),
    phrasesLoading,
  ]);
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
  return { ...location, route, phrases: pickPhrases(phrases, renderingPhraseNamespaces(plugins.components, route.placeholders)), beacon, ...(preloads.length ? { modulePreloads: preloads } : {}), ...(Object.keys(renderingModules).length ? { renderingModules } : {}), ...(status ? { status } : {}) };
}

/** What the header shows of the visitor's account (never tokens). */
export interface ShellAccount {
  state: 'signed-in' | 'expired' | 'anonymous';
  displayName?: string;
  groups?: string[];
}

export interface SiteShell extends PageLocation {
  account: ShellAccount;
  tag: string;
  phrases: DictionaryPhrases;
  alternates: Record<SiteLanguage, string>;
}

/** What every page needs whatever its content: language, UI strings and the URLs of its translations. */
export function loadShell(request: Request, context: AppLoadContext): Promise<SiteShell> {
  return withFaultIds(request, 'the page shell failed', () => timed(context.timing, 'shell', () => shellOf(request, context)));
}

async function shellOf(request: Request, context: AppLoadContext): Promise<SiteShell> {
  const location = locatePage(request, context);
  refreshLoggerSettings(context);
  const url = new URL(request.url);
  const phrases = pickPhrases(await dictionary(context, location.language), SHELL_PHRASE_NAMESPACES);
  const origins = siteOrigins(url, context.config.zhHostSuffixes, context.config);
  const shell = (account: ShellAccount): SiteShell => ({ ...location, account, tag: LANGUAGES[location.language].tag, phrases, alternates: alternateUrls(location.itemPath, origins) });
  const session = await sessionState(request, context).catch(async (error: unknown) => {
    // The session store is down (503): the error page still speaks the page's language.
    if (!isDataAnswer(error) || error.init?.status !== 503) throw error;
    throw routeData({ ...(error.data as object), shell: shell({ state: 'anonymous' }) }, error.init);
  });
  if (session.kind === 'signed-in') await keepSessionFresh(request, context, session.sid);
  return shell(session.kind === 'anonymous' ? { state: 'anonymous' } : { state: session.kind, displayName: session.user.displayName, groups: session.user.groups });
}

/** The loader of every CMS page (index and splat routes). */
export function loadCmsPage({ request, context }: LoaderFunctionArgs) {
  return withFaultIds(request, 'the page failed', async () => {
    const headers = new Headers();
    const page = await timed(context.timing, 'page', () => loadRoute(request, context, headers));
    context.timing?.mark('data');
    return routeData(page, { headers, status: page.status ?? 200 });
  });
}

/** The page's renderings that take form posts. */
async function formRenderingsOf(request: Request, location: PageLocation, context: AppLoadContext): Promise<ComponentRendering[]> {
  let data;
  try {
    data = await layoutPort(context).fetchLayout(location.itemPath, LANGUAGES[location.language].sitecoreLanguage);
  } catch (error) {
    serverFault(request, error, `layout service failed for ${location.itemPath} (${location.language})`);
  }
  return (data.sitecore.route?.placeholders?.['jss-main'] ?? []).filter(
    (entry): entry is ComponentRendering => 'componentName' in entry && serverRegistry.action(entry.componentName) !== undefined,
  );
}

/** Form posts to a CMS page go to the plugin of the rendering they name (`_component`). */
export function cmsPageAction(args: ActionFunctionArgs) {
  return withFaultIds(args.request, 'the form post failed', () => formAction(args));
}

async function formAction({ request, context }: ActionFunctionArgs) {
  // Forms post; PUT, PATCH and DELETE reach here too (Remix calls the action for them) and are
  // refused before the body is read (issue 19: 12 PUTs sent 12 receipt mails).
  if (request.method !== 'POST') throw methodNotAllowed(PAGE_METHODS);
  const location = locatePage(request, context);
  const form = await readForm(request);
  // The post goes to the form it names; one that names none, to the page's only form. Settings of
  // the rendering (its CMS fields) come from the layout, never from the post.
  const renderings = await formRenderingsOf(request, location, context);
  const named = String(form.get('_component') ?? '');
  const rendering = named ? renderings.find((entry) => entry.componentName === named) : renderings.length === 1 ? renderings[0] : undefined;
  if (!rendering) throw methodNotAllowed(READ_ONLY_PAGE_METHODS);
  return serverRegistry.action(rendering.componentName)!({ request, context, language: location.language, form, rendering });
}
