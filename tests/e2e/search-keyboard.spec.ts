import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/**
 * The search page with JavaScript, used from the keyboard: focus stays on the control used (or, for
 * a new page of results, moves to the results' heading), and a sort applies only when chosen.
 * Then what scripts add must not move the page, and the part images sit beside their titles.
 */

/** Until the page shows the search the URL names, and no longer loads. */
async function settled(page: Page, url: RegExp) {
  await expect(page).toHaveURL(url);
  await expect(page.locator('.search-page')).not.toHaveAttribute('aria-busy', 'true');
}

/** What has focus: its tag, name and value, or the text of a heading. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    if (!element || element === document.body) return 'body';
    return [element.tagName.toLowerCase(), element.getAttribute('name') ?? '', element.getAttribute('value') ?? '', /^H\d$/.test(element.tagName) ? element.textContent : ''].join('|');
  });

test.describe('keyboard on the search page (JavaScript on)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'focus kept across a client navigation is the scripts\' part');

  test('Space on a facet checkbox applies it and keeps focus on that checkbox', async ({ page }) => {
    await page.goto('/searchresult?q=fuse');
    const box = page.locator('input[type="checkbox"][name="f.market"]').first();
    const value = (await box.getAttribute('value'))!;
    await box.focus();
    await page.keyboard.press('Space');
    await settled(page, /f\.market=/);
    await expect(page.locator(`input[type="checkbox"][name="f.market"][value="${value}"]`)).toBeChecked();
    expect(await focused(page)).toBe(`input|f.market|${value}|`);
  });

  test('Enter on the Next link shows page 2 and moves focus to the results heading', async ({ page }) => {
    await page.goto('/searchresult?q=fuse');
    await page.locator('.pager a[rel="next"]').focus();
    await page.keyboard.press('Enter');
    await settled(page, /page=2/);
    await expect(page.locator('.result-count')).toContainText('Results 13–24');
    expect(await focused(page)).toBe('h2|||Results');
  });

  test('Enter in a facet\'s "Find a value" box searches the values and keeps focus in the box', async ({ page }) => {
    await page.goto('/searchresult?q=fuse&tab=parametric');
    const input = page.locator('.facet__search input[type="search"]').first();
    const name = (await input.getAttribute('name'))!;
    await input.fill('0');
    await input.press('Enter');
    await settled(page, new RegExp(`${name.replace('.', '\\.')}=0`));
    // The box, holding what was typed.
    expect(await focused(page)).toBe(`input|${name}|0|`);
  });

  test('ArrowDown on the sort select browses the options without loading another sort; Enter applies it', async ({ page }) => {
    await page.goto('/searchresult?q=fuse');
    const sort = page.locator('select[name="sort"]');
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(1000);
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page.locator('.result-list')).toHaveAttribute('data-sort', 'relevance');
    await page.keyboard.press('Enter');
    await settled(page, /sort=newest/);
    await expect(page.locator('.result-list')).toHaveAttribute('data-sort', 'newest');
    expect(await focused(page)).toBe('select|sort||');
  });
});

test('the result list is where it was before the scripts ran', async ({ page, browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'compares the page with scripts to the page without');
  const top = async (target: Page) => (await target.locator('.result-list').boundingBox())!.y;
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const without = await plain.newPage();
  await without.goto('/searchresult?q=fuse');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/searchresult?q=fuse');
  expect(await top(page)).toBe(await top(without));
  await plain.close();
});

test('at 1280 px a part\'s image sits at the top of its result, beside the part number', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/searchresult?q=fuse');
  const folded = page.locator('.result-list > li.result--product:has(.result__folded)').first();
  await expect(folded).toBeVisible();
  const image = (await folded.locator(':scope > img').boundingBox())!;
  const title = (await folded.locator(':scope > div > h3').boundingBox())!;
  // The image's box, not only its top: stretched to the row's height, the picture drew in its middle.
  expect(image.height).toBeLessThanOrEqual(66);
  expect(Math.abs(image.y - title.y)).toBeLessThan(8);
});
