import { expect, test } from '@playwright/test';
import { hydrated } from './support/hydrated-test.ts';
import { PAGE_TYPES, pageTypesFrom } from './support/page-types.ts';

// REQ-UI-4, REQ-UI-5: a phone's screen holds every page without sideways scrolling. A page wider
// than the screen makes the phone zoom the whole site out. Long German compound words in a page's
// heading and content tables with four columns were wider than 412 px.
const PAGES = [
  '/de/Legal/privacy-statement',
  '/de/supplier-area/quality-requirements',
  '/de/products/sensing/temperature-sensors/rtds',
  '/de/products/circuit-protection/fuses/high-speed-fuses',
  '/company/locations',
  '/de/company/locations',
  '/de/company/quality',
];

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('pages with long German headings and content tables fit the screen', async ({ page, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await hydrated(page, javaScriptEnabled);
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, layout: window.innerWidth }));
      expect(widths, path).toEqual({ page: 412, layout: 412 });
      // The heading is whole on the screen, not cut off by a scrolling box.
      const heading = await page.locator('h1').boundingBox();
      expect(heading && heading.x + heading.width <= 412, `${path} h1`).toBe(true);
    }
  });

  // Issue 31 item 5: every page type, as a visitor reaches it (the contact page's results table
  // made the page 668 px wide, the comparison 429 px).
  test('every page type fits the screen', async ({ page, javaScriptEnabled }) => {
    test.setTimeout(180_000);
    const fits = async (path: string) => {
      await hydrated(page, javaScriptEnabled);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect.soft(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(412);
    };
    const reached = await pageTypesFrom(page);
    for (const path of [...PAGE_TYPES, ...reached]) {
      await page.goto(path);
      await fits(path);
    }
    // A stock check's answer: its table of distributors.
    await page.goto('/CheckStock');
    await hydrated(page, javaScriptEnabled);
    await page.locator('main form [name="partNumbers"], main form [name="partNumber"]').first().fill('59-4.3S');
    await page.locator('main form button[type="submit"]').first().click();
    await expect(page.locator('.stock-table').first()).toBeVisible();
    await fits('CheckStock answer');
  });

  test('a wide table of places scrolls inside its own box, its links still there', async ({ page }) => {
    await page.goto('/de/company/locations');
    const box = page.locator('.table-scroll').first();
    await expect(box.locator('table a').first()).toBeVisible();
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  });
});
