import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/**
 * Phone first, errors that say what happened, search comfort (decisions 0179-0181), with
 * JavaScript and without: what a visitor sees at 412 px, the date messages of REQ-VALID-6 to 8, the 404's
 * search, the combobox's keys, another site in a new tab.
 */
const FAMILY = '/products/circuit-protection/fuses/surface-mount-fuses';

/** The top of the first result (a search's list item, a listing's part row), in px from the page's top. */
const firstResultTop = (page: Page) =>
  page.evaluate(() => {
    const first = document.querySelector('ol.result-list > li') ?? [...document.querySelectorAll('main table tbody tr')].find((row) => row.querySelector('input[type=checkbox], a[href*=compare]'));
    return first ? Math.round(first.getBoundingClientRect().top + window.scrollY) : 99999;
  });

test.describe('at 412 px', () => {
  test.use({ viewport: { width: 412, height: 900 }, isMobile: true, hasTouch: true });

  test('the header is at most 160 px tall, its search takes its width, and a menu button opens the navigation', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(160);
    const search = (await page.locator('header .header-search').boundingBox())!;
    expect(search.width).toBeGreaterThanOrEqual(412 - 2 * 16 - 1);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav).toBeHidden();
    await page.locator('header summary', { hasText: 'Menu' }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link').first()).toBeVisible();
    // The menu lies over the page: the header keeps its height.
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(160);
    await nav.locator('summary').first().click();
    await nav.locator('details[open] a').first().click();
    await expect(page).not.toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('search: the first result is on the first screen, every filter behind "Filters (n)"', async ({ page, javaScriptEnabled }) => {
    await page.goto('/searchresult?q=fuse');
    expect(await firstResultTop(page)).toBeLessThanOrEqual(900);
    const control = page.locator('summary', { hasText: /^Filters \(0\)$/ });
    await expect(control).toBeVisible();
    const legends = page.locator('.search-facets legend');
    const count = await legends.count();
    expect(count).toBeGreaterThan(3);
    await expect(legends.first()).toBeHidden();
    await control.click();
    for (let i = 0; i < count; i += 1) await expect(legends.nth(i)).toBeVisible();
    const box = page.locator('.search-facets input[type="checkbox"][name="f.objecttype"]').first();
    await box.check();
    if (!javaScriptEnabled) await page.locator('.search-facets button[type="submit"]').click();
    await expect(page).toHaveURL(/f\.objecttype=/);
    if (javaScriptEnabled) {
      // With scripts it is a drawer over the page: it stays open for the next choice, its button closes it.
      await page.getByRole('button', { name: 'Close filters' }).click();
      await expect(legends.first()).toBeHidden();
    }
    await expect(page.locator('summary', { hasText: /^Filters \(1\)$/ })).toBeVisible();
  });

  test('a catalogue family: the first part on the first screen, every filter behind "Filters (n)", the part number stays in view', async ({ page, javaScriptEnabled }) => {
    await page.goto(FAMILY);
    expect(await firstResultTop(page)).toBeLessThanOrEqual(900);
    const control = page.locator('summary', { hasText: /^Filters \(\d+\)$/ });
    await control.click();
    const fieldsets = page.locator('#catalogue-filters fieldset');
    const count = await fieldsets.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i += 1) await expect(fieldsets.nth(i).locator('legend')).toBeVisible();
    // With scripts the open filters are a drawer over the page, closed by its button.
    if (javaScriptEnabled) await page.getByRole('button', { name: 'Close filters' }).click();
    else await control.click();
    // Scrolled sideways, the table keeps its part-number column at its left edge.
    const scroller = page.locator('.catalogue-listing .table-scroll').first();
    const partCell = scroller.locator('tbody th[scope="row"]').first();
    const before = (await partCell.boundingBox())!;
    await scroller.evaluate((element) => (element.scrollLeft = element.scrollWidth));
    const boxLeft = (await scroller.boundingBox())!.x;
    const after = (await partCell.boundingBox())!;
    expect(after.x).toBeGreaterThanOrEqual(boxLeft - 1);
    expect(after.x).toBeLessThanOrEqual(Math.max(before.x, boxLeft + 1));
    await expect(partCell).toBeInViewport();
  });

  test('search results are compact: twelve of them, with their folded parts, in at most 6,500 px (half the page of before)', async ({ page }) => {
    await page.goto('/searchresult?q=fuse');
    const height = await page.locator('ol.result-list').evaluate((list) => list.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(6500);
  });
});

test('on a wide screen the filters are open beside the results, with no control to open them', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/searchresult?q=fuse');
  await expect(page.locator('.search-facets legend').first()).toBeVisible();
  await expect(page.locator('summary', { hasText: /^Filters/ })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.locator('header summary', { hasText: 'Menu' })).toBeHidden();
});

