import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const SERVER_DIR = path.resolve('server') + path.sep;
const NAMES_SERVER = /(^|\/)server\//;
/** A static import's or re-export's specifier (`from '…'`), or a dynamic import's literal one. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*)(['"])([^'"\n]+)\2/g;

/**
 * The Remix build takes server/'s modules from the site instead of bundling copies of its own
 * (decision 0097): one `SharedStoreUnavailable`, one logger, one metrics registry per process, so
 * errors crossing from server/ to app/ are matched with `instanceof`.
 *
 * - `vite build` (SSR): an import of a file under server/ stays an import, written relative to
 *   build/server/index.js (`../../server/log.ts`); scripts/build-node.mjs then bundles that build
 *   into the site's entries, where esbuild resolves it to the module the site itself imports.
 *   Under tsx or vitest (tests, benches) the same relative import reaches the site's module too.
 * - `npm run dev` (Vite's SSR module runner beside the site, which runs under tsx): the runner
 *   evaluates its own copy of any file it is handed, and hands Node only `data:` imports; so the
 *   import becomes a `data:` module re-exporting the file's URL, and Node (tsx's loader) answers
 *   with the instance the site already has.
 * The browser's build is untouched: what the client imports from server/ (the languages) is bundled.
 */
export function siteModulesFromTheSite(): Plugin {
  let serving = false;
  let outDir = '';
  const inServer = async (resolve: (source: string) => Promise<{ id: string } | null>, source: string) => {
    if (!NAMES_SERVER.test(source)) return undefined;
    const resolved = await resolve(source);
    return resolved?.id.startsWith(SERVER_DIR) ? resolved.id : undefined;
  };
  return {
    name: 'voltaris-site-modules-from-the-site',
    enforce: 'pre',
    configResolved(config) {
      serving = config.command === 'serve';
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async resolveId(source, importer, options) {
      if (serving || !options?.ssr || !importer || importer.startsWith(SERVER_DIR)) return null;
      const file = await inServer((s) => this.resolve(s, importer, { ...options, skipSelf: true }), source);
      // Rollup would write an absolute external relative to its inputs' common folder, which for
      // Remix's virtual entry is `/`: the import is given as it must read from the built file.
      return file ? { id: path.relative(outDir, file).split(path.sep).join('/'), external: true } : null;
    },
    async transform(code, id, options) {
      if (!serving || !options?.ssr || id.startsWith(SERVER_DIR) || id.includes('/node_modules/') || !NAMES_SERVER.test(code)) return null;
      const replacements = new Map<string, string>();
      for (const [, , , source] of code.matchAll(SPECIFIER)) {
        if (!source || replacements.has(source)) continue;
        const file = await inServer((s) => this.resolve(s, id, { skipSelf: true }), source);
        if (file) replacements.set(source, `data:text/javascript,${encodeURIComponent(`export * from ${JSON.stringify(pathToFileURL(file).href)};`)}`);
      }
      if (!replacements.size) return null;
      return { code: code.replace(SPECIFIER, (all, lead: string, quote: string, source: string) => (replacements.has(source) ? `${lead}${quote}${replacements.get(source)}${quote}` : all)), map: null };
    },
  };
}
