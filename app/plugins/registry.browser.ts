import type { RenderingLookup } from './create-registry.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from './search/sections.ts';
import { EVERY_PAGE_RENDERINGS } from './site-chrome/every-page.ts';
import { isComponentDefinition, type AnyComponentDefinition } from './types.ts';

/**
 * The registry as the browser has it (vite.config.ts puts this module in place of registry.ts in
 * the client build only; the server, the CLI and the tests keep registry.ts). Its components are
 * the same, but each rendering's module is fetched when a page has it, so the first load is not
 * every plugin's code. The document preloads the modules its renderings need and entry.client
 * waits for them before hydrating; a client navigation to a page with a rendering not yet loaded
 * suspends inside the navigation's transition, so the page shown stays until it has arrived.
 */
// Each `.tsx` directly in a plugin's folder is a module the browser may fetch alone, so it is a
// chunk of its own: renderings, and parts that several renderings share. A part of one rendering
// lives in a subfolder (search/results/, catalogue/views/), where Rollup bundles it with the
// rendering that imports it instead of loading it as one more file (decision 0119).
const loaders = import.meta.glob<Record<string, unknown>>(['./*/*.tsx', '!./*/*.test.tsx']);

const loaded = new Map<string, AnyComponentDefinition>();
/** componentName to module, as pages have named them (their data carries their renderings'). */
const known = new Map<string, string>();
const loading = new Map<string, Promise<void>>();
// The header and footer render on every page: they come with the first load.
for (const definition of EVERY_PAGE_RENDERINGS) loaded.set(definition.name, definition);

function loadModule(module: string): Promise<void> {
  let promise = loading.get(module);
  if (!promise) {
    const load = loaders[`./${module}`];
    if (!load) throw new Error(`the page names ${module}, which is not a plugin module`);
    promise = load().then(async (exports) => {
      // A module that fetches more code for the page it is on (the catalogue's listing) exports
      // `ready`: hydration waits for it too, so the first render has it without suspending.
      if (exports.ready instanceof Promise) await exports.ready;
      for (const value of Object.values(exports)) if (isComponentDefinition(value)) loaded.set(value.name, value);
    });
    // A failed fetch (a deploy replaced the chunk) may be retried by the next navigation.
    promise.catch(() => loading.delete(module));
    loading.set(module, promise);
  }
  return promise;
}

/**
 * The modules the document preloads for its renderings (CmsPage's meta): hydration waits for them,
 * so the first render in the browser matches the server's markup without suspending.
 */
export function preloadDocumentModules(): Promise<void> {
  const modules = [...document.querySelectorAll<HTMLLinkElement>('link[data-rendering-module]')].map((link) => link.dataset.renderingModule ?? '');
  return Promise.all(modules.filter((module) => `./${module}` in loaders).map(loadModule)).then(() => undefined);
}

/** Fetches the modules of the named renderings; resolves once each can render. */
export function preloadComponents(names: Iterable<string>): Promise<void> {
  const modules = new Set<string>();
  for (const name of names) {
    const module = loaded.has(name) ? undefined : known.get(name);
    if (module) modules.add(module);
  }
  return Promise.all([...modules].map(loadModule)).then(() => undefined);
}

export const registry: RenderingLookup = {
  getComponent(name) {
    const definition = loaded.get(name);
    if (definition || !known.has(name)) return definition;
    // Not fetched yet: suspend the rendering until it is (React retries it then).
    throw preloadComponents([name]);
  },
  componentNames: () => [...new Set([...loaded.keys(), ...known.keys()])].sort(),
  learnModules(modules) {
    for (const [name, module] of Object.entries(modules)) if (`./${module}` in loaders) known.set(name, module);
  },
  preload: preloadComponents,
  searchTabs: () => SEARCH_TABS,
  searchScopes: () => SEARCH_SCOPES,
};
