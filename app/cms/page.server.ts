import { data as routeData, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { createHash } from 'node:crypto';
import { newErrorId } from '~/lib/error-id.ts';
import { serverFault, serviceUnavailable, withFaultIds } from '~/lib/faults.server.ts';
import { methodNotAllowed, PAGE_METHODS, READ_ONLY_PAGE_METHODS, readForm } from '~/lib/http-errors.server.ts';
import { refreshLoggerSettings } from '~/lib/logger.server.ts';
import { registry } from '~/plugins/registry.ts';
import { modulePreloads, type ModulePreload } from '~/plugins/module-preloads.server.ts';
import { pageRenderingModules } from '~/plugins/component-modules.server.ts';
import type { RenderingModules } from '~/plugins/component-modules.ts';
import { LANGUAGES, localizedPath, resolveLanguage, siteOrigins, type SiteLanguage, type SiteOrigins } from './language.ts';
import { createLayoutPort, layoutServiceDown, type LayoutPort } from './layout-service.server.ts';
import { keepSessionFresh, signInLanguage } from '~/auth/sign-in.server.ts';
import { AuthRequired, requireUser, sessionState } from '~/auth/session.server.ts';
import { text, type TextField } from './fields.ts';
import { pageViewBeacon } from './page-view.server.ts';
import { beaconHref, type SearchBeacon } from '~/lib/page-beacon.server.ts';
import { isShellPhrase, pagePhrases, pickPhrases, shellPhrases } from './phrases.ts';
import { errorMessageKey } from './error-messages.ts';
import { prepareRoute } from './prepare-route.server.ts';
import { serverRegistry } from '~/plugins/registry.server.ts';
import type { ComponentRegistry } from '~/plugins/create-registry.ts';
import type { ServerRegistry } from '~/plugins/server-registry.server.ts';
import { loadRenderingData, sharedKindOf } from '~/plugins/rendering-data.server.ts';
import { anonymousRead, sharedCacheControl } from '~/lib/cache-policy.server.ts';
import type { ComponentRendering, LayoutServiceData, PlaceholdersData } from '@sitecore-jss/sitecore-jss/layout';
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
    // An error page still speaks words, not keys.
    return context.fallbackPhrases?.[language] ?? {};
  }
}

/** The dictionary for code outside a CMS page (the preview page): the same phrases, never throws. */
export const loadDictionary = dictionary;

/** Phrases beyond the shell's for a page outside the CMS (a sign-in refusal), in the request's language. */
export async function phrasesFor(request: Request, context: AppLoadContext, selectors: readonly string[]): Promise<DictionaryPhrases> {
  return pickPhrases(await dictionary(context, (await answeringLocation(request, context)).language), selectors);
}

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
 * What one request has read: the root's loader and the page's run side by side and read the same
 * layout and the same session, once.
 */
interface RequestReads {
  layouts: Map<string, Promise<LayoutServiceData>>;
  account?: Promise<ShellAccount>;
}
const requestReads = new WeakMap<AppLoadContext, RequestReads>();

function readsOf(context: AppLoadContext): RequestReads {
  let reads = requestReads.get(context);
  if (!reads) requestReads.set(context, (reads = { layouts: new Map() }));
  return reads;
}

