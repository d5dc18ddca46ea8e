import { createRegistry, definitionsFromModules } from './create-registry.ts';
import { PLUGIN_MANIFESTS } from './manifest.ts';

/**
 * The server's registry of renderings, derived from the plugin manifests (manifest.ts, the only
 * list): each manifest's component is what its module exports. The browser gets registry.browser.ts
 * in its place (vite.config.ts), which fetches a rendering's module when a page has it.
 */
const modules = import.meta.glob<Record<string, unknown>>(['./*/*.tsx', '!./*/*.test.tsx'], { eager: true });

export const registry = createRegistry(PLUGIN_MANIFESTS, definitionsFromModules(PLUGIN_MANIFESTS, modules));
