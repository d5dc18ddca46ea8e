import { registry } from './registry.ts';
import { createServerRegistry, type ServerPlugin } from './server-registry.server.ts';

/**
 * Every plugin's server half, found by its file name (`<plugin>/renderings.server.ts`) the file each
 * manifest's `server` names, so that manifest.ts stays the one list of plugins; the server refuses
 * to start when a server half and its plugin's manifests disagree.
 */
const modules = import.meta.glob<Record<string, unknown>>('./*/renderings.server.ts', { eager: true });

function isServerPlugin(value: unknown): value is ServerPlugin {
  return typeof value === 'object' && value !== null && typeof (value as ServerPlugin).plugin === 'string' && typeof (value as ServerPlugin).renderings === 'object';
}

export function serverPluginsOf(found: Record<string, Record<string, unknown>>): ServerPlugin[] {
  return Object.entries(found).map(([file, exports]) => {
    const declared = Object.values(exports).filter(isServerPlugin);
    if (declared.length !== 1) throw new Error(`${file} must export exactly one server plugin declaration ({ plugin, renderings }), found ${declared.length}`);
    const plugin = declared[0]!;
    const folder = file.split('/').at(-2);
    if (plugin.plugin !== folder) throw new Error(`${file} declares plugin "${plugin.plugin}" but lies in the folder of plugin "${folder}"`);
    return plugin;
  });
}

/** The server half of every plugin in the folder, in no particular order. */
export const siteServerPlugins: readonly ServerPlugin[] = serverPluginsOf(modules);

export const serverRegistry = createServerRegistry(registry, siteServerPlugins);
