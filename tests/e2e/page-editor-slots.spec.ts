import { expect, type Browser } from '@playwright/test';
import { EDITOR_URL } from '../../playwright.config.ts';
import { asVisitor, drag, openEditor } from './support/editor.ts';
import { test } from './support/hydrated-test.ts';

// Issue 28's nested placeholders as slots with their allowed lists: a Columns section is dragged
// onto a page, a rich text into its first column, its heading typed in place; visitors without
// JavaScript get the two columns with the rich text in the first.

test.use({ baseURL: EDITOR_URL, viewport: { width: 1600, height: 1000 } });
test.describe.configure({ timeout: 60_000 });

const visitorSees = (browser: Browser, path: string): Promise<{ columns: number; firstColumn: string }> =>
  asVisitor(browser, path, async (page) => {
    const columns = page.locator('main section.columns');
    const count = await columns.count();
    return { columns: count, firstColumn: count ? ((await columns.first().locator('.columns__column').first().textContent()) ?? '') : '' };
  });

test('an editor puts a rich text into the first column of a Columns section, types its heading in place and publishes', async ({ page, browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the canvas needs JavaScript; without it the editor publishes what it shows');
  test.slow();
  // A page no other spec on the editor's site edits.
  const path = '/company/news';
  const canvas = page.locator('[data-puck-component]');
  await openEditor(page, `/edit${path}`, 'Columns');
  const before = await canvas.count();
  expect((await visitorSees(browser, path)).columns).toBe(0);

  await drag(page, page.getByTestId('drawer-item:Columns'), canvas.nth(0));
  await expect(canvas).toHaveCount(before + 1);
  const firstColumn = page.locator('[data-puck-dropzone$=":column-1"]');
  await expect(firstColumn).toHaveCount(1);
  await drag(page, page.getByTestId('drawer-item:RichText'), firstColumn, { middle: true });
  const nested = firstColumn.locator('[data-puck-component]');
  await expect(nested).toHaveCount(1);
  await expect(nested).toContainText('Who we are');

  // A hero banner is not among what a column allows: it does not go in.
  const secondColumn = page.locator('[data-puck-dropzone$=":column-2"]');
  await drag(page, page.getByTestId('drawer-item:HeroBanner'), secondColumn, { middle: true });
  await page.waitForTimeout(500);
  await expect(secondColumn.locator('[data-puck-component]')).toHaveCount(0);

  // Its heading, typed on the canvas.
  const heading = nested.locator('h2 [contenteditable]');
  await heading.hover();
  await heading.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('News in two columns');
  await expect(nested.locator('h2')).toHaveText('News in two columns');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.editor-answer')).toContainText('Published.');
  const after = await visitorSees(browser, path);
  expect(after.columns).toBe(1);
  expect(after.firstColumn).toContain('News in two columns');
  expect(after.firstColumn).toContain('Voltaris Components designs and builds circuit protection.');

  // The page as it was.
  await page.reload();
  await page.getByRole('button', { name: 'Restore this version' }).first().click();
  await expect(page.locator('.editor-answer')).toContainText('Restored.');
  expect((await visitorSees(browser, path)).columns).toBe(0);
});
