import type { AppLoadContext } from '@remix-run/node';
import type { LayoutServiceData } from '@sitecore-jss/sitecore-jss/layout';
import { serverFault, serviceUnavailable, type FaultContext } from '~/lib/faults.server.ts';
import { timed } from '../../server/server-timing.ts';
import { editingPage } from './editing.server.ts';
import { LANGUAGES } from './language.ts';
import { createLayoutPort, layoutServiceDown, type LayoutPort } from './layout-service.server.ts';
import type { PageLocation, ShellAccount } from './page-data.ts';

// The layout service as one request reads it: one port per configuration, each page's layout
// fetched once per request (the root's and the page's loaders run side by side).

let cachedPort: { key: string; fetch: typeof fetch | undefined; port: LayoutPort } | undefined;

export function layoutPort(context: AppLoadContext): LayoutPort {
  const { layout, mode } = context.config;
  // A new version of the content (the page editor published, a file changed) starts a new cache.
  const key = JSON.stringify([layout.apiHost, layout.apiKey, layout.siteName, layout.timeoutMs, layout.cacheSeconds, mode, context.contentVersion?.()]);
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

export function readsOf(context: AppLoadContext): RequestReads {
  let reads = requestReads.get(context);
  if (!reads) requestReads.set(context, (reads = { layouts: new Map() }));
  return reads;
}

/** The layout of a page, fetched once per request (a failure too: both loaders see it). */
export function pageLayout(context: AppLoadContext, location: PageLocation): Promise<LayoutServiceData> {
  // Sitecore Pages' page: the preview's layout (drafts), never the layout port's cache (issue 32).
  const editing = editingPage(context);
  if (editing) return editing.then((page) => page.layout);
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

/** REQ-CMS-12: the content service down is an outage (503, come back later); anything else it did, a fault (500). */
export function layoutFault(request: Request, context: FaultContext, error: unknown, location: PageLocation): never {
  const what = `layout service failed for ${location.itemPath} (${location.language})`;
  if (layoutServiceDown(error)) serviceUnavailable(request, context, error, what);
  serverFault(request, context, error, what);
}

