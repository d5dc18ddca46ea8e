import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/**
 * A page that does not exist has no versions in other languages: its error page names none
 * (no canonical, no hreflang), and its language switcher leads to each language's home page, which
 * exists (JavaScript on and off).
 */

async function switcherTargets(page: Page): Promise<Record<string, string>> {
  const links = page.locator('.language-switcher').first().locator('a[hreflang]');
  await expect(links).toHaveCount(4);
  const targets: Record<string, string> = {};
  for (const link of await links.all()) targets[(await link.getAttribute('hreflang'))!] = new URL((await link.getAttribute('href'))!, page.url()).pathname;
  return targets;
}

for (const address of ['/de/keine-solche-seite', '/de/products/keine-solche-kategorie']) {
  test(`the 404 at ${address} has no alternates; its switcher leads to each language's home`, async ({ page }) => {
    const response = await page.goto(address);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    expect(await switcherTargets(page)).toEqual({ en: '/', de: '/de/', 'ja-JP': '/ja-jp/', 'zh-CN': '/' });

    await page.locator('.language-switcher').first().locator('a[hreflang="ja-JP"]').click();
    await expect(page).toHaveURL(/\/ja-jp\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('ページが見つかりません');
    // The home page exists: it has its versions again.
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(5);
  });
}

test('a page that exists keeps its versions in the switcher and in hreflang', async ({ page }) => {
  const response = await page.goto('/de/company/about');
  expect(response?.status()).toBe(200);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(5);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/company\/about$/);
  expect(await switcherTargets(page)).toEqual({ en: '/company/about', de: '/de/company/about', 'ja-JP': '/ja-jp/company/about', 'zh-CN': '/company/about' });
});
