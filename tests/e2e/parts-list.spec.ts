import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/** Results that read like a parts list (docs/decisions/0177), as Chromium draws them at 1280 px: with JavaScript on and off. */

const FUSES = '/products/circuit-protection/fuses/surface-mount-fuses';

/** The distinct tops of the boxes a locator matches: one top is one row. */
async function rowTops(items: Locator): Promise<number[]> {
  const boxes = await items.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)));
  return [...new Set(boxes)];
}

const count = async (page: Page) => Number(((await page.locator('.catalogue-count').textContent()) ?? '').replace(/[^0-9]/g, ''));

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

for (const prefix of ['', '/de', '/ja-jp']) {
  test(`the series A–Z index is one row of letters at 1280 px (${prefix || '/'}), and a letter filters the series`, async ({ page }) => {
    await page.goto(`${prefix}${FUSES}`);
    const index = page.getByRole('navigation', { name: /Series from A to Z|Baureihen von A bis Z|シリーズ索引/ });
    const letters = index.getByRole('listitem');
    await expect(letters).toHaveCount(28);
    expect(await rowTops(letters)).toHaveLength(1);
    // Every letter a finger can hit (WCAG 2.5.8: 24 px at least) and none scrolled out of sight.
    for (const box of await letters.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.height).toBeGreaterThanOrEqual(24);
      expect(box.right).toBeLessThanOrEqual(1280);
    }
    // On all fuses, where some series start with P (PV fuses): the letter filters, the row stays one.
    await page.goto(`${prefix}/products/circuit-protection/fuses`);
    const total = await count(page);
    await index.getByRole('link', { name: 'P', exact: true }).click();
    await expect(page).toHaveURL(/index=P/);
    await expect.poll(() => count(page)).toBeLessThan(total);
    expect(await rowTops(page.getByRole('navigation', { name: /Series from A to Z|Baureihen von A bis Z|シリーズ索引/ }).getByRole('listitem'))).toHaveLength(1);
  });
}

test("a series' folded parts are a table under it, not a column beside it", async ({ page }) => {
  await page.goto('/searchresult?q=varistor');
  const result = page.locator('.result-list > li.result--product:has(table.folded-parts)').first();
  await expect(result).toBeVisible();
  const table = result.locator('table.folded-parts');
  await expect(table.getByRole('columnheader')).toHaveText(['Part', 'Max. AC voltage', 'Max. DC voltage', 'Stock']);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expect(table.locator('tbody tr').first().getByRole('cell').first()).toHaveText(/^[0-9.]+ k?V$/);
  const title = (await result.locator(':scope > div > h3').boundingBox())!;
  const box = (await table.boundingBox())!;
  const item = (await result.boundingBox())!;
  // Below the series' title and as wide as its result, not a second column beside it.
  expect(box.y).toBeGreaterThan(title.y + title.height);
  expect(box.width).toBeGreaterThan(item.width * 0.8);
  // Twelve results fit a few screens (a column of cards beside each took 7,400 px).
  expect((await page.locator('.result-list').boundingBox())!.height).toBeLessThan(4500);
  await expect(page.locator('.result-list > li.result--product time')).toHaveCount(0);
});
