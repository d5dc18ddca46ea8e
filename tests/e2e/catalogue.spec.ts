import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';
import { holdScripts } from './support/hold-scripts.ts';

/** The catalogue, server-rendered from its URL: every flow with JavaScript on and off. */

const FUSES = '/products/circuit-protection/fuses';

async function partCount(page: Page): Promise<number> {
  const text = (await page.locator('.catalogue-count').textContent()) ?? '';
  return Number(text.replace(/[^0-9]/g, ''));
}

test.describe('catalogue', () => {
  test('open a category, filter a voltage range, in stock, sort by current, open a part', async ({ page }) => {
    await page.goto('/products/');
    await page.locator('.catalogue-tree').getByRole('link', { name: 'Fuses', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${FUSES}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fuses');
    const total = await partCount(page);
    expect(total).toBeGreaterThan(100);
    // Values carry their units and prefixes.
    await expect(page.locator('.parametric-table td.num').first()).toHaveText(/^[0-9.,]+ (p|n|µ|m|k|M)?A$/);

    const filters = page.locator('#catalogue-filters');
    await filters.locator('input[name="min_ratedvoltage"]').fill('100V');
    await filters.locator('input[name="max_ratedvoltage"]').fill('0.6 kV');
    await filters.locator('input[name="stock"]').check();
    await filters.locator('select[name="sort"]').selectOption('ratedcurrent');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/min_ratedvoltage=100V/);
    await expect(page).toHaveURL(/max_ratedvoltage=0\.6\+kV/);
    await expect(page).toHaveURL(/stock=on/);
    await expect(page).toHaveURL(/sort=ratedcurrent/);
    await expect.poll(() => partCount(page)).toBeLessThan(total);
    // What was typed stays in the inputs.
    await expect(page.locator('input[name="max_ratedvoltage"]')).toHaveValue('0.6 kV');

    // Every row is in the range and in stock; the current column ascends.
    const rows = page.locator('.parametric-table tbody tr');
    await expect(rows.first().locator('.badge--ok')).toBeVisible();
    const voltageColumn = await page.locator('.parametric-table thead th').evaluateAll((cells) => cells.findIndex((c) => c.textContent === 'Rated voltage'));
    const voltages = await rows.evaluateAll((trs, index) => trs.map((tr) => tr.children[index]!.textContent ?? ''), voltageColumn);
    for (const voltage of voltages) {
      const value = voltage.endsWith(' kV') ? Number(voltage.slice(0, -3)) * 1000 : Number(voltage.slice(0, -2));
      expect(value).toBeGreaterThanOrEqual(100);
      expect(value).toBeLessThanOrEqual(600);
    }

    const first = rows.first().locator('th a');
    const partNumber = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(partNumber);
    await expect(page).toHaveTitle(new RegExp(`^${partNumber} – `));
    await expect(page.locator('.parameter-table')).toContainText('Rated voltage');
    await expect(page.getByRole('link', { name: 'Datasheet', exact: true })).toBeVisible();
    await expect(page.locator('#main').getByRole('link', { name: 'Check stock' })).toBeVisible();
    // The request-sample page (forms plugin) reads the part from `parts`.
    if (await page.locator('.request-sample').count()) await expect(page.locator('.request-sample input[name="parts"]')).toHaveValue(partNumber);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd).toMatchObject({ '@type': 'Product', sku: partNumber });
    const levels = JSON.parse((await page.locator('#page-view-levels').textContent())!);
    expect(levels).toMatchObject({ L1: 'Circuit Protection', L2: 'Fuses', L7: partNumber });
    await page.locator('.breadcrumbs').getByRole('link', { name: 'Fuses', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fuses');
  });

  test('"1.5kV" filters as "1500 V"; "abc V" gives a clear message', async ({ page }) => {
    await page.goto(`/products/power-control/mosfets?min_drainsourcevoltage=1.5kV`);
    const typed = await partCount(page);
    expect(typed).toBeGreaterThan(0);
    await page.goto(`/products/power-control/mosfets?min_drainsourcevoltage=1500+V`);
    expect(await partCount(page)).toBe(typed);

    await page.goto(FUSES);
    await page.locator('input[name="min_ratedvoltage"]').fill('abc V');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('alert')).toHaveText('"abc V" is not a value in V. Type a number with an optional prefix, e.g. 1.5kV, 1500 V, 250m.');
    await expect(page.locator('input[name="min_ratedvoltage"]')).toHaveValue('abc V');
    await expect(page.locator('input[name="min_ratedvoltage"]')).toHaveAttribute('aria-invalid', 'true');
  });

  test('series index, multi-select values with counts, page size and pages', async ({ page, javaScriptEnabled }) => {
    await page.goto(FUSES);
    const total = await partCount(page);
    // Fuse families are four digits (0451...) but for the PV fuses (PVF, PVX, PVH).
    await page.locator('.alphabet-filter').getByRole('link', { name: 'P', exact: true }).click();
    await expect(page).toHaveURL(/index=P/);
    await expect.poll(() => partCount(page)).toBeLessThan(total);
    const series = await page.locator('.parametric-table tbody tr td:nth-child(3)').allTextContents();
    expect(series.every((s) => s.startsWith('P'))).toBe(true);

    await page.goto(FUSES);
    await page.locator('input[name="mounting"][value="Module"]').check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/mounting=Module/);
    await expect.poll(() => partCount(page)).toBeLessThan(total);
    await expect(page.locator('input[name="mounting"][value="Module"]')).toBeChecked();

    await page.locator('select[name="size"]').selectOption('24');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/size=24/);
    await expect(page.locator('.parametric-table tbody tr')).toHaveCount(24);
    await page.locator('.pagination').getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('.pagination [aria-current="page"]')).toHaveText('2');
    if (javaScriptEnabled) await expect(page.locator('.range-slider').first()).toBeVisible();
    // Sent with the page so that hydration moves nothing (no layout shift), but nobody sees them without scripts.
    else {
      await expect(page.locator('.range-slider').first()).toBeAttached();
      for (const slider of await page.locator('.range-slider').all()) await expect(slider).toBeHidden();
    }
  });

  test('a long series facet shows eight values; "Show all" opens the rest, and a series ticked there filters and stays in view', async ({ page, javaScriptEnabled }) => {
    // A tick applies at once only when the scripts run (goto waits for them); before, Apply sends it.
    await page.goto(FUSES);
    const series = page.locator('fieldset.facet--series');
    const more = series.locator('details.facet__more');
    await expect(series.locator(':scope > ul > li')).toHaveCount(8);
    const hidden = more.locator('input[type="checkbox"]').first();
    await expect(hidden).toBeHidden();
    await more.getByText(/^Show all \d+$/).click();
    await expect(hidden).toBeVisible();
    const value = (await hidden.getAttribute('value'))!;
    await hidden.check();
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`series=${value}`));
    await expect(page.locator(`fieldset.facet--series input[value="${value}"]`)).toBeVisible();
    await expect(page.locator(`fieldset.facet--series input[value="${value}"]`)).toBeChecked();
    const rows = page.locator('.parametric-table tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const cell of await rows.locator('td:nth-child(3)').all()) await expect(cell).toHaveText(value);
  });

  test('a filter ticked before the scripts run applies once they do', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'without scripts, Apply sends a tick');
    const release = await holdScripts(page);
    await page.goto(FUSES, { waitUntil: 'domcontentloaded' });
    const box = page.locator('input[name="mounting"]').first();
    const value = (await box.getAttribute('value'))!;
    await box.check();
    await expect(page.locator('html')).toHaveClass('no-js');
    release();
    await expect(page).toHaveURL(new RegExp(`mounting=${encodeURIComponent(value).replace(/%20/g, '(\\+|%20)')}`));
    await expect(page.locator(`input[name="mounting"][value="${value}"]`)).toBeChecked();
  });

  test('compare three parts: differing rows highlighted, equal ones can be hidden, the URL is shareable', async ({ page, browser, javaScriptEnabled }) => {
    await page.goto(`${FUSES}?stock=on`);
    const boxes = page.locator('.parametric-table tbody input[name="parts"]');
    const chosen: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await boxes.nth(i).check();
      chosen.push((await boxes.nth(i).getAttribute('value'))!);
    }
    if (javaScriptEnabled) await expect(page.locator('.compare-tray')).toContainText('3 of 6');
    await page.getByRole('button', { name: /Compare selected parts/ }).click();
    await expect(page).toHaveURL(/\/products\/compare\?parts=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare parts');
    await expect(page).toHaveTitle(new RegExp(`^Compare ${chosen.join(', ')} \\| `));
    const header = page.locator('.compare-table thead th');
    await expect(header).toHaveCount(4);
    for (const part of chosen) await expect(page.locator('.compare-table thead')).toContainText(part);
    await expect(page.locator('.compare-table tbody tr.differs').first()).toBeVisible();
    if (javaScriptEnabled) {
      const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('globalStore') ?? '{}').multiPartdata);
      expect([...stored].sort()).toEqual([...chosen].sort());
    }

    await page.getByRole('link', { name: 'Hide equal rows' }).click();
    await expect(page).toHaveURL(/equal=hide/);
    await page.waitForLoadState();
    await expect(page.locator('.compare-table tbody tr:not(.differs) .differs-mark')).toHaveCount(0);

    // A fresh browser (no session) opens the same table from the URL alone.
    const url = page.url();
    const fresh = await browser.newContext({ javaScriptEnabled });
    const other = await fresh.newPage();
    await other.goto(url);
    await expect(other.locator('.compare-table thead th')).toHaveCount(4);
    expect(await other.locator('.compare-table tbody tr.differs').count()).toBe(await page.locator('.compare-table tbody tr.differs').count());
    await fresh.close();

    // Add by part number (kept with a message when unknown), remove by link.
    await page.locator('#compare-add').fill('ZZZZ999');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('No part in the catalogue has this number.');
    await expect(header).toHaveCount(4);
    await page.locator('.compare-remove').first().click();
    await expect(header).toHaveCount(3);
  });

  test('add to compare from a part page', async ({ page, javaScriptEnabled }) => {
    await page.goto(FUSES);
    const link = page.locator('.parametric-table tbody th a').first();
    const partNumber = (await link.textContent())!;
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(partNumber);
    if (javaScriptEnabled) {
      // The toggle is a plain link to the compare page until the part page's scripts run, then a button.
      await expect(page.locator('.part-actions button.compare-toggle')).toBeVisible();
      await page.locator('.part-actions .compare-toggle').click();
      await expect(page.locator('.part-actions .compare-toggle')).toHaveAttribute('aria-pressed', 'true');
      await page.locator('.compare-tray').getByRole('link').click();
    } else {
      await page.locator('.part-actions .compare-toggle').click();
    }
    await expect(page).toHaveURL(/\/products\/compare\?parts=/);
    await expect(page.locator('.compare-table thead')).toContainText(partNumber);
  });

  test('a part page does not load the listing\'s code first; a client navigation to the listing still shows it', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'a client navigation needs scripts');
    const listingChunks: string[] = [];
    // Held back a second: the navigation must wait for the code instead of showing nothing.
    await page.route(/\/assets\/CategoryListing-[^/]+\.js$/, async (route) => {
      listingChunks.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto(FUSES);
    const part = await page.locator('.parametric-table tbody th a').first().getAttribute('href');
    // The part page's document names no listing code; the listing's does.
    expect(await (await page.request.get(part!)).text()).not.toContain('/assets/CategoryListing-');
    expect(await (await page.request.get(FUSES)).text()).toContain('/assets/CategoryListing-');
    listingChunks.length = 0;
    await page.goto(part!);
    await expect(page.locator('.part-actions button.compare-toggle')).toBeVisible();
    await page.locator('nav[aria-label="Breadcrumb"] a[href$="/fuses"]').click();
    await expect(page).toHaveURL(new RegExp(`${FUSES}$`));
    await expect(page.locator('.parametric-table tbody tr').first()).toBeVisible();
    expect(await partCount(page)).toBeGreaterThan(0);
    // Fetched once the part page was idle, or by the navigation: either way in this page, not before.
    expect(listingChunks.length).toBe(1);
  });

  test('series page: description, parameter ranges and its parts', async ({ page }) => {
    await page.goto(FUSES);
    await page.locator('.parametric-table tbody td:nth-child(3) a').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ series$/);
    await expect(page.getByRole('heading', { name: 'Parameter ranges' })).toBeVisible();
    await expect(page.locator('.parameter-table')).toContainText('Rated current');
    await expect(page.locator('.parametric-table tbody tr').nth(1)).toBeVisible();
  });

  test('cross-reference grades our closest parts and says why', async ({ page }) => {
    await page.goto('/products/');
    await page.locator('#cross-reference-part').fill('SMBJ26CA9');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(/cross-reference\?part=SMBJ26CA9/);
    await expect(page).toHaveTitle(/^Cross-reference for SMBJ26CA9 \| /);
    await expect(page.locator('.parametric-table tbody tr').first()).toContainText(/Same (series|category)/);

    await page.locator('#cross-reference-part').fill('no part');
    await page.getByRole('button', { name: 'Find' }).click();
    // Any maker's number, up to 40 characters (decision 0161).
    await expect(page.getByRole('alert')).toContainText('A part number is 1 to 40 letters');
  });

  test('German: prefixes with a decimal comma, German labels and messages', async ({ page }) => {
    await page.goto('/de/products/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.locator('.catalogue-tree').getByRole('link', { name: 'Sicherungen', exact: true }).click();
    await expect(page).toHaveURL(/\/de\/products\/circuit-protection\/fuses$/);
    await page.locator('input[name="min_ratedvoltage"]').fill('0,1 kV');
    await page.locator('input[name="max_ratedvoltage"]').fill('abc V');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    await expect(page.getByRole('alert')).toContainText('„abc V“ ist kein Wert in V');
    await page.locator('input[name="max_ratedvoltage"]').fill('');
    await page.getByRole('button', { name: 'Filter anwenden' }).click();
    // Without JavaScript the form reloads the page: wait for the new address, then let the
    // assertion retry, since the table may still be streaming in when the alert is gone.
    await expect(page).toHaveURL(/^(?!.*abc).*min_ratedvoltage=0%2C1\+kV/);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('.parametric-table td.num').filter({ hasText: /^\d+,\d+ (m|k)?[VAΩ]$/ }).first()).toBeVisible();
  });

  test('unknown categories and parts are 404', async ({ page }) => {
    const response = await page.goto('/products/circuit-protection/no-such-thing');
    expect(response?.status()).toBe(404);
  });
});
