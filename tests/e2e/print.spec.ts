import { expect, test } from '@playwright/test';

// A printed part page is a datasheet summary: the part, its parameters, the series' other parts
// and the documents, without the site's navigation, search box, buttons and footer, and with every
// column of a wide table on the paper (a scrolling box prints only what it shows).
test('a part page prints its data, every table column, and none of the site’s controls', async ({ page }) => {
  await page.goto('/de/products/circuit-protection/fuses');
  const part = await page.locator('.parametric-table a[href*="/products/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '').find((href) => href.split('/').length >= 8));
  expect(part).toBeTruthy();
  await page.goto(part!);
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 700, height: 1000 });
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.parameter-table')).toBeVisible();
  for (const selector of ['.site-nav', '.site-header form', '.language-switcher', '.account-menu', '.site-footer', '.part-actions']) {
    await expect(page.locator(selector).first(), selector).toBeHidden();
  }
  for (const toggle of await page.locator('.compare-toggle').all()) await expect(toggle).toBeHidden();
  const series = page.locator('.table-scroll .parametric-table').first();
  await expect(series).toBeVisible();
  const fits = await series.evaluate((table) => table.getBoundingClientRect().right <= document.documentElement.clientWidth + 1);
  expect(fits, 'the series table fits the paper').toBe(true);
});
