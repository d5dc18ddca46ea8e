import { expect, type Page } from '@playwright/test';
import { hydrated, test } from './support/hydrated-test.ts';

/*
 * The shell (header, footer, account, language) is sent with a document and kept while the visitor
 * moves between pages of a language (decision 0062): signing in and out, another language, and a
 * session ended elsewhere still show in the header. With JavaScript on and off.
 */

/** The page's data requests from now on (JavaScript on: the browser asks for `.data`). */
function dataRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.data')) urls.push(request.url());
  });
  return urls;
}

async function signIn(page: Page, email: string, password: string) {
  await page.locator('.account-menu__sign-in').click();
  await page.getByLabel(/^(E-mail address|E-Mail-Adresse)$/).fill(email);
  await page.getByLabel(/^(Password|Passwort)$/).fill(password);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
}

const headerLink = (page: Page, name: string) => page.locator('.site-nav > ul > li > a', { hasText: name });

test('the header follows sign-in, a language switch and sign-out across navigations, and is not asked for again between them', async ({ page, javaScriptEnabled }) => {
  const requests = dataRequests(page);
  await page.goto('/company/about');
  await headerLink(page, 'Products').click();
  await expect(page).toHaveURL(/\/products$/);
  // The address changes before the new page is shown (its rendering's module may still be on its way).
  await expect(page.locator('.account-menu__sign-in')).toHaveAttribute('href', /redirectTo=%2Fproducts$/);
  await expect(page.locator('.site-footer')).toBeVisible();
  await expect(page.locator('.account-menu__sign-in')).toHaveText('Sign in');
  if (javaScriptEnabled) {
    // A client navigation in the same language: the page's phrases and data only, not the shell's.
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(new URL(url).searchParams.get('_routes'), url).toBe('routes/_page,routes/$');
  }

  await signIn(page, 'staff@corp.example', 'staff-password');
  await expect(page).toHaveURL(/\/products$/);
  await hydrated(page, javaScriptEnabled);
  const menu = page.getByRole('navigation', { name: 'Your account' });
  await expect(menu).toContainText('Sam Staff');
  await headerLink(page, 'Contact us').click();
  await expect(page).toHaveURL(/\/company\/contact$/);
  await expect(menu).toContainText('Sam Staff');

  // Another language: the header's links and words in German, the account kept.
  const deutsch = page.locator('.site-header .language-switcher').getByRole('link', { name: 'Deutsch' });
  await expect(deutsch).toHaveAttribute('href', /\/de\/company\/contact$/);
  await deutsch.click();
  await expect(page).toHaveURL(/\/de\/company\/contact$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(headerLink(page, 'Produkte')).toBeVisible();
  const germanMenu = page.getByRole('navigation', { name: 'Ihr Konto' });
  await expect(germanMenu).toContainText('Sam Staff');
  await headerLink(page, 'Produkte').click();
  await expect(page).toHaveURL(/\/de\/products$/);
  await expect(germanMenu).toContainText('Sam Staff');
  // The alternates follow the page shown, not the one the shell came with.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/de\/products$/);
  await expect(page.locator('.site-header .language-switcher').getByRole('link', { name: 'English' })).toHaveAttribute('href', /\/products$/);

  await germanMenu.getByRole('button', { name: 'Abmelden' }).click();
  await page.getByRole('button', { name: 'Ja, abmelden' }).click();
  await expect(page).toHaveURL(/\/de\/$/);
  await hydrated(page, javaScriptEnabled);
  await expect(page.locator('.account-menu__sign-in')).toHaveText('Anmelden');
  await headerLink(page, 'Produkte').click();
  await expect(page).toHaveURL(/\/de\/products$/);
  await expect(page.locator('.account-menu__sign-in')).toHaveText('Anmelden');
  await expect(page.getByRole('navigation', { name: 'Ihr Konto' })).toHaveCount(0);
});

test('a session ended in another tab shows in the header at the next navigation', async ({ page, context, javaScriptEnabled }) => {
  await page.goto('/company/about');
  await signIn(page, 'buyer@customer.example', 'buyer-password');
  await expect(page).toHaveURL(/\/company\/about$/);
  await hydrated(page, javaScriptEnabled);
  await expect(page.getByRole('navigation', { name: 'Your account' })).toContainText('Bea Buyer');

  const other = await context.newPage();
  await other.goto('/company/news');
  await other.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click();
  await other.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(other.locator('.account-menu__sign-in')).toBeVisible();
  await other.close();

  // The first tab still holds the signed-in shell; its next page was made for nobody signed in.
  await headerLink(page, 'Products').click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator('.account-menu__sign-in')).toHaveText('Sign in');
  await expect(page.getByRole('navigation', { name: 'Your account' })).toHaveCount(0);
});

test('a page that does not exist says so in the page language, reached by a link or typed', async ({ page }) => {
  await page.goto('/de/company/about');
  // A link to a page that is gone: with JavaScript, the error comes with the page's data.
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/de/company/no-such-page';
    link.textContent = 'weg';
    link.id = 'gone';
    document.querySelector('main')!.append(link);
  });
  await page.locator('#gone').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
  await expect(page.getByRole('link', { name: 'Zur Startseite' })).toBeVisible();
  await page.goto('/ja-jp/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ページが見つかりません/);
});

test("the search page's words stay when only its query changes, and are not sent again", async ({ page, javaScriptEnabled }) => {
  await page.goto('/de/searchresult?q=sicherung');
  const pager = page.getByRole('navigation', { name: 'Ergebnisseiten' });
  await expect(pager.getByRole('link', { name: 'Zurück' })).toHaveCount(0);
  const firstResult = await page.locator('.result-list > li').first().textContent();
  const requests = dataRequests(page);
  await pager.getByRole('link', { name: 'Weiter' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  // The second page, with the page's own words in German as on the first.
  await expect(pager.getByRole('link', { name: 'Zurück' })).toBeVisible();
  await expect(page.locator('.result-list > li').first()).not.toHaveText(firstResult!);
  await expect(pager.getByRole('link', { name: 'Weiter' })).toBeVisible();
  if (javaScriptEnabled) {
    // The same path: the page's route alone, its phrases kept from the first page.
    expect(requests.length).toBeGreaterThan(0);
    for (const url of requests) expect(new URL(url).searchParams.get('_routes'), url).toBe('routes/$');
    // Another path asks for its phrases again.
    requests.length = 0;
    await headerLink(page, 'Produkte').click();
    await expect(page).toHaveURL(/\/de\/products$/);
    expect(requests.some((url) => new URL(url).searchParams.get('_routes') === 'routes/_page,routes/$')).toBe(true);
  }
});
