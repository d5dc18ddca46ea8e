import { expect, test } from '@playwright/test';
import { holdScripts } from './support/hold-scripts.ts';

/**
 * A visitor may open a header group in the moment between the page showing and its scripts
 * running: the <details> opens natively then. Hydration must leave it as the visitor set it. The
 * page's module scripts are held back here to make that moment long enough to act in.
 */
test('a header group opened before hydration stays open when the scripts run', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the moment before hydration exists only with scripts');
  const release = await holdScripts(page);
  await page.goto('/de/', { waitUntil: 'commit' });
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const careers = nav.getByRole('link', { name: 'Karriere' });
  await nav.locator('summary', { hasText: 'Unternehmen' }).click();
  await expect(careers).toBeVisible();
  await expect(page.locator('html')).toHaveClass('no-js');

  release();
  await expect(page.locator('html')).toHaveClass('js');
  // The class follows a state set once hydration has committed, so the header's mount effects have
  // run by now: the group is still the visitor's open one.
  await expect(careers).toBeVisible();
  await expect(nav.locator('details[open]')).toHaveCount(1);

  // The scripts have taken over: another group closes this one, a navigation closes all.
  await nav.locator('summary', { hasText: 'Kaufen' }).click();
  await expect(careers).toBeHidden();
  await expect(nav.locator('details[open]')).toHaveCount(1);
});
