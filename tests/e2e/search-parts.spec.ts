import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/**
 * Decisions 0160 and 0161, with JavaScript on and off: an exact part number typed in the header box
 * opens the part, whose page leads back to the results; another maker's number is answered on the
 * results page with our part.
 */

test.describe('part numbers in the header box', () => {
  test('an exact part number opens its page, with a way back to the results', async ({ page }) => {
    await page.goto('/products');
    const box = page.locator('.header-search input[name="q"]');
    await box.fill('smbj 10a');
    await page.locator('.header-search').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/products\/circuit-protection\/tvs-diodes\/surface-mount-tvs-diodes\/smbj\/smbj10a$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SMBJ10A');
    await page.getByRole('link', { name: 'Back to results for “smbj 10a”' }).click();
    await expect(page).toHaveURL(/\/searchresult\?q=smbj\+10a$/);
    await expect(page.locator('.result-list > li').first().getByRole('link').first()).toHaveText('SMBJ10A');
  });

  test("another maker's number is answered with our drop-in and the cross-reference", async ({ page }) => {
    await page.goto('/searchresult?q=V275LA20AP');
    await expect(page.locator('.search-cross-reference')).toContainText("V275LA20AP is another maker's part. Our drop-in: V275DA20L");
    await page.locator('.search-cross-reference').getByRole('link', { name: 'All matches in the cross-reference' }).click();
    await expect(page).toHaveURL(/\/products\/cross-reference\?part=V275LA20AP$/);
    await expect(page.getByRole('link', { name: 'V275DA20L' })).toBeVisible();
  });
});
