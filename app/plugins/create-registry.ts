import type { RenderingModules } from './component-modules.ts';
import { checkManifests } from './manifest.ts';
import type { ComponentManifest, PluginManifest } from './manifest-types.ts';
import type { SearchSectionDefinition } from './search/definitions.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from './search/sections.ts';
import { isComponentDefinition, type AnyComponentDefinition } from './types.ts';

/** What a page's renderings need to render (the server's registry and the browser's both answer it). */
export interface RenderingLookup {
  getComponent(name: string): AnyComponentDefinition | undefined;
  componentNames(): string[];
  searchTabs(): readonly SearchSectionDefinition[];
  searchScopes(): readonly SearchSectionDefinition[];
  /** The browser's registry learns where a page's renderings live (the server's has them all). */
  learnModules?(modules: RenderingModules): void;
  /** The browser's registry fetches the named renderings' modules (the page editor draws them all). */
  preload?(names: Iterable<string>): Promise<void>;
}

/** The server's registry: every rendering with its manifest (app/plugins/manifest.ts) and its component. */
export interface ComponentRegistry extends RenderingLookup {
  plugins: readonly PluginManifest[];
  getManifest(name: string): ComponentManifest | undefined;
}

/**
 * The components the manifests name, from the modules they name (`{ './content/HeroBanner.tsx':
 * exports }`, as import.meta.glob gives them): a manifest whose module does not export its
 * rendering, and a rendering exported that no manifest lists, are refused.
 */
export function definitionsFromModules(plugins: readonly PluginManifest[], modules: Readonly<Record<string, Record<string, unknown>>>, prefix = './'): AnyComponentDefinition[] {
  const problems: string[] = [];
  const listed = new Map(plugins.flatMap((plugin) => plugin.renderings.map((rendering) => [rendering.name, rendering] as const)));
  const out: AnyComponentDefinition[] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const definition of Object.values(exports).filter(isComponentDefinition)) {
      const manifest = listed.get(definition.name);
      if (!manifest) problems.push(`${file} exports rendering "${definition.name}", which no plugin manifest lists`);
      else if (`${prefix}${manifest.module}` !== file) problems.push(`${file} exports rendering "${definition.name}", whose manifest names module ${manifest.module}`);
      else out.push(definition);
    }
  }
  for (const manifest of listed.values()) {
    if (!modules[`${prefix}${manifest.module}`]) problems.push(`rendering "${manifest.name}": its manifest names module ${manifest.module}, which does not exist`);
  }
  if (problems.length) throw new Error(`The plugin manifests and their modules disagree:\n  ${problems.join('\n  ')}`);
  return out;
}

/** Joins the manifests to their components, refusing a rendering without the other half. */
export function createRegistry(plugins: readonly PluginManifest[], definitions: readonly AnyComponentDefinition[]): ComponentRegistry {
  checkManifests(plugins);
  const manifests = new Map(plugins.flatMap((plugin) => plugin.renderings.map((rendering) => [rendering.name, rendering] as const)));
  const components = new Map<string, AnyComponentDefinition>();
  const problems: string[] = [];
  for (const definition of definitions) {
    if (components.has(definition.name)) problems.push(`Component "${definition.name}" is registered twice`);
    else if (!manifests.has(definition.name)) problems.push(`Component "${definition.name}" has no manifest`);
    components.set(definition.name, definition);
  }
  for (const name of manifests.keys()) if (!components.has(name)) problems.push(`Component "${name}" has a manifest but no rendering exports it`);
  if (problems.length) throw new Error(problems.join('\n'));
  return {
    plugins,
    getComponent: (name) => components.get(name),
    getManifest: (name) => manifests.get(name),
    componentNames: () => [...components.keys()].sort(),
    // The search page's tabs and scopes (REQ-SEARCH-2, REQ-SEARCH-3), one table in search/sections.ts.
    searchTabs: () => SEARCH_TABS,
    searchScopes: () => SEARCH_SCOPES,
  };
}
