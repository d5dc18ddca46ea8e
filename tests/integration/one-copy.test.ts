import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The Remix build imports server/'s modules instead of bundling copies, and the built entries
 * bundle that build, so each of server/'s classes exists once in the running site and errors
 * crossing from server/ to app/ are matched with `instanceof` (decision 0097). Two copies showed
 * as a 500 where Redis being down must be a 503 (tests/integration/redis-down.test.ts); this reads
 * the built files for the cause.
 */
const remixBuild = 'build/server/index.js';
// demo.js is the demo's small first entry (standins/boot.ts, decision 0108); the site's bundle is demo-site.js.
const entries = ['build/node/server.js', 'build/node/demo-site.js'];
const built = [remixBuild, ...entries].every((file) => existsSync(file));
// esbuild names a second copy of a class `SharedStoreUnavailable2`.
const definitions = (code: string, name: string) => code.match(new RegExp(`(?:var ${name}\\d* = class|class ${name}\\d*\\b)`, 'g'))?.length ?? 0;

describe.runIf(built)('one copy of server/ in the built site', () => {
  it("the Remix build imports server/'s modules and defines none of its classes", () => {
    const code = readFileSync(remixBuild, 'utf8');
    expect(code).toMatch(/from "\.\.\/\.\.\/server\/shared-store\.ts"/);
    expect(code).toMatch(/from "\.\.\/\.\.\/server\/ports\/solr\.ts"/);
    expect(code).not.toMatch(/from "(?:\.\.\/)+app\//);
    expect(definitions(code, 'SharedStoreUnavailable')).toBe(0);
    expect(definitions(code, 'SolrError')).toBe(0);
  });

  it.each(entries)('%s holds each class once, with the pages that match it', (entry) => {
    const code = readFileSync(entry, 'utf8');
    expect(definitions(code, 'SharedStoreUnavailable')).toBe(1);
    expect(definitions(code, 'SolrError')).toBe(1);
    expect(code).toMatch(/instanceof SharedStoreUnavailable\b/);
    // The Remix build is in the bundle (esbuild names its source), not loaded beside it.
    expect(code).toMatch(/^\/\/ build\/server\/index\.js$/m);
    expect(code).not.toMatch(/'server\/index\.js'/);
  });
});
