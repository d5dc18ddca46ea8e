import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/** The Package filter (docs/decisions/0170), with JavaScript on and off. */

const FUSES = '/products/circuit-protection/fuses/surface-mount-fuses';

async function partCount(page: Page): Promise<number> {
  const text = (await page.locator('.catalogue-count').textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

test('the Package filter narrows a listing to that package, and the Package column shows it', async ({ page, javaScriptEnabled }) => {
  await page.goto(FUSES);
  const total = await partCount(page);
  const box = page.locator('.facet--package input[name="package"]').first();
  const chosen = (await box.getAttribute('value'))!;
  await box.check();
  if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`package=${encodeURIComponent(chosen).replace(/%20/g, '(\\+|%20)')}`));
  await expect.poll(() => partCount(page)).toBeLessThan(total);
  const column = await page.locator('.parametric-table thead th').evaluateAll((cells) => cells.findIndex((cell) => cell.textContent === 'Package'));
  expect(column).toBeGreaterThan(0);
  const shown = await page.locator('.parametric-table tbody tr').evaluateAll((rows, index) => rows.map((row) => row.children[index]!.textContent ?? ''), column);
  expect(shown.length).toBeGreaterThan(0);
  expect(new Set(shown)).toEqual(new Set([chosen]));
});
