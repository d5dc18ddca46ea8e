import { expect, type Locator, type Page } from '@playwright/test';
import { hydrated, test } from './support/hydrated-test.ts';

/**
 * Issue 18, items 7 and 8, as a visitor uses them, with JavaScript on and off: the header's
 * navigation by keyboard, the supplier notification form, and the partner portal after sign-in.
 */

/** Tabs from where focus is until `target` has it (the page's real tab order, bounded). */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let n = 0; n < limit; n += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element never received focus by Tab');
}

test('the header navigation works by keyboard: a group opens, a link inside it opens its page', async ({ page, javaScriptEnabled }) => {
  await page.goto('/de/');
  const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
  const company = nav.locator('summary', { hasText: 'Unternehmen' });
  const careers = nav.getByRole('link', { name: 'Karriere' });
  await expect(careers).toBeHidden();
  await tabTo(page, company);
  await page.keyboard.press('Enter');
  await expect(careers).toBeVisible();
  if (javaScriptEnabled) {
    // Escape closes the group and gives focus back to its summary.
    await page.keyboard.press('Escape');
    await expect(careers).toBeHidden();
    await expect(company).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(careers).toBeVisible();
  }
  await tabTo(page, careers);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/de\/company\/careers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Karriere');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // The page is marked in the navigation; after a navigation no group is left open.
  await expect(nav.locator('a[aria-current="page"]')).toHaveText('Karriere');
  await expect(nav.locator('details[open]')).toHaveCount(0);
});

test('every area is one disclosure away in the header, in Japanese', async ({ page }) => {
  await page.goto('/ja-jp/');
  const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
  for (const [group, link, path] of [
    ['購入', 'パートナーポータル', '/ja-jp/partner-portal'],
    ['企業情報', 'サプライヤーエリア', '/ja-jp/supplier-area'],
    ['設計・サポート', '専門家に質問する', '/ja-jp/ask-an-expert'],
  ] as const) {
    await nav.locator('summary', { hasText: group }).click();
    await expect(nav.getByRole('link', { name: link })).toHaveAttribute('href', path);
    await nav.locator('summary', { hasText: group }).click();
  }
  await expect(nav.getByRole('link', { name: 'お問い合わせ' })).toHaveAttribute('href', '/ja-jp/company/contact');
  const footer = page.getByRole('navigation', { name: 'フッターナビゲーション' });
  await expect(footer.getByRole('link', { name: 'メール配信の登録' })).toHaveAttribute('href', '/ja-jp/subscription');
});

test('a supplier sends a notification from the supplier area and gets a reference', async ({ page }) => {
  await page.goto('/de/supplier-area');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lieferantenbereich');
  await page.getByRole('link', { name: 'Formular für Lieferantenmitteilungen' }).click();
  await expect(page).toHaveURL(/\/de\/supplier-area#supplier-notification$/);
  await page.getByLabel('Ihr Name *').fill('Jana Novák');
  await page.getByLabel('Ihre E-Mail-Adresse *').fill('jana.novak@keramik.example');
  await page.getByLabel('Lieferantennummer *').fill('S-20417');
  await page.getByLabel('Art der Mitteilung *').selectOption({ label: 'Prozess- oder Materialänderung' });
  await page.getByLabel('Betroffene Voltaris-Teilenummern').fill('0451005, 0453002');
  await page.getByLabel('Gültig ab').fill('2027-03-01');
  await page.getByLabel('Einzelheiten *').fill('Der Brennofen für die Keramikkörper zieht in Halle 3 um.');
  await page.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(page.locator('.enquiry__sent')).toContainText(/Referenz VC-\d{6}-/);
  await expect(page.getByRole('button', { name: 'Nachricht senden' })).toHaveCount(0);
});

test('a distributor signs in to the partner portal and uses its price check and documents', async ({ page, javaScriptEnabled }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.locator('summary', { hasText: 'Buy' }).click();
  await nav.getByRole('link', { name: 'Partner portal' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mail address').fill('buyer@customer.example');
  await page.getByLabel('Password').fill('buyer-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/partner-portal$/);
  // A document the provider's redirect loaded, not a goto: hydrated before its link is followed, so
  // the price check is typed into a page that will not hydrate under the typing.
  await hydrated(page, javaScriptEnabled);

  const main = page.locator('main');
  await expect(main.getByTestId('portal-name')).toHaveText('Bea Buyer');
  await expect(main.getByTestId('portal-group')).toHaveText('Distribution partner (External-User)');
  await expect(main.getByRole('heading', { name: 'Secured documents' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'For Voltaris staff' })).toHaveCount(0);
  const document = main.locator('.portal__documents a').first();
  const href = (await document.getAttribute('href'))!;
  expect(href).toMatch(/^\/media\/resources\/.+\.pdf$/);
  // The browser's cookies open it; without them it is sign-in.
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');

  await main.getByRole('link', { name: 'Check price and stock' }).click();
  await expect(page).toHaveURL(/\/partner-portal\/price-and-stock$/);
  await page.getByLabel('Part number').fill('59-4.3S');
  await page.getByLabel('Quantity').fill('150');
  await page.getByRole('button', { name: 'Check stock' }).click();
  const prices = page.locator('table.price-breaks');
  await expect(prices.locator('caption')).toHaveText('Your agreed prices');
  await expect(prices.locator('tbody tr')).toHaveCount(4);
  await expect(prices.locator('.price-breaks__applies td').first()).toHaveText('100');
});

test('staff sign in from the German portal address and see their own section', async ({ page }) => {
  await page.goto('/de/partner-portal');
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel('E-Mail-Adresse').fill('staff@corp.example');
  await page.getByLabel('Passwort').fill('staff-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/de\/partner-portal$/);
  const main = page.locator('main');
  await expect(main.getByTestId('portal-group')).toHaveText('Voltaris-Mitarbeitende (Internal-User)');
  await expect(main.getByRole('heading', { name: 'Für Voltaris-Mitarbeitende' })).toBeVisible();
  await main.getByRole('link', { name: 'Qualitätsanforderungen an Lieferanten' }).click();
  await expect(page).toHaveURL(/\/de\/supplier-area\/quality-requirements$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Qualitätsanforderungen an Lieferanten');
});
