import { defineConfig } from 'vitest/config';

/**
 * The tests in tiers (decision 0184; docs/testing.md). `npm test` runs unit, standins and site;
 * `npm run test:ops` the heavy suites (clusters, nginx, Redis, restarts, the crawl, fuzz, relevance,
 * ReDoS); `npm run lint` the tests of the tooling itself. A new file lands in its tier by where it
 * lives: tests/integration/ is the site tier unless OPS names it.
 */
const OPS = [
  'tests/integration/cluster.test.ts',
  'tests/integration/cluster-publish.test.ts',
  'tests/integration/front.test.ts',
  'tests/integration/nginx.test.ts',
  'tests/integration/redis-down.test.ts',
  'tests/integration/built-restart.test.ts',
  'tests/integration/graceful-stop.test.ts',
  'tests/integration/link-check.test.ts',
  'tests/integration/fuzz.test.ts',
  'tests/integration/search-api-fuzz.test.ts',
  'tests/integration/search-relevance.test.ts',
  'tests/integration/search-redos.test.ts',
];
const TOOLING = ['tests/tooling/**/*.test.ts'];

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    // Playwright specs live in tests/e2e and run under Playwright, never under vitest (REQ-PLATFORM-8).
    exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
    environment: 'node',
    testTimeout: 20_000,
    // Integration suites start whole sites (catalogue index, OpenID provider) while other suites
    // run on the same two cores: ten seconds is not always enough for that.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'packages/**/*.test.ts', 'cli/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}'],
        },
      },
      { extends: true, test: { name: 'standins', include: ['standins/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'site',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**', 'build/**', ...OPS],
          // One demo site per distinct configuration for the suites that ask to share it.
          globalSetup: ['tests/support/shared-demo-sites.ts'],
        },
      },
      { extends: true, test: { name: 'ops', include: OPS } },
      { extends: true, test: { name: 'tooling', include: TOOLING } },
    ],
  },
});
