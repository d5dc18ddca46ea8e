import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './support/hydrated-test.ts';
import { SHORT_SESSION_URL } from '../../playwright.config.ts';

/** The site's forms: JavaScript on and off. 59-4.3S is in stock in the generated catalogue (series 59, the same at every size). */

test('CheckStock: stock per region for a part, in the page language', async ({ page }) => {
  await page.goto('/de/CheckStock');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.getByLabel('Teilenummer').fill('59-4.3S');
  await page.getByLabel('Menge').fill('10');
  await page.getByRole('button', { name: 'Bestand prüfen' }).click();
  const result = page.locator('.check-stock__result');
  await expect(result.getByRole('heading')).toHaveText('Bestand für 59-4.3S');
  await expect(result.locator('tbody tr')).toHaveCount(6);
  await expect(result).toContainText('Europa, Naher Osten und Afrika');
});

test('CheckStock starts with the part a part page links it with', async ({ page }) => {
  await page.goto('/CheckStock?partNumber=59-4.3S');
  await expect(page.getByLabel('Part number')).toHaveValue('59-4.3S');
});

test('a series datasheet opens as a PDF; an unknown one is 404', async ({ request }) => {
  const datasheet = await request.get('/media/datasheets/0451.pdf');
  expect(datasheet.status()).toBe(200);
  expect(datasheet.headers()['content-type']).toBe('application/pdf');
  expect((await request.get('/media/datasheets/nope.pdf')).status()).toBe(404);
});

test('CheckStock: several part numbers at once; unknown ones named', async ({ page }) => {
  await page.goto('/CheckStock');
  await page.getByLabel('Part number').fill('59-4.3S, 59-3.6S\nZZ99');
  await page.getByLabel('Quantity').fill('1');
  await page.getByRole('button', { name: 'Check stock' }).click();
  const result = page.locator('.check-stock__result');
  await expect(result.getByRole('heading')).toHaveText(['Stock for 59-4.3S', 'Stock for 59-3.6S']);
  await expect(result).toContainText('We have no parts with these numbers: ZZ99.');
});

test('CheckStock: a quantity off the part\'s order multiple (REQ-FORM-3 steps) is answered with the orderable ones', async ({ page }) => {
  // The stock stand-in tapes surface-mount parts (1440.002MR, a 2410 chip) on reels, sold in fives (decision 0173).
  await page.goto('/CheckStock');
  await page.getByLabel('Part number').fill('1440.002MR');
  await page.getByLabel('Quantity').fill('12');
  await page.getByRole('button', { name: 'Check stock' }).click();
  const result = page.locator('.check-stock__result');
  await expect(result).toContainText('Sold in multiples of 5.');
  await expect(result).toContainText('12 is not a multiple of 5: order 10 or 15.');
  await expect(page.getByLabel('Quantity')).toHaveAttribute('step', '5');
  await expect(page.getByLabel('Quantity')).toHaveValue('12');

  await page.getByLabel('Quantity').fill('15');
  await page.getByRole('button', { name: 'Check stock' }).click();
  await expect(result).toContainText('15 pieces');
  await expect(result).not.toContainText('not a multiple');
});

