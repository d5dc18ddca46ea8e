// `npm run build`, after Remix's build: compiles the Node entries to JavaScript, so that what runs
// is what was built (no TypeScript compiler at run time). build/node/server.js is production's entry
// (the site alone), demo.js the demo launcher (the site with its stand-ins; it imports demo-site.js), cluster.js the
// cluster's starter; the analytics worker sits beside them, where the site looks for it.
// Installed packages stay imports; the workspace packages (packages/*, standins) are TypeScript
// and are compiled in. So is Remix's build (build/server/index.js, from `remix vite:build`): it
// imports server/'s modules instead of holding copies (scripts/vite-site-modules.ts), and bundled
// with the entries it meets the very modules the site runs on, one copy each (decision 0097).
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const remixBuild = fileURLToPath(new URL('../build/server/index.js', import.meta.url));
if (!existsSync(remixBuild)) throw new Error(`${remixBuild} is missing: run \`remix vite:build\` first (npm run build does)`);

/**
 * server/built-remix.ts imports the Remix build from disk at run time (tsx, vitest); in the built
 * entries it is this module instead: a static import, which esbuild bundles.
 * @type {import('esbuild').Plugin}
 */
const remixBuildBundled = {
  name: 'remix-build-bundled',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]server[\\/]built-remix\.ts$/ }, () => ({
      contents: `import * as build from ${JSON.stringify(remixBuild)};\nexport async function builtRemix() { return build; }\n`,
      loader: 'js',
    }));
  },
};

/** @param {string} file */
const manifest = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const installed = [manifest('../package.json'), manifest('../standins/package.json')]
  .flatMap((pkg) => Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }))
  .filter((name) => !name.startsWith('@voltaris/'));

// Bundled ESM still meets CommonJS packages that call require().
const requireBanner = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/** @type {import('esbuild').BuildOptions} */
const common = {
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  outdir: 'build/node',
  sourcemap: true,
  logLevel: 'warning',
  // A package's subpaths (`@sitecore-jss/sitecore-jss/layout`) are installed too.
  external: installed.flatMap((name) => [name, `${name}/*`]),
  banner: { js: requireBanner },
};

// A built entry is what a server runs: started without NODE_ENV it runs in production mode, never
// Vite's development server (issue 31; `npm run dev` says NODE_ENV=development). The banner runs
// before any bundled module, so config.ts reads it, and before React and Remix load (with the
// server build, later); only development asks for development.
const productionByDefault = "process.env.NODE_ENV ??= 'production';";
await build({
  ...common,
  banner: { js: `${requireBanner}\n${productionByDefault}` },
  entryPoints: { server: 'server/index.ts', 'demo-site': 'standins/start.ts', cluster: 'scripts/start-cluster.ts' },
  plugins: [remixBuildBundled],
});
// demo.js starts the search index snapshot's read in a worker thread, then imports demo-site.js
// (standins/boot.ts, decision 0108): bundled apart, it runs before the site's modules load.
await build({ ...common, banner: { js: `${requireBanner}\n${productionByDefault}` }, entryPoints: { demo: 'standins/boot.ts' } });
// The worker threads' entries, beside the modules that start them.
await build({ ...common, entryPoints: { 'usage-analytics.worker': 'server/ports/usage-analytics.worker.ts', 'snapshot-read.worker': 'standins/search/snapshot-read.worker.ts' }, outExtension: { '.js': '.mjs' } });
// deploy/render-nginx.ts reads its template beside the module that runs it: the cluster's starter.
copyFileSync('deploy/nginx.conf', 'build/node/nginx.conf');
