import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/**
 * The analytics events as they arrive where they are counted (the Search API's analytics sink),
 * for the flows that check each search, click and page view is recorded once, by one visitor.
 */

export interface ReceivedEvent {
  kind: string;
  body: {
    clientId?: string;
    queryText?: string;
    searchQueryUid?: string;
    location?: string;
    referrer?: string;
    documentTitle?: string;
    actionCause?: string;
    eventValue?: string;
  };
}

/** The sink's latest events (up to 1,000), newest first. */
export async function recentEvents(request: APIRequestContext): Promise<ReceivedEvent[]> {
  const response = await request.get('/rest/search/v2/_analytics?organizationId=local&limit=1000', { headers: { 'x-control-token': 'local-control-token' } });
  return ((await response.json()) as { recent: ReceivedEvent[] }).recent;
}

/** One visitor's events, newest first. */
export async function eventsOf(request: APIRequestContext, visitor: string): Promise<ReceivedEvent[]> {
  return (await recentEvents(request)).filter((event) => event.body.clientId === visitor);
}

/** The visitor id the beacon gave this browser (its `visitor` cookie, Path=/api/). */
export async function visitorId(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'visitor');
  return cookie ? (JSON.parse(Buffer.from(decodeURIComponent(cookie.value), 'base64').toString('utf8')) as string) : undefined;
}

/** A visitor who has an id (from the beacon of an earlier page), so their events can be told apart. */
export async function knownVisitor(page: Page, context: BrowserContext): Promise<string> {
  const earlier = page.waitForResponse((response) => response.url().includes('/api/beacon?'));
  await page.goto('/company/about');
  await (await earlier).finished();
  await expect.poll(() => visitorId(context)).toMatch(/^[0-9a-f-]{36}$/);
  return (await visitorId(context))!;
}

/** Waits until the visitor's events stop changing (a second copy would arrive within this time), then answers them. */
export async function settledEvents(request: APIRequestContext, visitor: string): Promise<ReceivedEvent[]> {
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
