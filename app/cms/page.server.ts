import { json, redirect, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { newErrorId } from '~/lib/error-id.ts';
import { registry } from '~/plugins/registry.ts';
import { LANGUAGES, alternateUrls, resolveLanguage, siteOrigins, type SiteLanguage } from './language.ts';
import { createLayoutPort, type LayoutPort } from './layout-service.server.ts';
import { prepareRoute } from './prepare-route.server.ts';
import { renderingDataLoaders } from '~/plugins/data-loaders.server.ts';
import type { ComponentRendering, PlaceholdersData } from '@sitecore-jss/sitecore-jss/layout';

/** Renderings whose plugin loads server data get it as `data`, in parallel. */
async function loadRenderingData(route: RouteData, args: Parameters<(typeof renderingDataLoaders)[string]>[0]) {
  const pending: Array<Promise<void>> = [];
  const visit = (placeholders: PlaceholdersData | undefined) => {
    for (const entries of Object.values(placeholders ?? {})) {
      for (const entry of entries) {
        if (!('componentName' in entry)) continue;
        const loader = renderingDataLoaders[entry.componentName];
        if (loader) pending.push(loader(args).then((data) => void ((entry as ComponentRendering & { data?: unknown }).data = data)));
        visit(entry.placeholders);
      }
    }
  };
  visit(route.placeholders);
  await Promise.all(pending);
}

let cachedPort: { key: string; port: LayoutPort } | undefined;

function layoutPort(context: AppLoadContext): LayoutPort {
  const { layout, mode } = context.config;
  const key = JSON.stringify([layout.apiHost, layout.apiKey, layout.siteName, layout.timeoutMs, mode]);
  if (cachedPort?.key !== key) {
    cachedPort = { key, port: createLayoutPort({ ...layout, cacheDictionary: mode === 'production' }) };
  }
  return cachedPort.port;
}

export interface PageLocation {
  language: SiteLanguage;
  itemPath: string;
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

/** Fails closed: the visitor gets an error page with an id; the log gets the cause. */
function serverError(cause: unknown, what: string): never {
  const errorId = newErrorId();
  console.error(`[cms] error ${errorId}: ${what}:`, cause instanceof Error ? cause.message : cause);
  throw json<ErrorPayload>({ errorId }, { status: 500 });
}

export interface PageData extends PageLocation {
  route: RouteData;
}

export async function loadRoute(request: Request, context: AppLoadContext, responseHeaders = new Headers()): Promise<PageData> {
  const location = locatePage(request, context);
  let data;
  try {
    data = await layoutPort(context).fetchLayout(location.itemPath, LANGUAGES[location.language].sitecoreLanguage);
  } catch (error) {
    serverError(error, `layout service failed for ${location.itemPath} (${location.language})`);
  }
  if (!data.sitecore.route) data = await wildcardFallback(layoutPort(context), location, data);
  if (!data.sitecore.route) throw json<ErrorPayload>({ errorId: newErrorId() }, { status: 404 });
  const route = prepareRoute(data.sitecore.route, registry, location.itemPath);
  await loadRenderingData(route, { request, context, language: location.language, responseHeaders });
  return { ...location, route };
}

/**
 * Sitecore wildcard items: an item named `*` (`,-w-,` in SXA URLs and in our content folders)
 * answers for any path below its parent that has no item of its own, so /products/fuses/... is
 * rendered by /products/,-w-, whose components read the real path (docs/decisions/0021).
 * One extra layout request, only for paths two segments deep or more that have no item.
 */
export const WILDCARD_ITEM = ',-w-,';
async function wildcardFallback(port: LayoutPort, location: PageLocation, notFound: Awaited<ReturnType<LayoutPort['fetchLayout']>>) {
  const [first, ...rest] = location.itemPath.split('/').filter(Boolean);
  if (!first || rest.length === 0 || first === WILDCARD_ITEM) return notFound;
  try {
    return await port.fetchLayout(`/${first}/${WILDCARD_ITEM}`, LANGUAGES[location.language].sitecoreLanguage);
  } catch (error) {
    serverError(error, `layout service failed for /${first}/${WILDCARD_ITEM} (${location.language})`);
  }
}

export interface SiteShell extends PageLocation {
  tag: string;
  phrases: DictionaryPhrases;
  alternates: Record<SiteLanguage, string>;
}

/** What every page needs whatever its content: language, UI strings and the URLs of its translations. */
export async function loadShell(request: Request, context: AppLoadContext): Promise<SiteShell> {
  const location = locatePage(request, context);
  const url = new URL(request.url);
  let phrases: DictionaryPhrases = {};
  try {
    phrases = await layoutPort(context).fetchDictionary(LANGUAGES[location.language].sitecoreLanguage);
  } catch (error) {
    // Pages still render without UI strings; the content itself comes from the layout service.
    console.warn(`[cms] dictionary unavailable for ${location.language}:`, error instanceof Error ? error.message : error);
  }
  const origins = siteOrigins(url, context.config.zhHostSuffixes, context.config);
  return {
    ...location,
    tag: LANGUAGES[location.language].tag,
    phrases,
    alternates: alternateUrls(location.itemPath, origins),
  };
}

/** The loader of every CMS page (index and splat routes). */
export async function loadCmsPage({ request, context }: LoaderFunctionArgs) {
  const headers = new Headers();
  const page = await loadRoute(request, context, headers);
  return json(page, { headers });
}
