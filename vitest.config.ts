import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    // Playwright specs live in tests/e2e and run under Playwright, never under vitest (REQ-PLATFORM-8).
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'standins/**/*.test.ts', 'packages/**/*.test.ts', 'cli/**/*.test.ts', 'tests/unit/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**', 'build/**'],
    environment: 'node',
    testTimeout: 20_000,
    // Integration suites start whole sites (catalogue index, OpenID provider) while other suites
    // run on the same two cores: ten seconds is not always enough for that.
    hookTimeout: 60_000,
  },
});
