import type { DataAnswer } from '~/lib/route-answer.server.ts';
import type { AppLoadContext } from '@remix-run/node';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import type { SiteLanguage } from '~/cms/language.ts';
import type { SearchBeacon } from '~/lib/page-beacon.server.ts';
import type { SharedCacheKind } from '../../server/config.ts';
import type { ComponentRegistry } from './create-registry.ts';

/**
 * The server half of a plugin: what its renderings load, what their forms post to and who may
 * keep the page they are on. It sits in the plugin's `renderings.server.ts`, which each rendering's
 * manifest points to (`server`), so no server code reaches the browser; both are keyed by
 * componentName and checked against each other when the server registry is built.
 */

export interface RenderingLoaderArgs {
  request: Request;
  context: AppLoadContext;
  language: SiteLanguage;
  /** The page's item path (language prefix removed), as the layout service was asked for it. */
  itemPath: string;
  /** The rendering being loaded: its fields (the datasource item's) and params, as the layout service sent them. */
  rendering: ComponentRendering;
  /** Headers for the page's response (cookies). */
  responseHeaders: Headers;
  /** The search this rendering ran, for the page's analytics beacon (decision 0049). */
  recordSearch: (event: SearchBeacon) => void;
  /** The UI strings of the page's language (never failing: empty when the dictionary is down). */
  phrases: Promise<DictionaryPhrases>;
  /** The rendering's service is down: a page with nothing else is served as 503. */
  markUnavailable: () => void;
  /**
   * The page answers this status though it renders (bad parameters: 4xx; a service answering
   * nonsense: 502); the first rendering to say so wins.
   */
  markStatus: (status: number) => void;
}

/**
 * Server data for a rendering that needs more than its CMS fields; the component gets it as
 * `data`. A Response thrown (redirect, 404) answers the whole page; anything else thrown is this
 * rendering's fault only: it shows its error block and the rest of the page renders.
 */
export type RenderingDataLoader<TData = unknown> = (args: RenderingLoaderArgs) => Promise<TData>;

/**
 * A form post to a CMS page, by the componentName the form names in `_component`: the rendering's
 * plugin answers (a redirect, or data for the page to show again with its errors).
 */
export type RenderingAction = (args: { request: Request; context: AppLoadContext; language: SiteLanguage; form: FormData; rendering: ComponentRendering }) => Promise<Response | DataAnswer>;

/**
 * Who may keep a page holding this rendering (decision 0049). `{ shared: kind }`: its data is the
 * same for every anonymous visitor at one address, and the page is cached as that kind;
 * 'personal': the page is made for one visitor (forms: an idempotency key, a signed-in prefill).
 */
export type RenderingCachePolicy = { shared: SharedCacheKind } | 'personal';

export type ServerRendering<TData = unknown> =
  | { load: RenderingDataLoader<TData>; cache: RenderingCachePolicy; action?: RenderingAction }
  // A rendering with a form only: what it shows comes from its CMS fields, so it never makes a page personal.
  | { load?: undefined; cache?: undefined; action: RenderingAction };

/**
 * `Data` is the plugin's map of rendering data (componentName to what its loader returns; a
 * rendering without a loader maps to `undefined`), kept in a client-safe module beside the
 * components, which take their `data` type from the same map: a loader and its component cannot
 * disagree without the typecheck saying so.
 */
export interface ServerPlugin<Data extends object = Record<string, unknown>> {
  /** The `name` of the plugin's manifest (its folder). */
  plugin: string;
  renderings: { readonly [Name in keyof Data]: ServerRendering<Data[Name]> };
}

export interface ServerRegistry {
  loader(componentName: string): RenderingDataLoader | undefined;
  action(componentName: string): RenderingAction | undefined;
  /** The cache policy of a rendering with a loader; undefined for one without (plain content). */
  cache(componentName: string): RenderingCachePolicy | undefined;
}

/**
 * Joins the server halves to the registry of components, refusing any mismatch: a server
 * declaration for a plugin the manifests do not list, for a rendering its plugin has no manifest
 * for, or missing for a rendering whose manifest points to a server half.
 */
export function createServerRegistry(components: ComponentRegistry, serverPlugins: readonly ServerPlugin[]): ServerRegistry {
  const renderings = new Map<string, ServerRendering>();
  const problems: string[] = [];
  const byName = new Map(components.plugins.map((plugin) => [plugin.name, plugin]));
  const declared = new Set<string>();
  for (const server of serverPlugins) {
    const plugin = byName.get(server.plugin);
    if (!plugin) {
      problems.push(`server renderings of plugin "${server.plugin}": no plugin of that name is registered`);
      continue;
    }
    declared.add(plugin.name);
    const own = new Set(plugin.renderings.map((rendering) => rendering.name));
    const expected = new Set(plugin.renderings.filter((rendering) => rendering.server).map((rendering) => rendering.name));
    for (const [name, rendering] of Object.entries(server.renderings)) {
      if (!own.has(name)) problems.push(`plugin "${plugin.name}": rendering "${name}" has a server declaration but no manifest`);
      else if (!expected.has(name)) problems.push(`plugin "${plugin.name}": rendering "${name}" has a server declaration its manifest does not point to (server: true)`);
      if (renderings.has(name)) problems.push(`rendering "${name}" has two server declarations`);
      renderings.set(name, rendering);
    }
    for (const name of expected) {
      if (!Object.hasOwn(server.renderings, name)) problems.push(`plugin "${plugin.name}": rendering "${name}" has a server half in its manifest but renderings.server.ts declares nothing for it`);
    }
  }
  for (const plugin of components.plugins) {
    const withServer = plugin.renderings.filter((rendering) => rendering.server).map((rendering) => rendering.name);
    if (withServer.length && !declared.has(plugin.name)) {
      problems.push(`plugin "${plugin.name}": ${withServer.join(', ')} have a server half in the manifest but no renderings.server.ts is registered`);
    }
  }
  if (problems.length) throw new Error(`The plugins' server declarations do not match their components:\n  ${problems.join('\n  ')}`);
  return {
    loader: (name) => renderings.get(name)?.load,
    action: (name) => renderings.get(name)?.action,
    cache: (name) => renderings.get(name)?.cache,
  };
}