/** The layout of a page, fetched once per request (a failure too: both loaders see it). */
function pageLayout(context: AppLoadContext, location: PageLocation): Promise<LayoutServiceData> {
  const { layouts } = readsOf(context);
  const key = `${location.language}|${location.itemPath}`;
  let layout = layouts.get(key);
  if (!layout) {
    layout = timed(context.timing, 'layout', () => layoutPort(context).fetchLayout(location.itemPath, LANGUAGES[location.language].sitecoreLanguage));
    layouts.set(key, layout);
    // The other loader may never ask (a page that failed first): no unhandled rejection.
    layout.catch(() => undefined);
  }
  return layout;
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

/** REQ-CMS-12: the content service down is an outage (503, come back later); anything else it did, a fault (500). */
function layoutFault(request: Request, error: unknown, location: PageLocation): never {
  const what = `layout service failed for ${location.itemPath} (${location.language})`;
  if (layoutServiceDown(error)) serviceUnavailable(request, error, what);
  serverFault(request, error, what);
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

/** Sign-in's callback: one address for every language. */
const SIGN_IN_CALLBACK = /^\/login\/callback\/?$/i;

/**
 * Where a request is answered and in which language: its address's, except on sign-in's callback,
 * which answers in the language the sign-in started from (when the browser still says which).
 */
async function answeringLocation(request: Request, context: AppLoadContext): Promise<PageLocation> {
  const location = locatePage(request, context);
  if (!SIGN_IN_CALLBACK.test(location.itemPath)) return location;
  return { ...location, language: (await signInLanguage(request, context)) ?? location.language };
}

export interface ErrorPayload {
  errorId: string;
}


export interface PageData extends PageLocation {
  /** The page's route without the header and footer: the shell sends those (ShellData.chrome). */
  route: RouteData;
  /**
   * The language, account and header and footer this page was made for (shellKeyOf): when the
   * shell the browser holds has another, it asks for the shell again (CmsPage).
   */
  shellKey: string;
  /**
   * Phrases of what the page shows instead of its renderings (the expired-session dialog). The
   * renderings' own come from the page-phrases route (loadCmsPagePhrases), which the browser keeps
   * while the path stays the same.
   */
  phrases?: DictionaryPhrases;
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
    data = await pageLayout(context, location);
  } catch (error) {
    layoutFault(request, error, location);
  }
  if (!data.sitecore.route) throw routeData<ErrorPayload>({ errorId: newErrorId() }, { status: 404 });
  const target = redirectTarget(data.sitecore.route);
  if (target) throw redirect(`${localizedPath(location.language, target.pathname)}${target.search}${target.hash}`, 301);
  const route = prepareRoute(data.sitecore.route, plugins.components, location.itemPath);
  const access = await checkAccess(request, context, route);
  if (access !== 'open') responseHeaders.set('Cache-Control', 'private, no-store');
  const shellKeyLoading = visitorAccount(request, context).then((account) => shellKeyOf(location.language, account, route.placeholders));
  // Awaited below unless a rendering answers first (a redirect): its failure is then nobody's.
  shellKeyLoading.catch(() => undefined);
  if (access === 'expired') {
    // REQ-AUTH-5: signed in before, session over: the page says so and offers to sign in again;
    // nothing of the protected content is sent.
    if (route.placeholders) route.placeholders['jss-main'] = [];
    const phrases = pickPhrases(await dictionary(context, location.language), AUTH_REQUIRED_PHRASES);
    return { ...location, route: withoutChrome(route), shellKey: await shellKeyLoading, phrases, status: 401, authRequired: true };
  }
  const sharedKind = access === 'open' && anonymousRead(request) ? sharedKindOf(route.placeholders, plugins.server) : undefined;
  let search: SearchBeacon | undefined;
  const recordSearch = (event: SearchBeacon) => void (search = event);
  const { allMainUnavailable, failed, clientError } = await timed(context.timing, 'loaders', () =>
    loadRenderingData(route, { request, context, language: location.language, itemPath: location.itemPath, responseHeaders, phrases: dictionary(context, location.language), recordSearch }, plugins.server),
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
  return {
    ...location,
    route: withoutChrome(route),
    shellKey: await shellKeyLoading,
    beacon,
    ...(preloads.length ? { modulePreloads: preloads } : {}),
    ...(Object.keys(renderingModules).length ? { renderingModules } : {}),
    ...(status ? { status } : {}),
  };
}

/** What the header shows of the visitor's account (never tokens). */
export interface ShellAccount {
  state: 'signed-in' | 'expired' | 'anonymous';
  displayName?: string;
  groups?: string[];
}

/**
 * The root loader's data: what the shell renders on every page of a language (use-site-shell.ts
 * adds what follows from the address). The browser keeps it while the visitor stays in the
 * language: a navigation does not ask for it again (root.tsx shouldRevalidate) unless the page's
 * shellKey says it changed.
 */
export interface ShellData {
  language: SiteLanguage;
  account: ShellAccount;
  tag: string;
  phrases: DictionaryPhrases;
  /** The global and Chinese origins the alternates of every page are made from. */
  origins: SiteOrigins;
  /** The header's and footer's placeholders (the same on the pages of a language). */
  chrome?: PlaceholdersData;
  /** What a page's shellKey is compared with. */
  key: string;
}

/** The header and footer: the shell's, sent once, not with each page. */
const CHROME_PLACEHOLDERS = ['jss-header', 'jss-footer'];

/** The phrases of the dialog a page shows instead of its content when the session has ended. */
const AUTH_REQUIRED_PHRASES = ['auth.requiredTitle', 'auth.requiredQuestion', 'auth.requiredText', 'auth.signInAgain', 'auth.yes', 'auth.no'];

function chromeOf(placeholders: PlaceholdersData | undefined): PlaceholdersData {
  return Object.fromEntries(CHROME_PLACEHOLDERS.flatMap((name) => (placeholders?.[name] ? [[name, placeholders[name]]] : [])));
}

function withoutChrome(route: RouteData): RouteData {
  if (!route.placeholders) return route;
  return { ...route, placeholders: Object.fromEntries(Object.entries(route.placeholders).filter(([name]) => !CHROME_PLACEHOLDERS.includes(name))) };
}

/** Kept per placeholder list (the layout port's cache hands the same objects out again). */
const chromeKeys = new WeakMap<object, string>();

/**
 * A short fingerprint of the language, the account as the header shows it and the header's and
 * footer's content: equal for the shell and a page when the shell the browser holds fits the page.
 */
function shellKeyOf(language: SiteLanguage, account: ShellAccount, placeholders: PlaceholdersData | undefined): string {
  const header = placeholders?.['jss-header'];
  let chrome = header ? chromeKeys.get(header) : undefined;
  if (chrome === undefined) {
    chrome = createHash('sha1').update(JSON.stringify(chromeOf(placeholders))).digest('base64url').slice(0, 12);
    if (header) chromeKeys.set(header, chrome);
  }
  const who = account.state === 'signed-in' ? createHash('sha1').update(JSON.stringify([account.displayName, account.groups])).digest('base64url').slice(0, 8) : account.state;
  return `${language}.${who}.${chrome}`;
}

/**
 * The visitor's account as the header shows it, once per request (the root's and the page's
 * loaders both need it), keeping a signed-in session's tokens fresh. The session store being down
 * is a 503 (faults.server.ts).
 */
function visitorAccount(request: Request, context: AppLoadContext): Promise<ShellAccount> {
  const reads = readsOf(context);
  reads.account ??= (async (): Promise<ShellAccount> => {
    // No session cookie, no account: nothing to read.
    if (!/(?:^|;)\s*session=/.test(request.headers.get('cookie') ?? '')) return { state: 'anonymous' };
    const session = await sessionState(request, context);
    if (session.kind === 'signed-in') await keepSessionFresh(request, context, session.sid);
    return session.kind === 'anonymous' ? { state: 'anonymous' } : { state: session.kind, displayName: session.user.displayName, groups: session.user.groups };
  })();
  return reads.account;
}

/**
 * An error answer (4xx, 5xx) carries the phrases of its message when the shell does not have them
 * (SHELL_PHRASES keeps only the generic ones): the error page says what was wrong in the page's
 * language, with JavaScript and without.
 */
async function withErrorPhrases<T>(request: Request, context: AppLoadContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const status = isDataAnswer(error) ? error.init?.status : undefined;
    if (!isDataAnswer(error) || status === undefined || status < 400) throw error;
    const payload: object = error.data && typeof error.data === 'object' ? error.data : {};
    const key = errorMessageKey(status, payload);
    if ('phrases' in payload || isShellPhrase(`${key}.title`)) throw error;
    let language: SiteLanguage;
    try {
      language = (await answeringLocation(request, context)).language;
    } catch {
      throw error;
    }
    const phrases = pickPhrases(await dictionary(context, language), [`${key}.title`, `${key}.text`]);
    throw routeData({ ...payload, phrases }, error.init ?? undefined);
  }
}

/** What every page needs whatever its content: language, the account, UI strings, header and footer. */
export function loadShell(request: Request, context: AppLoadContext): Promise<ShellData> {
  return withErrorPhrases(request, context, () => withFaultIds(request, 'the page shell failed', () => timed(context.timing, 'shell', () => shellOf(request, context))));
}

/** The header and footer of the page asked for; of the language's home page when there is no such page (an error page). */
async function chromeFor(context: AppLoadContext, location: PageLocation): Promise<PlaceholdersData | undefined> {
  for (const itemPath of location.itemPath === '/' ? ['/'] : [location.itemPath, '/']) {
    try {
      const route = (await pageLayout(context, { ...location, itemPath })).sitecore.route;
      if (!route) continue;
      // Readied like the page's (unknown renderings dropped); both may do it, it changes nothing twice.
      return chromeOf(prepareRoute({ ...route, placeholders: chromeOf(route.placeholders) }, registry, itemPath).placeholders);
    } catch {
      // The page's own loader reports a layout service that fails; the shell goes without.
      return undefined;
    }
  }
  return undefined;
}

async function shellOf(request: Request, context: AppLoadContext): Promise<ShellData> {
  const location = await answeringLocation(request, context);
  refreshLoggerSettings(context);
  const url = new URL(request.url);
  const [dictionaryPhrases, chrome] = await Promise.all([dictionary(context, location.language), chromeFor(context, location)]);
  const origins = siteOrigins(url, context.config.zhHostSuffixes, context.config);
  const shell = (account: ShellAccount): ShellData => ({
    language: location.language,
    account,
    tag: LANGUAGES[location.language].tag,
    phrases: shellPhrases(dictionaryPhrases),
    origins,
    ...(chrome ? { chrome } : {}),
    key: shellKeyOf(location.language, account, chrome),
  });
  const account = await visitorAccount(request, context).catch(async (error: unknown) => {
    // The session store is down (503): the error page still speaks the page's language.
    if (!isDataAnswer(error) || error.init?.status !== 503) throw error;
    throw routeData({ ...(error.data as object), shell: shell({ state: 'anonymous' }) }, error.init);
  });
  return shell(account);
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
  return pagePhrases(await dictionary(context, location.language), renderingPhraseNamespaces(plugins.components, route.placeholders));
}

/** The loader of the page-phrases route, the CMS pages' pathless parent (remix.config.js). */
export async function loadCmsPagePhrases({ request, context }: LoaderFunctionArgs): Promise<{ phrases: DictionaryPhrases }> {
  return { phrases: await timed(context.timing, 'page-phrases', () => loadPagePhrases(request, context)) };
}

/** The loader of every CMS page (index and splat routes). */
export function loadCmsPage({ request, context }: LoaderFunctionArgs) {
  return withErrorPhrases(request, context, () =>
    withFaultIds(request, 'the page failed', async () => {
      const headers = new Headers();
      const page = await timed(context.timing, 'page', () => loadRoute(request, context, headers));
      context.timing?.mark('data');
      return routeData(page, { headers, status: page.status ?? 200 });
    }),
  );
}

/** The page's renderings that take form posts. */
async function formRenderingsOf(request: Request, location: PageLocation, context: AppLoadContext): Promise<ComponentRendering[]> {
  let data;
  try {
    data = await layoutPort(context).fetchLayout(location.itemPath, LANGUAGES[location.language].sitecoreLanguage);
  } catch (error) {
    layoutFault(request, error, location);
  }
  return (data.sitecore.route?.placeholders?.['jss-main'] ?? []).filter(
    (entry): entry is ComponentRendering => 'componentName' in entry && serverRegistry.action(entry.componentName) !== undefined,
  );
}

/** Form posts to a CMS page go to the plugin of the rendering they name (`_component`). */
export function cmsPageAction(args: ActionFunctionArgs) {
  return withErrorPhrases(args.request, args.context, () => withFaultIds(args.request, 'the form post failed', () => formAction(args)));
}

/** The root route's own refusal (a post no page takes), in the page's language. */
export function refuseAtRoot(request: Request, context: AppLoadContext, refuse: (shell: ShellData) => unknown): Promise<never> {
  return withErrorPhrases(request, context, async () => {
    throw refuse(await loadShell(request, context));
  });
}

/**
 * The action of a page that takes no form (the header box's search, sign-in and its answer): a
 * method with a body is 405, on the error page in the page's language; without it Remix answers
 * that 405 itself, titled "Unexpected Server Error" (issue 31).
 */
export function readOnlyPageAction({ request, context }: ActionFunctionArgs): Promise<never> {
  return refuseAtRoot(request, context, (shell) => methodNotAllowed(READ_ONLY_PAGE_METHODS, shell));
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