test('CheckStock: invalid input shows field errors and keeps what was typed', async ({ page }) => {
  await page.goto('/CheckStock');
  await page.getByLabel('Part number').fill('<b>');
  await page.getByLabel('Quantity').fill('-5');
  await page.getByRole('button', { name: 'Check stock' }).click();
  await expect(page.locator('#check-stock-part-error')).toHaveText('A part number is 4 to 10 letters, digits, hyphens, periods or spaces, with at least one digit.');
  await expect(page.locator('#check-stock-quantity-error')).toHaveText('Enter a quantity from 0.1 to 1,000,000, with at most two decimals.');
  await expect(page.getByLabel('Part number')).toHaveValue('<b>');
  await expect(page.getByLabel('Part number')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Part number').fill('ZZ99');
  await page.getByLabel('Quantity').fill('5');
  await page.getByRole('button', { name: 'Check stock' }).click();
  await expect(page.locator('#check-stock-part-error')).toContainText('We have no part with this number');
});

test('a filled honeypot is refused', async ({ page }) => {
  await page.goto('/CheckStock');
  await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
  await page.getByLabel('Part number').fill('59-4.3S');
  await page.getByRole('button', { name: 'Check stock' }).click();
  await expect(page.locator('#check-stock-form-error')).toHaveText('This form could not be accepted.');
  await expect(page.locator('.check-stock__result')).toHaveCount(0);
});

test('an 11th form post within a minute from one client is refused with Retry-After', async ({ request, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'one run is enough: the limit is per client address, not per page');
  const post = () => request.post(`${SHORT_SESSION_URL}/CheckStock`, { form: { partNumber: '59-4.3S', quantity: '1' }, headers: { origin: SHORT_SESSION_URL } });
  for (let n = 1; n <= 10; n += 1) expect((await post()).status()).not.toBe(429);
  const eleventh = await post();
  expect(eleventh.status()).toBe(429);
  expect(Number(eleventh.headers()['retry-after'])).toBeGreaterThan(0);
});

test('request samples: sign in first, address from the profile, a reference at once, then SampleList', async ({ page }) => {
  await page.goto('/request-sample?parts=59-4.3S');
  await page.getByRole('button', { name: 'Sign in to request samples' }).click();
  await page.getByLabel('E-mail address').fill('buyer@customer.example');
  await page.getByLabel('Password').fill('buyer-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/request-sample\?parts=59-4\.3S$/);

  await expect(page.getByLabel('Part number 1')).toHaveValue('59-4.3S');
  await expect(page.getByLabel('City *')).toHaveValue('Minato-ku');
  await expect(page.getByLabel('Region *')).toHaveValue('APAC');
  await page.getByLabel('Pieces 1').fill('50');
  await page.getByLabel('Part number 2').fill('ZZ99');
  await page.getByRole('button', { name: 'Request samples' }).click();
  await expect(page.locator('#sample-qty1-error')).toHaveText('Samples are 1 to 10 pieces.');
  await expect(page.getByLabel('Part number 2')).toHaveValue('ZZ99');
  await page.getByLabel('Pieces 1').fill('3');
  await page.getByRole('button', { name: 'Request samples' }).click();
  await expect(page.locator('#sample-part2-error')).toContainText('We have no part with this number');
  await expect(page.getByLabel('Pieces 1')).toHaveValue('3');

  await page.getByLabel('Part number 2').fill('');
  await page.getByRole('button', { name: 'Request samples' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you: your sample request is in' })).toBeVisible();
  const reference = (await page.locator('.reference').textContent())!;
  expect(reference).toMatch(/^VC-\d{6}-/);

  await page.getByRole('link', { name: 'See all your sample requests' }).click();
  await expect(page).toHaveURL(/\/request-sample\/SampleList$/);
  await expect(page.locator('tbody tr', { hasText: reference })).toContainText('59-4.3S × 3');
});

test('contact us: find the contacts of a unit in a country (with Misc), then write to them', async ({ page }) => {
  await page.goto('/company/contact');
  await page.getByLabel('Business unit').selectOption('Sensing');
  await page.getByLabel('Country').selectOption('Japan');
  await page.getByRole('button', { name: 'Find contacts' }).click();
  await expect(page).toHaveURL(/unit=Sensing&country=Japan/);
  const rows = page.locator('.contact-us__contacts tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Sensing');
  await expect(rows.last()).toContainText('Misc');

  await page.getByLabel('Your name *').fill('Kenji Test');
  await page.getByLabel('Your e-mail address *').fill('not-an-address');
  await page.getByLabel('Message *').fill('Short');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('#contact-email-error')).toHaveText('Enter an e-mail address like name@example.com.');
  await expect(page.locator('#contact-message-error')).toHaveText('Please write at least 10 characters.');
  await expect(page.getByLabel('Your name *')).toHaveValue('Kenji Test');

  await page.getByLabel('Your e-mail address *').fill('kenji@customer.example');
  await page.getByLabel('Message *').fill('We need reed sensors for a door sensor design, 20k pieces a year.');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('.contact-us__sent')).toContainText(/Reference VC-\d{6}-/);
});

test('ask an expert: an enquiry form chosen by the editor, errors kept, a reference on success', async ({ page }) => {
  await page.goto('/ask-an-expert');
  await page.getByLabel('Your name *').fill('Lee Engineer');
  await page.getByLabel('Product area *').selectOption('sensing');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('#enquiry-email-error')).toHaveText('This field is required.');
  await expect(page.locator('#enquiry-question-error')).toHaveText('This field is required.');
  await expect(page.getByLabel('Product area *')).toHaveValue('sensing');
  await page.getByLabel('Your e-mail address *').fill('lee@customer.example');
  await page.getByLabel('Your question *').fill('Which reed sensor survives 150 °C under the hood?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('.enquiry__sent')).toContainText(/Reference VC-\d{6}-/);
});

test('the supplier area, arc flash registration and analytical services forms are localized pages', async ({ page }) => {
  for (const [path, label] of [
    ['/supplier-area', 'Supplier number *'],
    ['/de/design-center/arc-flash-calculator', 'Funktion *'],
    ['/ja-jp/company/analytical-services', '分析 *'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByLabel(label)).toBeVisible();
  }
});

// The mail stand-in's listing: its key, and the control token another change adds for it.
const MAIL_HEADERS = { authorization: 'Bearer local-email-key', 'x-control-token': 'local-control-token' };

/** The link of the newest mail to `to` whose subject matches, received after `since`. */
async function mailedLink(request: APIRequestContext, to: string, subject: RegExp, since: number): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get(`/api/sendgrid/messages?${new URLSearchParams({ to })}`, { headers: MAIL_HEADERS });
      const { messages } = (await answer.json()) as { messages: Array<{ subject: string; text: string; receivedAt: string }> };
      const mail = messages.find((entry) => subject.test(entry.subject) && Date.parse(entry.receivedAt) >= since - 1000);
      link = mail ? /https?:\/\/\S+[?&]confirm=\S+/.exec(mail.text)?.[0] : undefined;
      return link;
    }, { timeout: 15_000 })
    .toBeTruthy();
  return link!;
}

