import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';

/**
 * The Remix build of `npm run build` (build/server/index.js). It imports server/'s modules rather
 * than holding copies (scripts/vite-site-modules.ts, decision 0097), so it must meet the very
 * modules the site runs on:
 * - the built entries (build/node/*.js): scripts/build-node.mjs puts a static import of the build
 *   in place of this module, and esbuild bundles the two into one graph;
 * - under tsx or vitest (tests, benches) it is imported from `buildDir`, and its relative imports
 *   of server/ resolve to the files the site has loaded already.
 */
export async function builtRemix(buildDir: string): Promise<ServerBuild> {
  return (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild;
}
