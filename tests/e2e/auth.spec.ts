import { expect, type Page } from '@playwright/test';
import { test } from './support/hydrated-test.ts';
import { SHORT_SESSION_URL } from '../../playwright.config.ts';

/** Sign-in through the embedded OpenID provider: every flow with JavaScript on and off. */

const ACCOUNTS = [
  { email: 'admin@corp.example', password: 'admin-password', name: 'Ada Admin' },
  { email: 'staff@corp.example', password: 'staff-password', name: 'Sam Staff' },
  { email: 'buyer@customer.example', password: 'buyer-password', name: 'Bea Buyer' },
];

async function fillLogin(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const account of ACCOUNTS) {
  test(`${account.email} signs in from a deep link, lands back on it, sees their name, signs out`, async ({ page }) => {
    await page.goto('/company/about');
    await page.locator('.account-menu__sign-in').click();
    await expect(page).toHaveURL(/\/oidc\/interaction\//);
    await fillLogin(page, account.email, account.password);
    await expect(page).toHaveURL(/\/company\/about$/);
    const menu = page.getByRole('navigation', { name: 'Your account' });
    await expect(menu).toContainText(account.name);
    await expect(menu.getByRole('link', { name: 'Partner portal' })).toBeVisible();

    await menu.getByRole('button', { name: 'Sign out' }).click();
    // The provider asks whether to end its own session too (a plain form).
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.account-menu__sign-in')).toBeVisible();
  });
}

test('the login page speaks the language of the page the visitor came from', async ({ page }) => {
  await page.goto('/de/company/about');
  await page.locator('.account-menu__sign-in').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
});

test('an anonymous visit to a protected page goes straight to sign-in, and back after it', async ({ page }) => {
  await page.goto('/partner-portal');
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await fillLogin(page, 'buyer@customer.example', 'buyer-password');
  await expect(page).toHaveURL(/\/partner-portal$/);
  await expect(page.getByRole('heading', { name: 'Welcome to the partner portal' })).toBeVisible();
});

test('a wrong password is refused and the e-mail stays', async ({ page }) => {
  await page.goto('/login?redirectTo=%2F');
  await fillLogin(page, 'buyer@customer.example', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('not right');
  await expect(page.getByLabel('E-mail address')).toHaveValue('buyer@customer.example');
});

test.describe('an expired session', () => {
  test.use({ baseURL: SHORT_SESSION_URL });

  test('shows the Auth required dialog: No closes it, Yes signs in again and returns', async ({ page }) => {
    await page.goto('/partner-portal');
    await fillLogin(page, 'staff@corp.example', 'staff-password');
    await expect(page.getByRole('heading', { name: 'Welcome to the partner portal' })).toBeVisible();
    await page.waitForTimeout(4500);
    await page.goto('/partner-portal');
    const dialog = page.getByRole('dialog', { name: 'Auth required' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Do you want to re-authenticate?');
    await expect(page.getByText('Welcome to the partner portal')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('Your session has ended.')).toBeVisible();

    await page.goto('/partner-portal');
    await page.getByRole('dialog', { name: 'Auth required' }).getByRole('button', { name: 'Yes' }).click();
    // The provider may still know the visitor (its own session) and skip its login form.
    await page.waitForURL(/\/partner-portal$|\/oidc\/interaction\//);
    if (page.url().includes('/oidc/interaction/')) await fillLogin(page, 'staff@corp.example', 'staff-password');
    await expect(page).toHaveURL(/\/partner-portal$/);
    await expect(page.getByRole('heading', { name: 'Welcome to the partner portal' })).toBeVisible();
  });
});

test('the session cookie carries nothing personal, and a copy of it is refused once its session signed out', async ({ page, browser, javaScriptEnabled }) => {
  await page.goto('/login?redirectTo=%2F');
  await fillLogin(page, 'buyer@customer.example', 'buyer-password');
  await expect(page.getByRole('navigation', { name: 'Your account' })).toContainText('Bea Buyer');
  const copied = (await page.context().cookies()).find((cookie) => cookie.name === 'session')!;
  const decoded = decodeURIComponent(copied.value).split('.').map((part) => Buffer.from(part, 'base64').toString('utf8')).join(' ');
  for (const personal of ['buyer@customer.example', 'Bea', '555']) expect(decoded).not.toContain(personal);

  await page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page.locator('.account-menu__sign-in')).toBeVisible();

  const thief = await browser.newContext({ javaScriptEnabled });
  try {
    await thief.addCookies([copied]);
    const stolen = await thief.newPage();
    await stolen.goto('/partner-portal');
    // Treated as never signed in: straight to the provider's sign-in form, none of the portal.
    await expect(stolen).toHaveURL(/\/oidc\/interaction\//);
    await expect(stolen.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  } finally {
    await thief.close();
  }
});

test('password guesses are throttled: after five the form says to wait, in the page language', async ({ page, javaScriptEnabled }) => {
  // A client address of this project's own (the site trusts its loopback proxy): nobody else is held back.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': javaScriptEnabled ? '203.0.113.40' : '203.0.113.41' });
  await page.goto('/de/company/about');
  await page.locator('.account-menu__sign-in').click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  for (let n = 0; n < 5; n += 1) {
    await page.getByLabel('E-Mail-Adresse').fill('buyer@customer.example');
    await page.getByLabel('Passwort').fill(`guess-${n}`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toContainText('stimmen nicht');
  }
  await page.getByLabel('Passwort').fill('buyer-password');
  const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), page.getByRole('button', { name: 'Anmelden' }).click()]);
  expect(answer.status()).toBe(429);
  await expect(page.getByRole('alert')).toContainText('Zu viele Anmeldeversuche');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
