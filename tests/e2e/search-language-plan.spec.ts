import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/**
 * Issue 17 items 2 and 4, with JavaScript on and off: the header box asks the Search API's plan
 * (on the server, through /search) and lands on a redirect trigger's target; German searches list
 * German results first, and their links stay German.
 */

test.describe('header search box through /plan', () => {
  test('a redirect-trigger query lands on its target page, in the visitor language', async ({ page }) => {
    await page.goto('/de/products');
    // The document, or with scripts Single Fetch's data request for it (/de/search.data).
    const viaSearch = page.waitForRequest((request) => /^\/de\/search(\.data)?$/.test(new URL(request.url()).pathname) && new URL(request.url()).searchParams.get('q') === 'contact');
    const box = page.locator('.header-search input[name="q"]');
    await box.fill('contact');
    await page.locator('.header-search').getByRole('button', { name: 'Suchen' }).click();
    await viaSearch;
    await expect(page).toHaveURL(/\/de\/company\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  });

  test('a query without a trigger lands on the search page with its results', async ({ page }) => {
    await page.goto('/');
    const box = page.locator('.header-search input[name="q"]');
    await box.fill('relay');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/searchresult\?q=relay$/);
    await expect(page.locator('.result-list > li').first()).toBeVisible();
    await expect(page.locator('.result-count')).toContainText('Results 1–12');
  });
});

test.describe('language-aware results', () => {
  test('/de/searchresult?q=varistor lists German results whose links open the German pages', async ({ page }) => {
    await page.goto('/de/searchresult?q=varistor');
    // Every link of the results but files (one address in every language).
    const links = page.locator('.result-list a[href]:not([href^="/media/"])');
    await expect(links.first()).toBeVisible();
    const hrefs = await links.evaluateAll((anchors) => anchors.slice(0, 30).map((anchor) => anchor.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href).toMatch(/^\/de\//);
    // The first result is a German FAQ, written in German.
    await expect(page.locator('.result-list > li').first()).toContainText(/Varistor/);
    const product = page.locator('.result-list a[href^="/de/products/"]').first();
    const href = (await product.getAttribute('href'))!;
    await product.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