test.describe('errors that say what happened', () => {
  test("REQ-VALID-6 to 8's date messages, and a reversed range names its filter with a link without it", async ({ page }) => {
    const cases: Array<[string, string]> = [
      ['1400/01/01@00:00:00..2020/01/01@00:00:00', 'Date is before year 1401, which is unsupported by the API'],
      ['2020/02/31@00:00:00..now', 'Date is invalid'],
      ['20200101..now', 'Could not parse the provided date "20200101", please use the format YYYY/MM/DD@HH:mm:ss'],
      ['past-3-fortnight..now', 'The value "past-3-fortnight" is not respecting the relative date format "period-amount-unit"'],
    ];
    for (const [value, message] of cases) {
      const response = await page.goto(`/searchresult?q=fuse&f.date=${encodeURIComponent(value)}`);
      expect(response?.status()).toBe(400);
      await expect(page.getByRole('alert')).toContainText(message);
    }
    const response = await page.goto('/searchresult?q=fuse&f.date=2020/01/01@00:00:00..2010/01/01@00:00:00');
    expect(response?.status()).toBe(400);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The Date filter runs from 01/01/2020 to 01/01/2010');
    await expect(alert.getByRole('link', { name: 'Try again' })).toHaveCount(0);
    await alert.getByRole('link', { name: 'Search without it' }).click();
    await expect(page).toHaveURL(/\/searchresult\?q=fuse(&tab=mainsearch)?$/);
    await expect(page.locator('.result-count')).toContainText('Results 1–12');
  });

  test('the 404 page has a search box and the main entry points, in the page language', async ({ page }) => {
    const response = await page.goto('/de/keine-solche-seite');
    expect(response?.status()).toBe(404);
    const main = page.locator('main');
    await expect(main.getByRole('navigation', { name: 'Oder beginnen Sie auf einer dieser Seiten' }).getByRole('link', { name: 'Produkte' })).toBeVisible();
    const box = main.getByRole('search').locator('input[name="q"]');
    await box.fill('Relais');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/de\/searchresult\?q=Relais/);
    await expect(page.locator('.result-count')).toContainText('Ergebnisse');
  });
});

test.describe('search comfort', () => {
  test('the header box holds the search page\'s query, and is empty on other pages', async ({ page }) => {
    await page.goto('/searchresult?q=fuse');
    const box = page.locator('.header-search input[name="q"]');
    await expect(box).toHaveValue('fuse');
    await page.locator('.site-header__brand').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(box).toHaveValue('');
    await box.fill('relay');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/searchresult\?q=relay/);
    await expect(box).toHaveValue('relay');
    await page.goto('/products');
    await expect(box).toHaveValue('');
  });

  test('ArrowDown and ArrowUp put the highlighted suggestion into the box', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'suggestions need JavaScript');
    await page.goto('/');
    const box = page.locator('.header-search input[role="combobox"]');
    await box.pressSequentially('fu', { delay: 50 });
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.nth(1)).toBeVisible();
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveValue((await options.first().textContent())!);
    await box.press('ArrowDown');
    await expect(box).toHaveValue((await options.nth(1).textContent())!);
    await box.press('ArrowUp');
    await box.press('ArrowUp');
    await expect(box).toHaveValue('fu');
    await box.press('ArrowDown');
    const chosen = (await options.first().textContent())!;
    await page.locator('.header-search button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/searchresult\\?q=${encodeURIComponent(chosen).replace(/%20/g, '\\+')}`));
  });

  test("a trigger's redirect to another site opens a new tab, the search staying where it was", async ({ page, context, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'a new tab needs JavaScript; without it the browser goes to the other site');
    await page.goto('/');
    // The other site is not reachable from the tests: its tab is counted as it opens.
    await context.route('https://careers.voltaris.example/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Careers</title>' }));
    const box = page.locator('.header-search input[name="q"]');
    await box.fill('careers');
    const [tab] = await Promise.all([context.waitForEvent('page'), box.press('Enter')]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/^https:\/\/careers\.voltaris\.example\//);
    await expect(page).toHaveURL(/\/searchresult\?q=careers(&tab=mainsearch)?$/);
  });
});
