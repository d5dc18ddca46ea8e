import type { RenderingModules } from './component-modules.ts';
import type { SearchSectionDefinition } from './search/definitions.ts';
import type { ComponentDefinition, SitePlugin } from './types.ts';

export interface ComponentRegistry {
  plugins: readonly SitePlugin[];
  getComponent(name: string): ComponentDefinition | undefined;
  componentNames(): string[];
  searchTabs(): readonly SearchSectionDefinition[];
  searchScopes(): readonly SearchSectionDefinition[];
  /** The browser's registry learns where a page's renderings live (the server's has them all). */
  learnModules?(modules: RenderingModules): void;
}

function collect(plugins: readonly SitePlugin[], pick: (plugin: SitePlugin) => readonly SearchSectionDefinition[] | undefined, what: string) {
  const seen = new Map<string, string>();
  const out: SearchSectionDefinition[] = [];
  for (const plugin of plugins) {
    for (const section of pick(plugin) ?? []) {
      if (seen.has(section.id)) throw new Error(`Search ${what} "${section.id}" is registered twice (plugins "${seen.get(section.id)}" and "${plugin.name}")`);
      seen.set(section.id, plugin.name);
      out.push(section);
    }
  }
  return out;
}

export function createRegistry(plugins: readonly SitePlugin[]): ComponentRegistry {
  const components = new Map<string, ComponentDefinition>();
  for (const plugin of plugins) {
    for (const definition of plugin.components ?? []) {
      const existing = components.get(definition.name);
      if (existing) {
        throw new Error(`Component "${definition.name}" is registered twice (plugin "${plugin.name}")`);
      }
      components.set(definition.name, definition);
    }
    for (const name of plugin.serverRenderings ?? []) {
      if (!plugin.components?.some((definition) => definition.name === name)) throw new Error(`Plugin "${plugin.name}" names "${name}" in serverRenderings but has no component of that name`);
    }
  }
  const tabs = collect(plugins, (plugin) => plugin.searchTabs, 'tab');
  const scopes = collect(plugins, (plugin) => plugin.searchScopes, 'scope');
  return {
    plugins,
    getComponent: (name) => components.get(name),
    componentNames: () => [...components.keys()].sort(),
    searchTabs: () => tabs,
    searchScopes: () => scopes,
  };
}
