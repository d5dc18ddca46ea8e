import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';
import { SHORT_SESSION_URL } from '../../playwright.config.ts';

/**
 * A visitor past the form rate limit (FORM_RATE_LIMIT_PER_MINUTE, 10, on the second site; the
 * main test site turns it off) keeps the page, the form and what they typed, with the refusal
 * beside it. The limit counts per client address: each test names its own (X-Forwarded-For,
 * trusted from loopback), so runs in parallel do not share a window.
 */
let nextAddress = 0;
const ownAddress = (javaScriptEnabled: boolean) => `10.77.${javaScriptEnabled ? 1 : 2}.${(nextAddress += 1)}`;

test('a form post past the rate limit keeps the page, the form and the typed input, with the refusal in the page language', async ({ page, request, javaScriptEnabled }) => {
  const address = ownAddress(javaScriptEnabled);
  const headers = { origin: SHORT_SESSION_URL, 'x-forwarded-for': address };
  // Ten posts use up the minute's window for this address.
  for (let n = 1; n <= 10; n += 1) {
    const answer = await request.post(`${SHORT_SESSION_URL}/CheckStock`, { form: { _component: 'CheckStock', partNumber: '59-4.3S', quantity: String(n) }, headers });
    expect(answer.status()).not.toBe(429);
  }
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await page.goto(`${SHORT_SESSION_URL}/de/CheckStock`);
  await page.getByLabel('Teilenummer').fill('0451001.NR, 59-4.3S');
  await page.getByLabel('Menge').fill('7');
  const posted = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Bestand prüfen' }).click();
  const answer = await posted;
  expect(answer.status()).toBe(429);
  expect(Number(await answer.headerValue('retry-after'))).toBeGreaterThan(0);
  await expect(page.locator('#check-stock-form-error')).toHaveText(/^Zu viele Formularsendungen von Ihrer Adresse; bitte warten Sie einen Moment/);
  // The page is whole (header and footer), the form holds what was typed.
  await expect(page.locator('header').first()).toBeVisible();
  await expect(page.locator('footer').first()).toBeVisible();
  await expect(page.getByLabel('Teilenummer')).toHaveValue('0451001.NR, 59-4.3S');
  await expect(page.getByLabel('Menge')).toHaveValue('7');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('request samples: every mistake in one round, quantities and catalogue alike', async ({ page }) => {
  await page.goto('/request-sample');
  await page.getByRole('button', { name: 'Sign in to request samples' }).click();
  await page.getByLabel('E-mail address').fill('buyer@customer.example');
  await page.getByLabel('Password').fill('buyer-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Part number 1')).toBeVisible();
  await page.getByLabel('Part number 1').fill('SMBJ13A');
  await page.getByLabel('Pieces 1').fill('11');
  await page.getByLabel('Part number 2').fill('NOPE999');
  await page.getByLabel('Pieces 2').fill('3');
  await page.getByLabel('Part number 3').fill('SMBJ12A');
  await page.getByLabel('Pieces 3').fill('0');
  await page.getByRole('button', { name: 'Request samples' }).click();
  await expect(page.locator('#sample-qty1-error')).toHaveText('Samples are 1 to 10 pieces.');
  await expect(page.locator('#sample-qty3-error')).toHaveText('Samples are 1 to 10 pieces.');
  await expect(page.locator('#sample-part2-error')).toContainText('We have no part with this number');
  await expect(page.locator('#sample-part3-error')).toContainText('not available as a sample');
  await expect(page.locator('#sample-part1-error')).toHaveCount(0);
  await expect(page.getByLabel('Part number 2')).toHaveValue('NOPE999');
  await expect(page.getByLabel('Pieces 1')).toHaveValue('11');
});

test('contact us: a refused send keeps the message and the answers suggested for it', async ({ page }) => {
  await page.goto('/company/contact?unit=ESBU&country=Germany');
  const message = 'Our PTC resettable fuse trips too early: what does the hold current mean?';
  const suggestions = page.getByRole('region', { name: 'These may answer your question' });
  await page.getByLabel('Message *').fill(message);
  await page.getByRole('button', { name: 'Suggest answers' }).click();
  await expect(suggestions).toContainText('What does the hold current of a PTC resettable fuse mean?');
  await page.getByLabel('Your name *').fill('');
  await page.getByLabel('Your e-mail address *').fill('x');
  const posted = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await posted).status()).toBe(422);
  await expect(page.locator('#contact-email-error')).toHaveText('Enter an e-mail address like name@example.com.');
  await expect(page.locator('#contact-name-error')).toBeVisible();
  await expect(page.getByLabel('Message *')).toHaveValue(message);
  await expect(suggestions).toContainText('What does the hold current of a PTC resettable fuse mean?');
});

test('the header search box: Escape closes the suggestions and keeps the typed text; a second Escape clears it', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'suggestions need JavaScript; without it the box is a plain form');
  await page.goto('/');
  const box = page.locator('.header-search input[role="combobox"]');
  await box.pressSequentially('fus', { delay: 50 });
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('fus');

  // Again after moving through the options: the text is still the typed one.
  await box.press('ArrowDown');
  await expect(options.first()).toBeVisible();
  await box.press('ArrowDown');
  await box.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(box).toHaveValue('fus');
  await expect(box).toBeFocused();
  // With the list closed, Escape clears the box as a search field's does.
  await box.press('Escape');
  await expect(box).toHaveValue('');
});

test('the home page does not move when scripts turn the technology links into tabs', async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  if (javaScriptEnabled) {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
  }
  await page.goto('/');
  const technologies = page.locator('.anchor-tabs');
  // One section shows, with or without scripts: the first.
  await expect(technologies.getByText('Fuses, PTC resettable devices')).toBeVisible();
  await expect(technologies.getByText('Reed switches, reed sensors')).toBeHidden();
  if (javaScriptEnabled) {
    await expect(technologies.getByRole('tab', { name: 'Sensing' })).toBeVisible();
    // Whatever the page did before and at hydration: no layout shift.
    await page.waitForTimeout(500);
    const total = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
    expect(total).toBeLessThan(0.001);
    await technologies.getByRole('tab', { name: 'Sensing' }).click();
  } else {
    await technologies.getByRole('link', { name: 'Sensing' }).click();
  }
  await expect(technologies.getByText('Reed switches, reed sensors')).toBeVisible();
  await expect(technologies.getByText('Fuses, PTC resettable devices')).toBeHidden();
  await expect(page).toHaveURL(/#sensing$/);
});
