import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startChildSite, type ChildSite } from '../support/child-site.ts';

/**
 * The content service down is an outage, not a fault of the page: 503 with Retry-After, and the
 * error page in the page's language from the server's built-in words (JavaScript on and off).
 */

let site: ChildSite;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'outage-e2e-'));
  // Port 9 is one fetch refuses to call: the content service never answers.
  site = await startChildSite({ CATALOGUE_PRODUCTS: '1000', SITECORE_API_HOST: 'http://127.0.0.1:9', LAYOUT_TIMEOUT_MS: '1000', DATA_DIR: dataDir });
});

test.afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const [address, lang, heading, home] of [
  ['/de/company/contact', 'de', 'Gerade nicht verfügbar', 'Zur Startseite'],
  ['/ja-jp/products', 'ja-JP', '現在ご利用いただけません', 'ホームページへ移動'],
] as const) {
  test(`${address} answers 503 with Retry-After and says so in its language`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${site.url}${address}`);
    expect(response?.status()).toBe(503);
    expect(response?.headers()['retry-after']).toMatch(/^\d+$/);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('.error-page__id code')).toHaveText(/^[0-9a-f]{8}$/);
    await expect(page.getByRole('link', { name: home })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(/error\.(unavailable|server|id|home)/);
    expect(errors).toEqual([]);
  });
}
