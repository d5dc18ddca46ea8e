// `npm run build`, after Remix's build: compiles the Node entries to JavaScript, so that what runs
// is what was built (no TypeScript compiler at run time). build/node/server.js is production's entry
// (the site alone), demo.js the demo launcher (the site with its stand-ins), cluster.js the
// cluster's starter; the analytics worker sits beside them, where the site looks for it.
// Installed packages stay imports; the workspace packages (packages/*, standins) are TypeScript
// and are compiled in.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

/** @param {string} file */
const manifest = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const installed = [manifest('../package.json'), manifest('../standins/package.json')]
  .flatMap((pkg) => Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }))
  .filter((name) => !name.startsWith('@voltaris/'));

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
  // Bundled ESM still meets CommonJS packages that call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

await build({ ...common, entryPoints: { server: 'server/index.ts', demo: 'standins/start.ts', cluster: 'scripts/start-cluster.ts' } });
await build({ ...common, entryPoints: { 'usage-analytics.worker': 'server/ports/usage-analytics.worker.ts' }, outExtension: { '.js': '.mjs' } });
// deploy/render-nginx.ts reads its template beside the module that runs it: the cluster's starter.
copyFileSync('deploy/nginx.conf', 'build/node/nginx.conf');
