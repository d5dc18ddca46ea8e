import { expect } from '@playwright/test';
import { SHORT_SESSION_URL } from '../../playwright.config.ts';
import { holdScripts } from './support/hold-scripts.ts';
import { test } from './support/hydrated-test.ts';

/** The search page, server-rendered from its URL: every flow with JavaScript on and off. */

test.describe('search page', () => {
  test('Back after ticking a facet shows the facet unticked, as the results are (and the next filter does not bring it back)', async ({ page, javaScriptEnabled }) => {
    await page.goto('/searchresult?q=fuse');
    const count = page.locator('.result-count');
    const unfiltered = (await count.getAttribute('data-total'))!;
    const automotive = page.locator('input[type="checkbox"][name="f.market"][value="Automotive"]');
    await automotive.check();
    if (!javaScriptEnabled) await page.locator('.search-facets').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/f\.market=Automotive/);
    await expect(count).not.toHaveAttribute('data-total', unfiltered);
    await page.goBack();
    await expect(page).not.toHaveURL(/f\.market=/);
    await expect(count).toHaveAttribute('data-total', unfiltered);
    await expect(automotive).not.toBeChecked();
    // The next tick filters by that value alone.
    const industrial = page.locator('input[type="checkbox"][name="f.market"][value="Industrial"]');
    await industrial.check();
    if (!javaScriptEnabled) await page.locator('.search-facets').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/f\.market=Industrial/);
    await expect(page).not.toHaveURL(/Automotive/);
  });

  test('search, filter, page, sort and page size, each in the URL', async ({ page, javaScriptEnabled }) => {
    // Eight searches in one flow: more than the default 30 s on a loaded two-core machine.
    test.setTimeout(60_000);
    await page.goto('/searchresult');
    // With JavaScript every step below is a client navigation: a mark on the window outlives them all.
    if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const count = page.locator('.result-count');
    const everything = (await count.textContent())!;
    await page.locator('.search-form input[name="q"]').fill('fuse');
    await page.locator('.search-form').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=fuse/);
    await expect(count).not.toHaveText(everything);
    await expect(count).toContainText('Results 1–12 of');
    const before = (await count.textContent())!;
    const totalOf = async () => Number(await count.getAttribute('data-total'));
    const total = await totalOf();
    // The results themselves (top-level headings; a series' folded parts are h4).
    const shown = () => page.locator('.result-list > li > h3 a, .result-list > li > div > h3 a').allTextContents();

    // A facet value: a checkbox in a GET form (Apply without JavaScript, at once with it).
    const automotive = page.locator('input[type="checkbox"][name="f.market"][value="Automotive"]');
    await automotive.check();
    if (!javaScriptEnabled) await page.locator('.search-facets').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/f\.market=Automotive/);
    await expect(page.locator('input[type="checkbox"][name="f.market"][value="Automotive"]')).toBeChecked();
    // The URL can change a moment before the new results render.
    await expect(count).not.toHaveText(before);
    const filtered = await totalOf();
    expect(filtered).toBeLessThan(total);

    // A numeric range: min/max inputs in the same form (Apply without JavaScript, Enter with it).
    const beforeRange = (await count.textContent())!;
    await page.getByLabel('Min').first().fill('1');
    await page.getByLabel('Max').first().fill('10');
    if (javaScriptEnabled) await page.getByLabel('Max').first().press('Enter');
    else await page.locator('.search-facets').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/min\.ratedcurrent=1&max\.ratedcurrent=10/);
    await expect(page).not.toHaveURL(/min\.ratedvoltage=/);
    await expect(count).not.toHaveText(beforeRange);
    const ranged = await totalOf();
    expect(ranged).toBeLessThan(filtered);
    await expect(page.locator('.search-breadcrumbs')).toContainText('Rated current: 1 A – 10 A');

    // A second page: a plain link. Its results are others than page 1's.
    const firstPage = await shown();
    expect(firstPage).toHaveLength(12);
    await page.locator('.pager').getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(count).toContainText('Results 13–');
    const secondPage = await shown();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((title) => firstPage.includes(title))).toEqual([]);

    // Sort and page size: selects (with an Apply button without JavaScript); both return to page 1.
    await page.locator('select[name="size"]').selectOption('24');
    if (!javaScriptEnabled) await page.locator('.search-sort').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/size=24/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(count).toContainText('Results 1–');
    await expect(page.locator('.result-list > li')).toHaveCount(Math.min(24, ranged));
    await page.locator('select[name="sort"]').selectOption('partnumber');
    if (!javaScriptEnabled) await page.locator('.search-sort').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/sort=partnumber/);
    await expect(page).toHaveURL(/f\.market=Automotive/);
    // Sorted by part number: the products listed are in the order their numbers are written, series
    // first (1260 1.25 A, written 12601.25HX, before 1466.080MR), as distributors list them; makers'
    // numbers are fixed-width series codes (decision 0083), so that is the characters' order.
    await expect(page.locator('.result-list > li.result--product').first()).toBeVisible();
    // Read until the list shown is the sorted one (with JavaScript the URL changes before the list does).
    const natural = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    await expect
      .poll(async () => {
        // The top-level results: a series' folded parts (its own order, decision 0080) are not the list's.
        const parts = await page.locator('.result-list > li.result--product > h3 a, .result-list > li.result--product > div > h3 a').allTextContents();
        return parts.length > 0 && parts.join('|') === [...parts].sort(natural).join('|');
      })
      .toBe(true);
    if (javaScriptEnabled) expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('selecting a facet value keeps the facet\'s values in place (REQ-FACET-2 freeze)', async ({ page, javaScriptEnabled }) => {
    // A tick made before the scripts run is the next test's subject; here the enhanced form (goto waited for it) is the one ticked.
    await page.goto('/searchresult?q=relay');
    const boxes = page.locator('input[type="checkbox"][name="f.market"]');
    const before = await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(before.length).toBeGreaterThan(3);
    const count = page.locator('.result-count');
    const total = (await count.textContent())!;
    await boxes.nth(3).check();
    if (!javaScriptEnabled) await page.locator('.search-facets').getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`f\\.market=${encodeURIComponent(before[3]!).replace(/%20/g, '(\\+|%20)')}`));
    await expect(count).not.toHaveText(total);
    expect(await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(before);
    await expect(boxes.nth(3)).toBeChecked();
  });

  test('a facet value ticked before the scripts run applies once they do', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'without scripts, Apply sends a tick (the test above)');
    const release = await holdScripts(page);
    await page.goto('/searchresult?q=relay', { waitUntil: 'domcontentloaded' });
    const box = page.locator('input[type="checkbox"][name="f.market"]').nth(3);
    const value = (await box.getAttribute('value'))!;
    await box.check();
    await expect(page.locator('html')).toHaveClass('no-js');
    release();
    await expect(page).toHaveURL(new RegExp(`f\\.market=${encodeURIComponent(value).replace(/%20/g, '(\\+|%20)')}`));
    await expect(page.locator('input[type="checkbox"][name="f.market"]').nth(3)).toBeChecked();
  });

  test('numeric ranges: automatic ranges are links, and a reversed range is explained, not searched', async ({ page }) => {
    await page.goto('/searchresult?q=fuse&tab=parametric');
    const range = page.locator('.facet--range').filter({ hasText: 'Rated voltage' });
    await range.getByRole('link').first().click();
    await expect(page).toHaveURL(/min\.ratedvoltage=[\d.]+&max\.ratedvoltage=[\d.]+/);
    await expect(page.locator('.facet--range').filter({ hasText: 'Rated voltage' }).locator('[aria-current="true"]')).toBeVisible();
    const response = await page.goto('/searchresult?q=fuse&min.ratedcurrent=10&max.ratedcurrent=1');
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('The minimum must not be greater than the maximum.');
    // Refused, not searched: no results that look filtered.
    await expect(page.locator('.result-count')).toHaveCount(0);
  });

  test('corrects a misspelled query and offers the original', async ({ page }) => {
    await page.goto('/searchresult?q=varistr');
    await expect(page.locator('.search-notice').first()).toContainText('Showing results for varistor.');
    await page.getByRole('link', { name: 'Search instead for varistr' }).click();
    await expect(page).toHaveURL(/exact=1/);
    await expect(page.locator('.result-count')).toContainText('No results');
  });

  test('a query-rewrite trigger runs the usual term and offers the typed one; an execute trigger offers its action', async ({ page }) => {
    await page.goto('/searchresult?q=sidactor');
    const rewritten = page.locator('.search-notice').filter({ hasText: 'Showing results for thyristor, the usual term for sidactor.' });
    await expect(rewritten).toBeVisible();
    const rewrittenCount = (await page.locator('.result-count').textContent())!;
    await page.getByRole('link', { name: 'Search instead for sidactor' }).click();
    await expect(page).toHaveURL(/q=sidactor&(.*&)?exact=1/);
    await expect(page.locator('.search-form input[name="q"]')).toHaveValue('sidactor');
    await expect(rewritten).toHaveCount(0);
    await expect(page.locator('.result-count')).not.toHaveText(rewrittenCount);

    await page.goto('/searchresult?q=samples');
    await page.getByRole('link', { name: 'Looking for samples? Request them here.' }).click();
    await expect(page).toHaveURL(/\/request-sample$/);
  });

  test('a redirect-trigger query lands on its target', async ({ page }) => {
    await page.goto('/searchresult');
    await page.locator('.search-form input[name="q"]').fill('contact');
    await page.locator('.search-form').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/company\/contact$/);
  });

  test('shows notify triggers, and German pages in German', async ({ page }) => {
    await page.goto('/de/searchresult?q=discontinued');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('.search-notice')).toContainText('replacement');
    await expect(page.locator('.search-form').getByRole('button', { name: 'Suchen' })).toBeVisible();
  });

  test('back restores the previous state', async ({ page, javaScriptEnabled }) => {
    await page.goto('/searchresult?q=relay');
    if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('.pager').getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();
    await expect(page).toHaveURL(/searchresult\?q=relay$/);
    await expect(page.locator('.result-count')).toContainText('Results 1–12');
    // With JavaScript, back is the router's: the same document, no reload.
    if (javaScriptEnabled) expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

test.describe('header search box', () => {
  test('submits to the search page from any page', async ({ page }) => {
    await page.goto('/de/products');
    const box = page.locator('.header-search input[name="q"]');
    await box.fill('Relais');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/de\/searchresult\?q=Relais/);
    await expect(page.locator('.result-count')).toContainText('Ergebnisse');
  });

  test('suggests while typing, reachable by keyboard', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'suggestions need JavaScript; without it the box is a plain form');
    await page.goto('/');
    const box = page.locator('.header-search input[role="combobox"]');
    await box.pressSequentially('fu', { delay: 50 });
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const chosen = (await options.first().textContent())!;
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/searchresult\\?q=${encodeURIComponent(chosen).replace(/%20/g, '\\+')}`));
    await expect(page.locator('.result-count')).toBeVisible();
  });

  test("says 'suggester was not built' when suggestions fail, and still searches", async ({ page, request, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'suggestions need JavaScript');
    // The second site (its own search stand-in), so the other tests keep their suggester.
    const tell = (mode: string) =>
      request.post(`${SHORT_SESSION_URL}/rest/search/v2/querySuggest/_control?organizationId=local`, { headers: { 'x-control-token': 'local-control-token' }, data: { mode } });
    expect((await tell('500')).status()).toBe(200);
    try {
      await page.goto(`${SHORT_SESSION_URL}/`);
      const box = page.locator('.header-search input[role="combobox"]');
      await box.pressSequentially('fuse', { delay: 50 });
      await expect(page.getByRole('status').filter({ hasText: 'suggester was not built' })).toBeVisible();
      await box.press('Enter');
      await expect(page).toHaveURL(/\/searchresult\?q=fuse/);
      await expect(page.locator('.result-count')).toContainText('Results 1–12');
    } finally {
      await tell('ok');
    }
  });

  test("the search page's own box asks for 10 suggestions and keeps the tab", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'suggestions need JavaScript');
    await page.goto('/searchresult?q=fuse&tab=parametric');
    const box = page.locator('.search-form input[name="q"]');
    await expect(box).toHaveValue('fuse');
    const asked = page.waitForRequest((request) => request.url().includes('/api/search/suggest') && request.url().includes('count=10'));
    await box.fill('');
    await box.pressSequentially('re', { delay: 50 });
    await asked;
    const options = page.locator('.search-form').getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    expect(await options.count()).toBeLessThanOrEqual(10);
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/tab=parametric/);
  });

  test('shows instant results while typing, and recent queries before', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'the panel needs JavaScript; without it the box is a plain form');
    // The search is remembered by the page's beacon (its answer sets the recent-queries cookie).
    const remembered = page.waitForResponse((response) => response.url().includes('/api/beacon'));
    await page.goto('/searchresult?q=varistor');
    await remembered;
    // Focus before hydration would miss the box's focus handler: goto waits for it.
    await page.goto('/');
    const box = page.locator('.header-search input[role="combobox"]');
    await box.focus();
    await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option')).toHaveText(['varistor']);
    await box.pressSequentially('thermis', { delay: 40 });
    const instant = page.getByRole('navigation', { name: 'Top results' }).getByRole('link');
    await expect(instant.first()).toBeVisible();
    await expect(instant).toHaveCount(3);
    // English results first (issue 17): thermistors, shown by part number and description.
    await expect(instant.first()).toHaveAttribute('href', /\/ntc-thermistors\//);
    await expect(instant.first()).toContainText('temperature sensor');
    // Tab order: the box, its scope, its Search button, then the instant results; the panel stays open.
    await box.press('Tab');
    await expect(page.locator('.header-search select[name="scope"]')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(instant.first()).toBeFocused();
  });
});

test('answers a question with a smart snippet that expands and collapses', async ({ page }) => {
  await page.goto('/searchresult?q=How+do+I+select+the+right+fuse+for+my+application%3F');
  const snippet = page.locator('.smart-snippet');
  await expect(snippet.getByRole('heading', { level: 2 })).toContainText('fuse');
  await expect(snippet.locator('details').first()).toContainText('rated current at least 25 % above the highest continuous current');
  await snippet.locator('summary').first().click();
  await expect(snippet.locator('details').first()).not.toHaveAttribute('open', '');
  await expect(snippet.locator('.smart-snippet__related details')).not.toHaveCount(0);
});

test('searches typed as visitors type them find what answers them, and the first result opens', async ({ page }) => {
  // A question whose word "choose" is in no document (partial match), a rating typed together
  // ("250v" for "250 V"), a product family the datasheet's title does not name.
  for (const [query, expected] of [
    ['how to choose a varistor', /How do I select the right varistor/],
    ['fuse 250v', /250 V/],
    ['thermistor datasheet', /Temperature Sensors Datasheet/],
  ] as const) {
    await page.goto(`/searchresult?q=${encodeURIComponent(query)}`);
    await expect(page.locator('.result-count'), query).not.toHaveAttribute('data-total', '0');
    const first = page.locator('.result-list > li').first();
    await expect(first, query).toContainText(expected);
    const href = (await first.locator('h3 a').first().getAttribute('href'))!;
    expect((await page.request.get(href)).status(), `${query}: ${href}`).toBe(200);
  }
});

test('breadcrumbs remove one filter or all, and facets show more or less', async ({ page }) => {
  await page.goto('/searchresult?q=fuse&tab=parametric&f.market=Automotive&f.market=Energy&f.series=0451');
  const crumbs = page.getByRole('navigation', { name: 'Active filters' });
  await expect(crumbs.getByRole('link')).toHaveCount(4);
  await crumbs.getByRole('link', { name: 'Remove filter Market: Energy' }).click();
  await expect(page).not.toHaveURL(/Energy/);
  await expect(page).toHaveURL(/f\.market=Automotive/);
  await crumbs.getByRole('link', { name: 'Clear all filters' }).click();
  await expect(page).not.toHaveURL(/f\./);
  await expect(page.getByRole('navigation', { name: 'Active filters' })).toHaveCount(0);

  const series = page.locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Series' }) });
  await expect(series.locator('input[type="checkbox"]')).toHaveCount(8);
  await series.getByRole('link', { name: 'Show more' }).click();
  await expect(page).toHaveURL(/more=series/);
  await expect(series.locator('input[type="checkbox"]')).toHaveCount(24);
  await series.getByRole('link', { name: 'Show less' }).click();
  await expect(series.locator('input[type="checkbox"]')).toHaveCount(8);
});

test('previews a document result in place, sandboxed as a page of its own', async ({ page, javaScriptEnabled }) => {
  await page.goto('/searchresult?q=datasheet&f.objecttype=Document');
  const link = page.locator('.result--document').first().getByRole('link', { name: 'Preview' });
  const title = (await page.locator('.result--document h3').first().textContent())!;
  const href = (await link.getAttribute('href'))!;
  await link.click();
  // With scripts a dialog over the results; without, the preview page in the same tab.
  const preview = javaScriptEnabled ? page.getByRole('dialog') : page.locator('body');
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title);
  const response = await page.request.get(href);
  expect(response.headers()['content-security-policy']).toContain('sandbox');
});

test('remembers recent queries with results, newest first, without JavaScript too', async ({ page }) => {
  // Each search is remembered by its page's beacon (an image without JavaScript, sendBeacon with it):
  // wait for its answer, which sets the recent-queries cookie, before the next search.
  for (const q of ['relay', 'zzzqqqxxx', 'varistor']) {
    const remembered = page.waitForResponse((response) => response.url().includes('/api/beacon'));
    await page.goto(`/searchresult?q=${q}`);
    await remembered;
  }
  const recent = page.getByRole('navigation', { name: 'Recent searches' }).getByRole('link');
  await expect(recent).toHaveText(['varistor', 'relay']);
  await recent.last().click();
  await expect(page).toHaveURL(/q=relay/);
  await expect(page.getByRole('navigation', { name: 'Recent searches' }).getByRole('link')).toHaveText(['relay', 'varistor']);
});

test('a result click reaches analytics through the link ping (a beacon once scripts run), and nothing is sent on with Sec-GPC', async ({ page, context, request, javaScriptEnabled }) => {
  const analytics = async () =>
    ((await (await request.get('/rest/search/v2/_analytics?organizationId=local&limit=500', { headers: { 'x-control-token': 'local-control-token' } })).json()) as { recent: Array<{ kind: string; body: { documentTitle?: string; documentPosition?: number } }> }).recent;
  // With scripts, the click is sent by the script's beacon: goto waits until it runs.
  await page.goto('/searchresult?q=thermistor');
  const link = page.locator('.result-list > li').nth(1).locator('h3 a').first();
  const title = (await link.textContent())!;
  // Firefox sends no pings: with scripts, navigator.sendBeacon sends the click instead, and the ping goes.
  await expect(link).toHaveAttribute(javaScriptEnabled ? 'data-beacon' : 'ping', /\/api\/search\/click\?/);
  if (javaScriptEnabled) await expect(link).not.toHaveAttribute('ping', /./);
  await link.click();
  await expect.poll(async () => (await analytics()).find((event) => event.kind === 'click' && event.body.documentTitle === title)?.body.documentPosition).toBe(2);

  // The page is the same for everyone (a shared cache may keep it): the click endpoint honours the signal.
  await context.setExtraHTTPHeaders({ 'Sec-GPC': '1' });
  await page.goto('/searchresult?q=thermistor');
  const first = page.locator('.result-list > li').first().locator('h3 a').first();
  const firstTitle = (await first.textContent())!;
  const click = page.waitForRequest((req) => req.url().includes('/api/search/click?'));
  await first.click();
  await (await (await click).response())?.finished();
  await page.waitForTimeout(300);
  expect((await analytics()).filter((event) => event.kind === 'click' && event.body.documentTitle === firstTitle)).toEqual([]);
});

test('smart snippet feedback: like, dislike, and the reason modal with its errors, as POST forms', async ({ page, javaScriptEnabled }) => {
  await page.goto('/searchresult?q=How+do+I+select+the+right+fuse+for+my+application%3F');
  const snippet = page.locator('.smart-snippet');
  const yes = snippet.getByRole('button', { name: 'Yes' });
  const no = snippet.getByRole('button', { name: 'No', exact: true });
  await yes.click();
  await expect(page).toHaveURL(/snippet=liked/);
  await expect(yes).toHaveAttribute('aria-pressed', 'true');
  await expect(snippet.getByRole('status')).toHaveText('Thanks for your feedback.');

  await no.click();
  await expect(page).toHaveURL(/snippet=disliked/);
  await expect(no).toHaveAttribute('aria-pressed', 'true');
  await expect(yes).toHaveAttribute('aria-pressed', 'false');
  await snippet.getByRole('link', { name: 'Tell us why' }).click();
  const dialog = page.getByRole('dialog', { name: 'How could this answer be better?' });
  await expect(dialog).toBeVisible();

  // "Something else" needs details: the server refuses, keeps the choice, says why.
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please tell us more when you choose "Something else".');
  await expect(dialog.getByRole('radio', { name: 'Something else' })).toBeChecked();
  await dialog.getByLabel(/^Details/).fill('The answer is about glass fuses; I use SMD.');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page).toHaveURL(/snippet=sent/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(snippet.getByRole('status')).toContainText('your feedback helps us');

  // Cancel closes the modal; with JavaScript, so does Escape.
  await page.goto('/searchresult?q=How+do+I+select+the+right+fuse+for+my+application%3F&snippet=feedback');
  // With JavaScript, Escape closes the dialog once hydration has made it modal.
  if (javaScriptEnabled) {
    await page.waitForFunction(() => document.querySelector('dialog')?.matches(':modal') === true);
    await page.keyboard.press('Escape');
  }
  else await page.getByRole('dialog').getByRole('link', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/snippet=disliked/);
});

test('folding: two parts of a series under its best match, the whole series on demand', async ({ page }) => {
  await page.goto('/searchresult?q=fuse&tab=parametric');
  const first = page.locator('.result-list > li').first();
  const folded = first.locator('.result__folded tbody tr');
  await expect(folded).toHaveCount(2);
  await first.getByRole('link', { name: 'Show all parts of this series' }).click();
  await expect(page).toHaveURL(/collection=series-/);
  await expect.poll(() => page.locator('.result-list > li').first().locator('.result__folded tbody tr').count()).toBeGreaterThan(2);
  await page.locator('.result-list > li').first().getByRole('link', { name: 'Show fewer parts' }).click();
  await expect(page).not.toHaveURL(/collection=/);
  await expect(page.locator('.result-list > li').first().locator('.result__folded tbody tr')).toHaveCount(2);
});

test('recent results: the results opened, newest first, without duplicates', async ({ page }) => {
  await page.goto('/searchresult?q=reed+switch');
  const titleOf = async (n: number) => (await page.locator('.result-list > li').nth(n).locator('h3 a').first().textContent())!;
  const firstTitle = await titleOf(0);
  await page.locator('.result-list > li').nth(0).locator('h3 a').first().click();
  await page.goto('/searchresult?q=reed+switch');
  const secondTitle = await titleOf(1);
  await page.locator('.result-list > li').nth(1).locator('h3 a').first().click();
  await page.goto('/searchresult?q=reed+switch');
  await page.locator('.result-list > li').nth(0).locator('h3 a').first().click();
  const recent = async () => {
    await page.goto('/searchresult?q=relay');
    return page.getByRole('navigation', { name: 'Recently viewed' }).getByRole('link').allTextContents();
  };
  await expect.poll(recent).toEqual([firstTitle, secondTitle]);
});

test('facet search: find a value in a long facet, tick it, keep what was ticked', async ({ page, javaScriptEnabled }) => {
  await page.goto('/searchresult?q=fuse&tab=parametric');
  const series = page.locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Series' }) });
  await series.getByRole('searchbox', { name: 'Search Series values' }).fill('0452');
  await series.getByRole('searchbox', { name: 'Search Series values' }).press('Enter');
  await expect(page).toHaveURL(/fs\.series=0452/);
  const found = series.locator('input[type="checkbox"]');
  await expect(found.first()).toHaveAttribute('value', /0452/);
  const value = (await found.first().getAttribute('value'))!;
  // A tick applies at once only when the scripts run (they start after the first paint); before, Apply sends it.
  if (javaScriptEnabled) await expect(page.locator('html')).toHaveClass('js');
  await found.first().check();
  if (!javaScriptEnabled) await page.locator('.search-facets').getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`f\\.series=${value}`));
  await expect(series.locator(`input[type="checkbox"][value="${value}"]`)).toBeChecked();
  await series.getByRole('link', { name: 'All values' }).click();
  await expect(page).not.toHaveURL(/fs\.series/);
  await expect(page).toHaveURL(new RegExp(`f\\.series=${value}`));
});

test('a returning visitor gets the page rendered for them (private) with their own history, which hydrates without a mismatch', async ({ page, context, baseURL, javaScriptEnabled }) => {
  const path = '/searchresult?q=thermistor&size=48';
  const cookieValue = (value: unknown) => encodeURIComponent(Buffer.from(JSON.stringify(value)).toString('base64'));
  await context.addCookies([{ name: 'recent-queries', value: cookieValue(['reed switch', 'ヒューズ']), url: baseURL! }]);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const response = await page.goto(path);
  expect(response?.headers()['cache-control']).toBe('private');
  const recent = page.getByRole('navigation', { name: 'Recent searches' }).getByRole('link');
  await expect(recent).toHaveText(['thermistor', 'reed switch', 'ヒューズ']);
  if (javaScriptEnabled) {
    // The links of the slot work as the page's own: a client navigation, no reload.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await recent.nth(1).click();
    await expect(page).toHaveURL(/q=reed\+switch/);
    await expect(page.getByRole('navigation', { name: 'Recent searches' }).getByRole('link')).toHaveText(['reed switch', 'thermistor', 'ヒューズ']);
    expect(await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument)).toBe(true);
  }
  expect(problems).toEqual([]);
});
