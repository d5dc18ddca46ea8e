// `npm run build`, after Remix's build: compiles the Node entries to JavaScript, so that what runs
// is what was built (no TypeScript compiler at run time). build/node/server.js is production's entry
// (the site alone), demo.js the demo launcher (the site with its stand-ins; it imports demo-site.js), cluster.js the
// cluster's starter; the analytics worker sits beside them, where the site looks for it.
// Installed packages are bundled in too, but for the few that cannot be (native code) or are only for
// development (Vite): a restart then loads three files, not a thousand modules found one by one
// through node_modules (decision 0130). The workspace packages (packages/*, standins) are TypeScript
// and are compiled in. So is Remix's build (build/server/index.js, from `remix vite:build`): it
// imports server/'s modules instead of holding copies (scripts/vite-site-modules.ts), and bundled
// with the entries it meets the very modules the site runs on, one copy each (decision 0097).
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  // Native code (better-sqlite3, lightningcss, fsevents) is loaded from node_modules; Vite only in development.
  external: ['better-sqlite3', 'lightningcss', 'fsevents', 'vite'],
  banner: { js: requireBanner },
  // ...and packages that name __dirname or __filename (ioredis' friendly error stacks): the bundle's own.
  inject: [fileURLToPath(new URL('./esm-dirname.mjs', import.meta.url))],
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
// demo-boot.js starts the search index snapshot's read in a worker thread, then imports demo-site.js
// (standins/boot.ts, decision 0108): bundled apart, it runs before the site's modules load.
await build({ ...common, banner: { js: `${requireBanner}\n${productionByDefault}` }, entryPoints: { 'demo-boot': 'standins/boot.ts' } });
// demo.js, what `npm start` and a newcomer run, is plain JavaScript that any Node.js parses: on a
// Node.js older than package.json's engines it says so in one line and how to start it, instead of
// the bundle's link error ("does not provide an export named 'enableCompileCache'"; decision 0183).
const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const needed = /(\d+)(?:\.(\d+))?/.exec(engines);
if (!needed) throw new Error(`package.json's engines.node (${engines}) names no version`);
const [needMajor, needMinor] = needed.slice(1).map((part) => Number(part ?? 0));
writeFileSync(
  'build/node/demo.js',
  `// Written by scripts/build-node.mjs: the demo's entry checks the Node.js version, then starts the demo.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < ${needMajor} || (major === ${needMajor} && minor < ${needMinor})) {
  console.error('This site needs Node.js ${engines} (this is Node.js ' + process.versions.node + '): start it with \`npm run serve\` (npm runs it on the Node.js the project installs), or \`npm exec -- node build/node/demo.js\`.');
  process.exit(1);
}
await import('./demo-boot.js');
`,
);
// The worker threads' entries, beside the modules that start them.
await build({ ...common, entryPoints: { 'usage-analytics.worker': 'server/ports/usage-analytics.worker.ts', 'snapshot-read.worker': 'standins/search/snapshot-read.worker.ts' }, outExtension: { '.js': '.mjs' } });
// deploy/render-nginx.ts reads its template beside the module that runs it: the cluster's starter.
copyFileSync('deploy/nginx.conf', 'build/node/nginx.conf');
