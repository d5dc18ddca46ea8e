import { expect, test } from '@playwright/test';

/** The catalogue (issue 5, first slice): categories and the parametric listing, JavaScript on and off. */

test('open a category, filter voltage between "100V" and "0.6 kV", in stock, sort by current', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('link', { name: 'Fuses', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/circuit-protection\/fuses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fuses' })).toBeVisible();
  const count = page.locator('.result-count');
  const all = Number((await count.getAttribute('data-total'))!);
  const voltage = page.getByRole('group', { name: 'Rated voltage (V)' });
  await voltage.getByLabel('Min').fill('100V');
  await voltage.getByLabel('Max').fill('0.6 kV');
  await page.getByLabel('In stock').check();
  await page.getByLabel('Sort by').selectOption({ label: 'Rated current' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/min\.ratedvoltage=100V&max\.ratedvoltage=0\.6\+kV.*stock=1.*sort=ratedcurrent/);
  await expect(count).not.toHaveAttribute('data-total', String(all));
  const filtered = Number((await count.getAttribute('data-total'))!);
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  // Values show with their units and prefixes.
  const firstRow = page.locator('tbody tr').first();
  await expect(firstRow).toContainText(/\d V/);
  await expect(firstRow).toContainText(/\d (m|µ|k)?A/);
});

test('units: "0.6kV" filters the same as "600 V"; "abc V" gives a clear message', async ({ page }) => {
  await page.goto('/products/circuit-protection/fuses?max.ratedvoltage=0.6kV');
  const a = await page.locator('.result-count').getAttribute('data-total');
  await page.goto('/products/circuit-protection/fuses?max.ratedvoltage=600%20V');
  const b = await page.locator('.result-count').getAttribute('data-total');
  expect(a).toBe(b);
  await page.goto('/products/circuit-protection/fuses?min.ratedvoltage=abc%20V');
  await expect(page.getByRole('alert')).toHaveText('Enter a number, for example 1.5k or 1500 V.');
  await expect(page.getByRole('group', { name: 'Rated voltage (V)' }).getByLabel('Min')).toHaveValue('abc V');
});

test('German category pages are German, and unknown categories are 404', async ({ page }) => {
  await page.goto('/de/products/circuit-protection/fuses');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sicherungen');
  const response = await page.goto('/products/circuit-protection/no-such-thing');
  expect(response?.status()).toBe(404);
});

test('a part page: parameters with units, series, datasheet, sample request and schema.org data', async ({ page }) => {
  await page.goto('/products/sensing/reed-sensors/level-sensors/59/593m3a');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('593M3A');
  await expect(page.locator('.product-page')).toContainText('3.3 mm');
  await expect(page.getByRole('row', { name: /Switching voltage/ })).toContainText('44 V');
  await expect(page.getByRole('row', { name: /Switching current/ })).toContainText('800 mA');
  const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { '@type': string; sku: string };
  expect(structured).toMatchObject({ '@type': 'Product', sku: '593M3A' });
  await page.getByRole('link', { name: 'Request samples' }).click();
  await expect(page).toHaveURL(/\/request-sample\?parts=593M3A$/);
  await page.goto('/products/sensing/reed-sensors/level-sensors/59/593m3a');
  await page.locator('.product-page').getByRole('link', { name: '59', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/sensing\/reed-sensors\/level-sensors\/59$/);
  await expect(page.locator('tbody tr').first()).toContainText('59');
});

test('compare three parts from a listing; differing rows are marked; the URL alone shows the same table', async ({ page, browser, javaScriptEnabled }) => {
  await page.goto('/products/circuit-protection/fuses?sort=ratedcurrent');
  const boxes = page.locator('tbody input[type="checkbox"][name="part"]');
  const chosen: string[] = [];
  for (const index of [0, 1, 2]) {
    chosen.push((await boxes.nth(index).getAttribute('value'))!);
    await boxes.nth(index).check();
  }
  await page.getByRole('button', { name: /Compare selected/ }).click();
  await expect(page).toHaveURL(new RegExp(`/products/compare\\?part=${chosen[0]}&part=${chosen[1]}&part=${chosen[2]}`));
  const table = page.locator('.compare__table');
  await expect(table.locator('thead th')).toHaveCount(3);
  await expect(table.locator('tr.differs').first()).toBeVisible();
  await expect(table.locator('tr.differs th').first()).toContainText('differs');
  if (javaScriptEnabled) expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('multiPartdata')))!)).toEqual(chosen);

  await page.getByRole('link', { name: 'Show only differences' }).click();
  await expect(page).toHaveURL(/differences=1/);
  expect(await table.locator('tbody tr').count()).toBe(await table.locator('tbody tr.differs').count());

  const fresh = await browser.newContext({ javaScriptEnabled });
  const other = await fresh.newPage();
  await other.goto(page.url());
  await expect(other.locator('.compare__table thead th')).toHaveCount(3);
  await fresh.close();
});
