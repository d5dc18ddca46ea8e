import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const SERVER_DIR = path.resolve('server') + path.sep;
const NAMES_SERVER = /(^|\/)server\//;

/**
 * The Remix build takes server/'s modules from the site instead of bundling copies of its own
 * (decision 0097): one `SharedStoreUnavailable`, one logger, one metrics registry per process, so
 * errors crossing from server/ to app/ are matched with `instanceof`.
 *
 * - `vite build` (SSR): an import of a file under server/ stays an import, rendered relative to
 *   build/server/index.js (`../../server/log.ts`); scripts/build-node.mjs then bundles that build
 *   into the site's entries, where esbuild resolves it to the module the site itself imports.
 *   Under tsx or vitest (tests, benches) the same relative import reaches the site's module too.
 * - `npm run dev` (Vite's SSR module runner beside the site running under tsx): the runner would
 *   evaluate its own copy of any file it is given, so the import is handed to Node instead, as a
 *   `data:` module re-exporting the file's URL (the runner passes `data:` imports to Node's
 *   `import()`), and Node (tsx's loader) answers with the site's instance.
 * The browser's build is untouched: what the client imports from server/ (the languages) is bundled.
 */
export function siteModulesFromTheSite(): Plugin {
  let serving = false;
  let outDir = '';
  return {
    name: 'voltaris-site-modules-from-the-site',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async resolveId(source, importer, options) {
      if (!options?.ssr || !importer || !NAMES_SERVER.test(source) || importer.startsWith(SERVER_DIR)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.startsWith(SERVER_DIR)) return null;
      // Rollup would render an absolute external relative to its inputs' common folder, which for
      // Remix's virtual entry is `/`: the import is given as it must read from the built file.
      if (!serving) return { id: path.relative(outDir, resolved.id).split(path.sep).join('/'), external: true };
      return { id: `data:text/javascript,export * from ${JSON.stringify(pathToFileURL(resolved.id).href)};`, external: true };
    },
  };
}
