import type { AnyComponentDefinition } from './types.ts';
import { listComponentManifests } from './manifest.ts';
import { registry } from './registry.ts';
import { renderingNames, type RenderingModules } from './component-modules.ts';

/**
 * componentName to its module, for every rendering the browser fetches on demand: all but the site
 * chrome (its header and footer ship with every page), as the manifests name them.
 */
export const RENDERING_MODULES: Readonly<RenderingModules> = Object.freeze(
  Object.fromEntries(listComponentManifests().filter((manifest) => manifest.plugin !== 'site-chrome').map((manifest) => [manifest.name, manifest.module] as const)),
);

/** The definition of a rendering loaded on demand, as its module exports it. */
export function componentDefinition(name: string): AnyComponentDefinition | undefined {
  return RENDERING_MODULES[name] ? registry.getComponent(name) : undefined;
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
