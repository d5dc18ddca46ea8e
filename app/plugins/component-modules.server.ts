import type { ComponentDefinition } from './types.ts';
import { renderingNames, type RenderingModules } from './component-modules.ts';

// Every plugin module but the site chrome (its header and footer ship with every page), read
// here as the server's registry reads them: the module that exports a rendering is its module.
const modules = import.meta.glob<Record<string, unknown>>(['./*/*.tsx', '!./*/*.test.tsx', '!./site-chrome/*.tsx'], { eager: true });

function isDefinition(value: unknown): value is ComponentDefinition {
  return typeof value === 'object' && value !== null && typeof (value as ComponentDefinition).name === 'string' && 'Component' in value;
}

const definitions = Object.entries(modules).flatMap(([file, exports]) =>
  Object.values(exports)
    .filter(isDefinition)
    .map((definition) => ({ definition, module: file.slice(2) })),
);

/** componentName to its module, for every rendering the browser fetches on demand. */
export const RENDERING_MODULES: Readonly<RenderingModules> = Object.freeze(Object.fromEntries(definitions.map(({ definition, module }) => [definition.name, module] as const)));

const DEFINITIONS = new Map(definitions.map(({ definition }) => [definition.name, definition]));

/** The definition of a rendering loaded on demand, as its module exports it. */
export function componentDefinition(name: string): ComponentDefinition | undefined {
  return DEFINITIONS.get(name);
}

/** The module of a rendering loaded on demand; undefined for one every page carries (header, footer). */
export function componentModule(name: string): string | undefined {
  return RENDERING_MODULES[name];
}

/** The modules of the renderings in a page's layout data, by componentName. */
export function pageRenderingModules(placeholders: unknown): RenderingModules {
  const out: RenderingModules = {};
  for (const name of renderingNames(placeholders)) {
    const module = componentModule(name);
    if (module) out[name] = module;
  }
  return out;
}
