import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/** Issue 17 items 5 and 6: recommendations on product pages, the document preview, case assist. JavaScript on and off. */

test('a product page recommends parts, and a recommendation opens its product page', async ({ page }) => {
  await page.goto('/products/circuit-protection/fuses');
  await page.locator('.parametric-table tbody th a').first().click();
  await expect(page.locator('.catalogue--part h1')).toBeVisible();
  const viewed = page.getByRole('region', { name: 'Frequently viewed together' });
  const similar = page.getByRole('region', { name: 'Similar parts' });
  await expect(viewed.getByRole('link')).toHaveCount(5);
  await expect(similar.getByRole('link')).toHaveCount(5);
  const target = similar.getByRole('link').first();
  const part = (await target.textContent())!;
  await target.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(part);
  await expect(page.getByRole('region', { name: 'Similar parts' }).getByRole('link')).toHaveCount(5);
});

test('a document preview reads like the document: details in words, no index fields', async ({ page, javaScriptEnabled }) => {
  await page.goto('/de/searchresult?q=datasheet&f.objecttype=Document');
  const link = page.locator('.result--document').first().getByRole('link', { name: 'Vorschau' });
  await link.click();
  // In place (decision 0181): a dialog with scripts, the preview page in the same tab without.
  const preview = javaScriptEnabled ? page.getByRole('dialog') : page.locator('body');
  await expect(preview.locator('h1')).toBeVisible();
  const details = preview.getByRole('definition');
  await expect(preview.locator('dt')).toContainText(['Art', 'Sprache', 'Größe']);
  await expect(details.nth(1)).toHaveText(/Englisch|Deutsch|Japanisch|Chinesisch/);
  await expect(details.nth(3)).toHaveText(/^[\d,]+ (kB|MB)$/);
  // German dates: "3. März 2025".
  await expect(preview.locator('dd').last()).toHaveText(/^\d{1,2}\. \p{L}+ \d{4}$/u);
  const text = (await preview.innerText()).toLowerCase();
  for (const field of ['objecttype', 'urihash', 'sysuri', 'permanentid', 'assetlanguage', 'datecreated', 'documenttype']) expect(text).not.toContain(field);
  expect(text).not.toMatch(/\b\d{13}\b/);
  if (!javaScriptEnabled) {
    // Its own stylesheet applies although the page is sandboxed, and it leads back to the search.
    expect(await preview.locator('h1').evaluate((h1) => getComputedStyle(h1).fontSize)).toBe('24px');
    await page.getByRole('link', { name: /Zurück zu den Suchergebnissen/ }).click();
    await expect(page).toHaveURL(/\/de\/searchresult\?q=datasheet/);
  }
});

test('the contact form suggests documents and FAQs as the problem is described, and still sends', async ({ page, javaScriptEnabled }) => {
  await page.goto('/company/contact?unit=ESBU&country=Germany');
  await page.getByLabel('Your name *').fill('Case Assist');
  await page.getByLabel('Your e-mail address *').fill('case.assist@customer.example');
  const message = 'Our PTC resettable fuse trips too early: what does the hold current mean?';
  const suggestions = page.getByRole('region', { name: 'These may answer your question' });
  if (javaScriptEnabled) {
    // As they type (the page hydrated before goto returned): no button pressed.
    await page.getByLabel('Message *').pressSequentially(message, { delay: 5 });
  } else {
    await page.getByLabel('Message *').fill(message);
    await page.getByRole('button', { name: 'Suggest answers' }).click();
  }
  await expect(suggestions.locator('li').first()).toBeVisible();
  await expect(suggestions).toContainText('What does the hold current of a PTC resettable fuse mean?');
  // Nothing was sent, and nothing the visitor wrote is lost.
  await expect(page.locator('.contact-us__sent')).toHaveCount(0);
  await expect(page.getByLabel('Message *')).toHaveValue(message);
  await expect(page.getByLabel('Your name *')).toHaveValue('Case Assist');
  await suggestions.getByText('What does the hold current of a PTC resettable fuse mean?').click();
  await expect(suggestions.getByText(/The hold current is given in A/)).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('.contact-us__sent')).toContainText(/Reference VC-\d{6}-/);
});
