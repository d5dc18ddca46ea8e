import { expect, test, type Page } from '@playwright/test';
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
