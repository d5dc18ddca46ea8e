import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/**
 * Back to a filtered list shows the filters of the page it goes back to. Without JavaScript the
 * browser restores what was typed or ticked before leaving; with it, React keeps the field's own
 * state: either way the form said one thing and the list showed another, and the next Apply sent
 * the stale choice along.
 */
test.describe('Back to a filtered list', () => {
  test('the listing\'s mounting boxes show the URL\'s choice', async ({ page, javaScriptEnabled }) => {
    await page.goto('/products/circuit-protection/fuses/surface-mount-fuses');
    const box = page.locator('input[type="checkbox"][name="mounting"]').first();
    const value = (await box.getAttribute('value'))!;
    await box.check();
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/mounting=/);
    await page.goBack();
    await expect(page).not.toHaveURL(/mounting=/);
    await expect(page.locator(`input[type="checkbox"][name="mounting"][value="${value}"]`)).not.toBeChecked();
  });

  test('the resource library\'s type shows the URL\'s choice', async ({ page }) => {
    await page.goto('/resource-library');
    const type = page.locator('select[name="type"]');
    await type.selectOption('datasheet');
    await page.locator('.library-filters').getByRole('button', { name: 'Show documents' }).click();
    await expect(page).toHaveURL(/type=datasheet/);
    await page.goBack();
    await expect(page).not.toHaveURL(/type=/);
    await expect(type).toHaveValue('');
  });

  test('the FAQ filter shows the URL\'s words', async ({ page }) => {
    await page.goto('/support/faq');
    const words = page.locator('#faq-filter');
    await words.fill('fuse');
    await words.press('Enter');
    await expect(page).toHaveURL(/q=fuse/);
    await page.goBack();
    await expect(page).not.toHaveURL(/q=fuse/);
    await expect(words).toHaveValue('');
  });
});
