import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/**
 * Values with units in the query (REQ-SEARCH-22, decision 0163), with JavaScript on and off: the
 * value shows as a filter, the first part listed has it, and removing the filter searches the rest
 * of the query, the count widening again.
 */

const firstPart = (page: Page) => page.locator('.result-list > li > h3, .result-list > li > div > h3').first().locator('xpath=ancestor::li[1]');
const total = async (page: Page) => Number(await page.locator('.result-count').getAttribute('data-total'));

test('"10 A fuse": a removable filter "Rated current: 10 A"; removing it searches "fuse"', async ({ page }) => {
  await page.goto('/searchresult?q=10%20A%20fuse');
  const filter = page.locator('.search-breadcrumbs').getByRole('link', { name: 'Remove filter Rated current: 10 A' });
  await expect(filter).toHaveText('Rated current: 10 A ×');
  await expect(firstPart(page).locator('p').filter({ hasText: /(^|[^0-9.])10 A\b/ }).first()).toBeVisible();
  const narrowed = await total(page);
  await filter.click();
  await expect(page).toHaveURL(/[?&]q=fuse(&|$)/);
  await expect(page.locator('.search-page')).not.toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('.search-breadcrumbs')).toHaveCount(0);
  await expect.poll(() => total(page)).toBeGreaterThan(narrowed);
});

test('/de "Sicherung 10 A": the filter in German, a 10 A fuse first', async ({ page }) => {
  await page.goto('/de/searchresult?q=Sicherung%2010%20A');
  await expect(page.locator('.search-breadcrumbs')).toContainText('Nennstrom: 10 A ×');
  await expect(firstPart(page)).toContainText(/(^|[^0-9,])10 A\b/);
});
