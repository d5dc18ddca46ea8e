import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const PLUGINS_DIR = path.resolve('app/plugins');
const REGISTRY = path.join(PLUGINS_DIR, 'registry.ts');
const BROWSER_REGISTRY = path.join(PLUGINS_DIR, 'registry.browser.ts');
/** Read by app/plugins/module-preloads.server.ts. */
export const COMPONENT_CHUNKS_FILE = 'component-chunks.json';

/**
 * Renderings fetched on demand in the browser (decision 0059):
 * - the browser gets registry.browser.ts wherever registry.ts is imported (the server keeps the
 *   registry that imports every component: its loaders read their metadata synchronously);
 * - the client build writes build/component-chunks.json: for each plugin module the browser
 *   imports on demand, its chunk and the chunks that chunk imports, so the server can name them
 *   in `<link rel="modulepreload">` for the renderings a page has.
 */
export function lazyComponents(): Plugin {
  let outDir = '';
  return {
    name: 'voltaris-lazy-components',
    enforce: 'pre',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async resolveId(source, importer, options) {
      if (options?.ssr || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === REGISTRY && importer !== BROWSER_REGISTRY ? BROWSER_REGISTRY : null;
    },
    writeBundle(_options, bundle) {
      if (this.environment?.config.consumer === 'server' || !outDir.endsWith(`${path.sep}client`)) return;
      const chunks = new Map<string, { file: string; imports: string[] }>();
      for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, { file: output.fileName, imports: output.imports });
      const closure = (file: string, into: Set<string>) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of chunks.get(file)?.imports ?? []) closure(imported, into);
        return into;
      };
      // What every document loads already (the entry and the root route's chunks) is not named again.
      const everywhere = new Set<string>();
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.isEntry && /[\\/]app[\\/](entry\.client|root)\.tsx$/.test(output.facadeModuleId ?? '')) closure(output.fileName, everywhere);
      }
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isDynamicEntry || !output.facadeModuleId?.startsWith(PLUGINS_DIR + path.sep)) continue;
        const module = path.relative(PLUGINS_DIR, output.facadeModuleId).split(path.sep).join('/');
        modules[module] = [...closure(output.fileName, new Set())].filter((file) => file === output.fileName || !everywhere.has(file)).map((file) => `/${file}`);
      }
      mkdirSync(path.dirname(outDir), { recursive: true });
      writeFileSync(path.join(path.dirname(outDir), COMPONENT_CHUNKS_FILE), `${JSON.stringify(modules, null, 1)}\n`);
    },
  };
}
