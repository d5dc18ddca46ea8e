import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

// The resource library as a visitor uses it, with JavaScript and without: the same GET form and
// links either way; every file and thumbnail it lists opens.

const documents = (page: Page) => page.locator('.library-document');

test.describe('resource library', () => {
  test('lists documents from the index and filters them with the form', async ({ page }) => {
    await page.goto('/resource-library');
    await expect(page.getByRole('heading', { level: 1, name: 'Resource Library' })).toBeVisible();
    await expect(documents(page)).toHaveCount(24);
    await expect(page.getByRole('status').filter({ hasText: /Documents 1–24 of \d+/ })).toBeVisible();

    await page.getByLabel('Document type').selectOption('datasheet');
    await page.getByLabel('Document language').selectOption('de');
    await page.getByRole('button', { name: 'Show documents' }).click();
    await expect(page).toHaveURL(/type=datasheet/);
    await expect(page).toHaveURL(/lang=de/);
    await expect(page.locator('.library-document__title a').first()).toHaveAttribute('href', /-de\.pdf$/);
    const links = await page.locator('.library-document__title a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(links.length).toBeGreaterThan(0);
    for (const href of links) expect(href).toMatch(/^\/media\/resources\/datasheet\/.+-de\.pdf$/);
    await expect(page.locator('.library-document__title a').first()).toHaveAttribute('lang', 'de');

    await page.getByRole('link', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/resource-library\?$|\/resource-library$/);
    await expect(documents(page)).toHaveCount(24);
  });

  test('pages through the list and leaves the page when the letter changes', async ({ page }) => {
    await page.goto('/resource-library?type=application-note');
    const first = await page.locator('.library-document__title a').first().getAttribute('href');
    await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/type=application-note&page=2$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(await page.locator('.library-document__title a').first().getAttribute('href')).not.toBe(first);
    await page.getByRole('navigation', { name: 'Filter by first letter' }).getByRole('link', { name: 'S', exact: true }).click();
    await expect(page).toHaveURL(/type=application-note&initial=S$/);
    await expect.poll(async () => (await page.locator('.library-document__title a').allTextContents()).every((title) => title.startsWith('S'))).toBe(true);
  });

  test('every listed file and thumbnail opens, the file as long as the list says', async ({ page }) => {
    await page.goto('/resource-library');
    const rows = await documents(page).evaluateAll((items) =>
      items.map((item) => ({
        href: item.querySelector('.library-document__title a')?.getAttribute('href') ?? '',
        size: Number(item.querySelector('data')?.getAttribute('value')),
        thumbnail: item.querySelector('img')?.getAttribute('src') ?? '',
        alt: item.querySelector('img')?.getAttribute('alt') ?? '',
      })),
    );
    expect(rows.length).toBe(24);
    for (const row of rows) {
      const file = await page.request.get(row.href);
      expect(file.status(), row.href).toBe(200);
      expect(file.headers()['content-type']).toBe('application/pdf');
      expect((await file.body()).length, row.href).toBe(row.size);
      expect(row.alt).toMatch(/PDF document/);
    }
    for (const thumbnail of new Set(rows.map((row) => row.thumbnail))) {
      const image = await page.request.get(thumbnail);
      expect(image.status(), thumbnail).toBe(200);
      expect(image.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    }
    // The pictures in view are drawn.
    const drawn = await page.locator('.library-document__thumbnail').first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(drawn).toBe(true);
  });

  test('is German on /de, with a German 400 for a bad filter and a 404 past the last page', async ({ page }) => {
    const bad = await page.goto('/de/resource-library?lang=fr');
    expect(bad?.status()).toBe(400);
    await expect(page.locator('.resource-library [role="alert"]')).toContainText('„fr“ ist keine Dokumentsprache der Bibliothek');
    await page.getByRole('link', { name: 'Alle Filter zurücksetzen' }).first().click();
    await expect(documents(page)).toHaveCount(24);
    await expect(page.getByLabel('Dokumenttyp')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    const beyond = await page.goto('/de/resource-library?page=9999');
    expect(beyond?.status()).toBe(404);
    await page.getByRole('link', { name: /^Zu Seite \d+$/ }).click();
    await expect(documents(page).first()).toBeVisible();
  });

  test('asks anonymous visitors to sign in for secured papers', async ({ page }) => {
    await page.goto('/ja-jp/resource-library?type=technical-paper');
    await expect(page.locator('.library-signin')).toContainText('一部の技術論文は、サインインしたお客様のみご覧いただけます。');
    await expect(page.locator('.library-document__lock')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'サインインして表示' })).toHaveAttribute('href', /^\/login\?redirectTo=%2Fja-jp%2Fresource-library/);
  });
});
