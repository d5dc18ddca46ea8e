import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/** Issue 18 item 9: German pages stay German, signing out included (JavaScript on and off). */

test('signing out from a German page passes the provider in German and returns to /de/', async ({ page }) => {
  await page.goto('/de/company/about');
  await page.locator('.account-menu__sign-in').click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('staff@corp.example');
  await page.getByLabel('Passwort').fill('staff-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/de\/company\/about$/);

  const menu = page.getByRole('navigation', { name: 'Ihr Konto' });
  await menu.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByRole('button', { name: 'Ja, abmelden' }).click();
  await expect(page).toHaveURL(/\/de\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('.account-menu__sign-in')).toBeVisible();
});

test('the German search page names facet values in German, and filtering by one keeps the stable value in the URL', async ({ page, javaScriptEnabled }) => {
  await page.goto('/de/searchresult?q=Sicherung');
  const market = page.locator('fieldset.facet', { has: page.locator('legend', { hasText: /^Markt$/ }) });
  await expect(market).toBeVisible();
  await expect(market.getByRole('checkbox', { name: /^Automobil \(\d+\)$/ })).toBeVisible();
  await expect(market.getByRole('checkbox', { name: /^Haushaltsgeräte \(\d+\)$/ })).toBeVisible();
  await expect(market).not.toContainText('Automotive');

  const category = page.locator('fieldset.facet', { has: page.locator('legend', { hasText: /^Kategorie$/ }) });
  await expect(category.getByRole('link', { name: /^Schaltungsschutz/ })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Circuit Protection');

  // Choosing a value filters the results by it (the facets form: Apply without scripts, on change with them).
  await market.getByRole('checkbox', { name: /^Automobil/ }).check();
  if (!javaScriptEnabled) await page.locator('form.search-facets').getByRole('button', { name: 'Anwenden' }).click();
  await expect(page).toHaveURL(/f\.market=Automotive/);
  const crumbs = page.getByRole('navigation', { name: 'Aktive Filter' });
  await expect(crumbs).toContainText('Markt: Automobil');
  await expect(crumbs).not.toContainText('Automotive');
});
