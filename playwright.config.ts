import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3101);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The same site with 4-second sessions, for the expired-session flows. */
export const SHORT_SESSION_URL = `http://127.0.0.1:${PORT + 1}`;
/**
 * Second loopback origins standing in for Sitecore Pages, which frames the editing page (issue 32):
 * one per worker (parallelIndex 0 and 1), both allowed by the site's JSS_ALLOWED_ORIGINS.
 */
export const pagesStandInPort = (parallelIndex: number) => PORT + 2 + parallelIndex;
/** The same site over a copy of the content, for the page editor's flows, which publish (tests/e2e/page-editor.spec.ts). */
export const EDITOR_URL = `http://127.0.0.1:${PORT + 4}`;
export const EDITOR_CONTENT_DIR = '.e2e-data/editor-content';
/**
 * Where the Pages stand-ins may frame the editing page from: on 127.0.0.1 (same site as the site's
 * 127.0.0.1) and on localhost (another site, as pages.sitecorecloud.io is: SameSite rules apply).
 */
const PAGES_STAND_IN_ORIGINS = [2, 3].flatMap((offset) => [`http://127.0.0.1:${PORT + offset}`, `http://localhost:${PORT + offset}`]).join(',');

/**
 * Every flow runs twice: with JavaScript (hydrated, enhanced) and without (the HTML as served).
 * Chromium is Debian's (REQ-PLATFORM-8); `.cn` hosts resolve to this machine so the Chinese
 * site, which is chosen by the host ending, can be visited.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // Scripts wait for the first paint (up to 3 s when it is not reported) and then load and hydrate;
  // on this loaded two-core machine that once took more than the default 5 s in CI.
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--host-resolver-rules=MAP *.cn 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    { name: 'no-js', use: { javaScriptEnabled: false } },
  ],
  webServer: [
    {
      command: 'npm run serve',
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Many tests post forms from one address: the rate limit is shown on the second site.
      env: { PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', FORM_RATE_LIMIT_PER_MINUTE: '0', DATA_DIR: '.e2e-data/main', JSS_ALLOWED_ORIGINS: PAGES_STAND_IN_ORIGINS },
    },
    {
      command: 'npm run serve',
      url: `${SHORT_SESSION_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(PORT + 1), HOST: '127.0.0.1', NODE_ENV: 'production', SESSION_MAX_AGE_SECONDS: '4', CATALOGUE_PRODUCTS: '2000', DATA_DIR: '.e2e-data/short' },
    },
    {
      command: `node -e "const fs = require('node:fs'); fs.rmSync('${EDITOR_CONTENT_DIR}', { recursive: true, force: true }); fs.cpSync('fixtures/content', '${EDITOR_CONTENT_DIR}', { recursive: true })" && npm run serve`,
      url: `${EDITOR_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(PORT + 4), HOST: '127.0.0.1', NODE_ENV: 'production', CATALOGUE_PRODUCTS: '2000', DATA_DIR: '.e2e-data/editor', CONTENT_DIR: '.e2e-data/editor-content', JSS_ALLOWED_ORIGINS: PAGES_STAND_IN_ORIGINS },
    },
  ],
});
