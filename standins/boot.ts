import { enableCompileCache, flushCompileCache } from 'node:module';
import { loadConfig } from '../server/config.ts';
import { prefetchSnapshot, searchSnapshotDir } from './search/snapshot-prefetch.ts';

/**
 * The built demo's boot (build/node/demo-boot.js, imported by the version check in demo.js; scripts/build-node.mjs): starts reading the search
 * index snapshot in a worker thread, then imports the site's bundle (build/node/demo-site.js, from
 * standins/start.ts). Loading and compiling that bundle's modules takes a restart's first second on
 * one thread; the snapshot's read and check run beside it on another (decision 0108). Bundled
 * apart so that this runs before the site's imports are loaded, which a static import cannot.
 */
// Node's own on-disk code cache (in NODE_COMPILE_CACHE, or the system's temporary directory) for
// every module loaded from here on: a restart compiles the site's bundle and its packages from
// V8's cached code, not from source (decision 0127: the main thread's start 1.94 -> 1.66 s CPU).
// A cache that cannot be used is no error: Node says why in the answer and starts as before.
enableCompileCache();
try {
  const config = loadConfig();
  if (config.search.embedded) void prefetchSnapshot(searchSnapshotDir(config.dataDir), config.search.products);
} catch {
  // A configuration that does not load is the site's to report, with its words, just below.
}
const site: string = new URL('./demo-site.js', import.meta.url).href;
await import(site);
// Written now, once every module of the site is loaded, not only when the process exits (a process
// that is killed leaves none).
flushCompileCache();
