import { createCookie } from '@remix-run/node';
import { expect, type BrowserContext } from '@playwright/test';
import { test } from './support/hydrated-test.ts';
import { DEMO_SESSION_SECRET } from '../../server/config.ts';

/**
 * Sign-in's callback has one address for every language: a refusal there speaks the language of
 * the page the sign-in started from, and signing in again goes back to that page (JS on and off).
 */

test('a sign-in refused at the callback is in German for a visitor who started on a German page', async ({ page }) => {
  await page.goto('/de/company/about');
  await page.locator('.account-menu__sign-in').click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();

  // The provider's answer cannot be trusted (a state this attempt never sent).
  const response = await page.goto('/login/callback?code=abc&state=forged');
  expect(response?.status()).toBe(400);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldung nicht abgeschlossen');
  await expect(page.getByRole('alert')).toContainText('Der Antwort des Anmeldedienstes konnte nicht vertraut werden');
  await expect(page).toHaveTitle('Anmeldung nicht abgeschlossen | Voltaris Components');
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(0);
  // Reloaded, the refusal stays German.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmeldung nicht abgeschlossen');

  await page.getByRole('link', { name: 'Erneut anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.getByLabel('E-Mail-Adresse').fill('staff@corp.example');
  await page.getByLabel('Passwort').fill('staff-password');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/de\/company\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('the language switcher of a German refusal leads to the English home page, in English', async ({ page }) => {
  await page.goto('/de/products');
  await page.locator('.account-menu__sign-in').click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.goto('/login/callback?code=abc&state=forged');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('.language-switcher').first().locator('a[hreflang="en"]').click();
  await expect(page).toHaveURL(/:\d+\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.account-menu__sign-in')).toHaveText('Sign in');
});

/** The attempt /login leaves in the browser, started `minutesAgo` (an attempt is good for ten minutes). */
async function heldAttempt(context: BrowserContext, host: string, redirectTo: string, minutesAgo: number) {
  const cookie = createCookie('sign-in', { path: '/login', httpOnly: true, sameSite: 'lax', secrets: [DEMO_SESSION_SECRET] });
  const serialized = await cookie.serialize({ nonce: 'n'.repeat(22), redirectTo, startedAt: Date.now() - minutesAgo * 60_000 });
  const value = serialized.split(';')[0]!.slice('sign-in='.length);
  await context.addCookies([{ name: 'sign-in', value, domain: host, path: '/login', httpOnly: true, sameSite: 'Lax' }]);
}

for (const [where, redirectTo, lang, text, again] of [
  ['127.0.0.1', '/ja-jp/support/faq', 'ja-JP', 'サインインに時間がかかりすぎたか', 'もう一度サインイン'],
  ['www.example.com.cn', '/support/faq', 'zh-CN', '此次登录耗时过长或在其他地方开始', '重新登录'],
] as const) {
  test(`an attempt that took too long is refused in ${lang}, the language it started from`, async ({ page, context, baseURL }) => {
    const port = new URL(baseURL!).port;
    await heldAttempt(context, where, redirectTo, 11);
    const response = await page.goto(`http://${where}:${port}/login/callback?code=abc&state=late`);
    expect(response?.status()).toBe(400);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('alert')).toContainText(text);
    await expect(page.getByRole('link', { name: again })).toHaveAttribute('href', `/login?${new URLSearchParams({ redirectTo })}`);
  });
}
