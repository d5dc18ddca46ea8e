import { expect, test } from '@playwright/test';

// The Chinese site is the same site on a host ending in .cn (REQ-LANG-1). The language switcher
// of the demo leads to its own host plus ".cn"; signing in there must come back there, signed in.
// The embedded provider knew only the global origin's callback and refused the Chinese one
// (invalid_redirect_uri, an English error page).
test('a visitor of the Chinese site signs in and comes back to the Chinese page, signed in', async ({ page, baseURL }) => {
  const chinese = new URL(baseURL!);
  chinese.hostname = `${chinese.hostname}.cn`;
  await page.goto(new URL('/partner-portal', chinese).toString());
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.locator('#email').fill('buyer@customer.example');
  await page.locator('#password').fill('buyer-password');
  await page.locator('main form button[type="submit"]').click();
  await expect(page).toHaveURL(new URL('/partner-portal', chinese).toString());
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('navigation', { name: '您的账户' })).toContainText('Bea Buyer');
});

test('a visitor of the Chinese site signs out and lands on the Chinese home page, signed out', async ({ page, baseURL }) => {
  const chinese = new URL(baseURL!);
  chinese.hostname = `${chinese.hostname}.cn`;
  await page.goto(new URL('/login?redirectTo=%2Fcompany%2Fabout', chinese).toString());
  await page.locator('#email').fill('staff@corp.example');
  await page.locator('#password').fill('staff-password');
  await page.locator('main form button[type="submit"]').click();
  await expect(page).toHaveURL(new URL('/company/about', chinese).toString());
  const menu = page.getByRole('navigation', { name: '您的账户' });
  await expect(menu).toContainText('Sam Staff');
  await menu.locator('button[type="submit"]').click();
  // The provider asks whether to end its own session too (a plain form).
  await page.locator('button[name="logout"]').click();
  await expect(page).toHaveURL(new URL('/', chinese).toString());
  await expect(page.locator('.account-menu__sign-in')).toBeVisible();
});
