import { expect } from '@playwright/test';
import { recentEvents as analytics, visitorId } from './support/analytics.ts';
import { test } from './support/hydrated-test.ts';

// Pages a shared cache may keep (decision 0049): the browser itself reports each view, the page's
// scripts run under a CSP of hashes, and nothing of one visitor is in the page.

test('a shared page’s view reaches analytics from the browser: an image without JavaScript, sendBeacon with it', async ({ page, context, request, javaScriptEnabled, baseURL }) => {
  const marker = crypto.randomUUID();
  const beacon = page.waitForRequest((req) => req.url().includes('/api/beacon?'));
  const response = await page.goto(`/company/about?e2e=${marker}`);
  expect(response?.headers()['cache-control']).toMatch(/^public, s-maxage=\d+/);
  expect(response?.headers()['set-cookie']).toBeUndefined();
  const sent = await beacon;
  expect(sent.method()).toBe(javaScriptEnabled ? 'POST' : 'GET');
  await (await sent.response())?.finished();
  await expect.poll(() => visitorId(context)).toMatch(/^[0-9a-f-]{36}$/);
  const visitor = await visitorId(context);
  await expect.poll(async () => (await analytics(request)).filter((event) => event.kind === 'view' && event.body.location?.includes(marker)).map((event) => event.body.clientId)).toEqual([visitor]);

  if (javaScriptEnabled) {
    // A client navigation is a page view too, sent with the page the visitor came from (goto waited
    // for hydration: a click before it would load the next page as a document, whose own script
    // sends the view).
    const next = page.waitForRequest((req) => req.url().includes('/api/beacon?') && req.url().includes('ref='));
    await page.locator('footer a[href="/design-center"]').first().click();
    await expect(page).toHaveURL(/\/design-center$/);
    await next;
    await expect
      .poll(async () => (await analytics(request)).find((event) => event.kind === 'view' && event.body.clientId === visitor && event.body.location?.endsWith('/design-center'))?.body.referrer)
      .toBe(`${baseURL}/company/about?e2e=${marker}`);
  }
});

test('a search from a shared page is counted once, with its query, and remembered for the visitor', async ({ page, context, request }) => {
  const query = `thermistor`;
  const beacon = page.waitForRequest((req) => req.url().includes('/api/beacon?') && req.url().includes('search='));
  const response = await page.goto(`/searchresult?q=${query}&size=24`);
  expect(response?.headers()['cache-control']).toMatch(/^public, s-maxage=\d+/);
  await (await (await beacon).response())?.finished();
  await expect.poll(() => visitorId(context)).toMatch(/^[0-9a-f-]{36}$/);
  const visitor = await visitorId(context);
  await expect.poll(async () => (await analytics(request)).filter((event) => event.kind === 'search' && event.body.clientId === visitor).map((event) => event.body.queryText)).toEqual([query]);
  // The beacon's answer wrote the recent query; the next page is the visitor's own (private).
  const again = await page.goto('/searchresult?q=relay');
  expect(again?.headers()['cache-control']).toBe('private');
  await expect(page.getByRole('navigation', { name: 'Recent searches' }).getByRole('link')).toHaveText(['relay', query]);
});

for (const header of ['DNT', 'Sec-GPC'] as const) {
  test(`with ${header}: 1 the beacon is sent (the page is everyone’s) and the site sends nothing on`, async ({ page, context, request }) => {
    await context.setExtraHTTPHeaders({ [header]: '1' });
    const marker = crypto.randomUUID();
    const beacon = page.waitForRequest((req) => req.url().includes('/api/beacon?'));
    await page.goto(`/company/about?e2e=${marker}`);
    const answer = await (await beacon).response();
    await answer?.finished();
    expect(answer?.status()).toBeLessThan(300);
    expect(await answer?.headerValue('set-cookie')).toBeNull();
    await page.waitForTimeout(500);
    expect((await analytics(request)).filter((event) => event.body.location?.includes(marker))).toEqual([]);
    expect(await visitorId(context)).toBeUndefined();
  });
}

test('pages hydrate under their CSP of script hashes, with no violation', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'scripts only');
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  for (const path of ['/', '/de/company/about', '/searchresult?q=fuse', '/products/circuit-protection/fuses', '/company/contact']) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(csp, path).not.toMatch(/nonce-|'unsafe-inline'[^;]*script|script-src[^;]*'unsafe-inline'/);
    // The one style element (the site's stylesheet) is named by its hash, and nothing else may style.
    expect(csp, path).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
    await expect(page.locator('html'), path).toHaveClass('js');
    expect(await page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations), path).toEqual([]);
  }
  expect(problems).toEqual([]);
});
