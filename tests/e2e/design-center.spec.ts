import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/** The design center: guide, application pages and the selection guide, with JavaScript on and off. */

test.describe('design center', () => {
  test('pick a market, open an application, follow a recommended series', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/design-center');
    const guide = page.locator('.application-guide');
    await expect(guide.getByRole('status')).toHaveText('33 applications');
    await guide.getByRole('navigation', { name: 'Filter by market' }).getByRole('link', { name: 'Energy', exact: true }).click();
    await expect(page).toHaveURL(/market=energy/);
    await expect(guide.getByRole('status')).toHaveText('4 applications');
    await guide.getByRole('link', { name: 'Smart Meters' }).click();
    await expect(page).toHaveURL(/\/design-center\/applications\/energy\/smart-meters$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smart Meters');
    await expect(page.getByRole('heading', { name: 'What the design has to protect, sense and switch' })).toBeVisible();
    // The selection guide table: one row per function, each with a range and the series in it.
    const table = page.locator('table.design-selection');
    await expect(table.locator('tbody tr')).toHaveCount(3);
    await expect(table.locator('tbody tr').first()).toContainText('Varistors');
    // A recommended family opens its series page in the catalogue.
    const family = page.locator('.design-families h3 a').first();
    const series = ((await family.textContent()) ?? '').split(' ')[0]!;
    await family.click();
    await expect(page).toHaveURL(/\/products\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(series);
    expect(errors).toEqual([]);
  });

  test('a document link opens the PDF', async ({ page, request }) => {
    await page.goto('/design-center/applications/automotive/battery-management-systems');
    const href = await page.locator('table.design-documents a').first().getAttribute('href');
    expect(href).toMatch(/^\/media\/resources\/.+\.pdf$/);
    const file = await request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
  });

  test('filter the selection guide by market and word', async ({ page }) => {
    await page.goto('/design-center/selection-guide');
    const rows = page.locator('table.design-selection tbody tr');
    const all = await rows.count();
    expect(all).toBeGreaterThan(90);
    await page.getByRole('combobox', { name: 'Filter by market' }).selectOption('lighting');
    await page.getByRole('searchbox', { name: 'Filter the table by a word' }).fill('fuse');
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/market=lighting/);
    await expect(page).toHaveURL(/q=fuse/);
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) await expect(row).toContainText('Lighting');
    // The range opens the catalogue listing filtered to it.
    await rows.first().locator('td').last().getByRole('link').click();
    await expect(page).toHaveURL(/\/products\/circuit-protection\/fuses\?min_ratedvoltage=/);
    await expect(page.locator('.catalogue-count')).toBeVisible();
  });

  test('German and Japanese pages, and 404 for an unknown application', async ({ page }) => {
    await page.goto('/de/design-center/applications/industrial/motor-drives');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Motorantriebe');
    await expect(page.getByRole('heading', { name: 'Empfohlene Baureihen' })).toBeVisible();
    await page.goto('/ja-jp/design-center/industry-relay-list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('業界別リレー一覧');
    const missing = await page.goto('/design-center/applications/industrial/time-machines');
    expect(missing?.status()).toBe(404);
  });

  test('the Chinese host', async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    const response = await page.goto(`http://www.example.com.cn:${port}/design-center`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.locator('.application-guide').getByRole('link', { name: '电磁炉' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('电磁炉');
  });
});
