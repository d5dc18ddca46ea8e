import type { ComponentDefinition, SitePlugin } from './types.ts';

export interface ComponentRegistry {
  plugins: readonly SitePlugin[];
  getComponent(name: string): ComponentDefinition | undefined;
  componentNames(): string[];
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
  }
  return {
    plugins,
    getComponent: (name) => components.get(name),
    componentNames: () => [...components.keys()].sort(),
  };
}
