import { expect, test } from '@playwright/test';
import { eventsOf, knownVisitor, visitorId } from './support/analytics.ts';
import { hydrated } from './support/hydrated-test.ts';

// One visitor's analytics events carry one visitor id, also for the flows that have no page of
// their own (a smart-snippet feedback post, a search a redirect trigger answers): they pass
// through the beacon, where the visitor's cookie (Path=/api/) is sent. Pages stay cookie-free.

const QUESTION = '/searchresult?q=How+do+I+select+the+right+fuse+for+my+application%3F';

test('a returning visitor’s search, snippet feedback, result click and redirected search carry one visitor id; the search page stays shared', async ({ page, context, request, javaScriptEnabled }) => {
  // A visitor who has been here before: the beacon of an earlier page gave them their id.
  const visitor = await knownVisitor(page, context);

  // The search page is everyone's: no cookie goes with it, and a shared cache may keep it.
  const beacon = page.waitForResponse((response) => response.url().includes('/api/beacon?') && response.url().includes('search='));
  const searched = await page.goto(QUESTION);
  expect(searched?.headers()['cache-control']).toMatch(/^public, s-maxage=\d+/);
  expect(await searched?.request().headerValue('cookie')).toBeNull();
  await (await beacon).finished();
  await hydrated(page, javaScriptEnabled);

  const snippet = page.locator('.smart-snippet');
  await snippet.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/snippet=liked/);
  await expect(snippet.getByRole('status')).toHaveText('Thanks for your feedback.');
  await hydrated(page, javaScriptEnabled);

  const result = page.locator('.result-list > li').first().locator('h3 a').first();
  const title = (await result.textContent())!.trim();
  const ping = page.waitForRequest((req) => req.url().includes('/api/search/click?'));
  await result.click();
  await (await (await ping).response())?.finished();

  // A query the pipeline answers with a redirect, typed into the search page's own form.
  await page.goto('/searchresult');
  await hydrated(page, javaScriptEnabled);
  await page.locator('.search-form input[name="q"]').fill('contact');
  await page.locator('.search-form').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/company\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await expect
    .poll(async () => {
      const events = await eventsOf(request, visitor);
      return {
        searches: events.filter((event) => event.kind === 'search').map((event) => event.body.queryText),
        feedback: events.filter((event) => event.kind === 'custom').map((event) => event.body.eventValue),
        clicks: events.filter((event) => event.kind === 'click').map((event) => event.body.documentTitle?.trim()),
      };
    })
    .toEqual({ searches: expect.arrayContaining(['How do I select the right fuse for my application?', 'contact']), feedback: ['likeSmartSnippet'], clicks: [title] });

  // Still the same visitor, and still no cookie of theirs on a page that would make it theirs
  // alone, but the recent searches and results they keep for themselves.
  expect(await visitorId(context)).toBe(visitor);
  await context.clearCookies({ name: /^recent-/ });
  const again = await page.goto(QUESTION);
  expect(again?.headers()['cache-control']).toMatch(/^public, s-maxage=\d+/);
  expect(await again?.request().headerValue('cookie')).toBeNull();
});