test('marketing subscription: a change waits for the e-mailed confirmation; opting in needs consent; the status follows', async ({ page, request, javaScriptEnabled }) => {
  // Sign-in and two mail round trips through the outbox.
  test.slow();
  // One account per project: the two runs go in parallel.
  const [email, password] = javaScriptEnabled ? ['admin@corp.example', 'admin-password'] : ['staff@corp.example', 'staff-password'];
  await page.goto('/login?redirectTo=%2Fsubscription');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  const status = page.locator('.subscription__status');
  await expect(status).toContainText(/not chosen yet|subscribed|unsubscribed/);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.locator('#subscription-consent-error')).toHaveText('Tick the box to agree to the e-mails before subscribing.');
  await page.getByLabel(/Yes, send me product news/).check();
  let since = Date.now();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.locator('.subscription__check-mail')).toContainText('please check your mailbox');
  await page.goto(await mailedLink(request, email, /confirm your subscription/, since));
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.locator('.subscription__sent')).toContainText(/Reference VC-/);
  await expect.poll(async () => (await page.reload(), await status.textContent())).toMatch(/e-mails: subscribed$/);

  // Unsubscribing waits for its confirmation too: until then the status stays.
  since = Date.now();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.locator('.subscription__check-mail')).toContainText('please check your mailbox');
  const link = await mailedLink(request, email, /unsubscribe/, since);
  await page.reload();
  await expect(status).toHaveText(/e-mails: subscribed$/);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm unsubscribing' }).click();
  await expect(page.locator('.subscription__sent')).toContainText(/Reference VC-/);
  await expect.poll(async () => (await page.reload(), await status.textContent())).toMatch(/e-mails: unsubscribed$/);
});

test('marketing subscription without an account: check your mail, the link opens a page whose button subscribes', async ({ page, request, javaScriptEnabled }) => {
  test.slow();
  const email = `e2e-${javaScriptEnabled ? 'js' : 'nojs'}-${Date.now()}@example.com`;
  const statusOf = async () => ((await (await request.get(`/marketing-forms/subscriptions?${new URLSearchParams({ email })}`, { headers: { 'x-control-token': 'local-control-token' } })).json()) as { status: string }).status;
  await page.goto('/subscription');
  await page.locator('#subscription-email').fill(email);
  await page.getByLabel(/Yes, send me product news/).check();
  const since = Date.now();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await expect(page.locator('.subscription__check-mail')).toContainText('please check your mailbox');
  // Nothing about the address's status is shown to someone who has not confirmed.
  await expect(page.locator('.subscription__status')).toHaveCount(0);
  const link = await mailedLink(request, email, /confirm your subscription/, since);
  await page.goto(link);
  await expect(page.getByText(`should be sent to ${email}`)).toBeVisible();
  expect(await statusOf()).toBe('NOT_OPTED');
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.locator('.subscription__sent')).toContainText(/Reference VC-/);
  await expect.poll(statusOf).toBe('OPT_IN');
});

test('contact us by product or application and a geo-region (REQ-SOLR-2): the unit that looks after it', async ({ page }) => {
  await page.goto('/company/contact');
  await page.getByLabel('or a product or application').selectOption('sensing');
  await page.getByLabel('Geo-region').selectOption('Asia');
  await page.getByRole('button', { name: 'Find contacts' }).click();
  await expect(page).toHaveURL(/topic=sensing.*geo=Asia/);
  const rows = page.locator('.contact-us__contacts tbody tr');
  await expect(rows).toHaveCount(8);
  await expect(rows.filter({ hasText: 'Sensing' })).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Misc' })).toHaveCount(4);
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
});

for (const [path, fields] of [
  ['/supplier-area', { 'Supplier number *': 'S-2201', 'Details *': 'Price change from 1 March.' }],
  ['/design-center/arc-flash-calculator', { 'Job title *': 'Safety engineer', 'Country *': 'Canada' }],
  ['/company/analytical-services', { 'Details *': 'Cross-sections of two failed TVS diodes.' }],
] as const) {
  test(`${path} submits and gives a reference`, async ({ page }) => {
    await page.goto(path);
    await page.getByLabel('Your name *').fill('Form Tester');
    await page.getByLabel('Your e-mail address *').fill('tester@customer.example');
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
    for (const select of await page.locator('select').all()) await select.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('.enquiry__sent')).toContainText(/Reference VC-\d{6}-/);
  });
}
