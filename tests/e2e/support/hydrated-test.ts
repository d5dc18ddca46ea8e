import { expect, test as base, type Page } from '@playwright/test';
import { scriptsHeld } from './hold-scripts.ts';

/** With scripts on, waits until the site's page has hydrated: root.tsx turns <html>'s class from no-js to js then. */
export async function hydrated(page: Page, javaScriptEnabled: boolean, timeout?: number): Promise<void> {
  if (javaScriptEnabled) await expect(page.locator('html')).toHaveClass('js', { timeout });
}

/** As long as the page editor's canvas is given to draw (support/editor.ts): its route loads the most code. */
const HYDRATION_TIMEOUT_MS = 20_000;

const waiting = new WeakSet<Page>();

/** Makes the page's goto and reload wait for hydration (see `test`). */
function waitForHydrationOnLoad(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled || waiting.has(page)) return;
  waiting.add(page);
  const afterLoad = async () => {
    if (!scriptsHeld.has(page) && (await page.locator('html.no-js').count()) > 0) await hydrated(page, true, HYDRATION_TIMEOUT_MS);
  };
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<typeof goto>) => {
    const response = await goto(...args);
    await afterLoad();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<typeof reload>) => {
    const response = await reload(...args);
    await afterLoad();
    return response;
  };
}

/**
 * Playwright's `test` whose pages' `goto` and `reload` wait, with scripts on, for a site page to
 * hydrate (its <html> turns from no-js to js) before the test acts: typing, choosing or clicking
 * before React takes a form or a control over races it on a busy machine (CI). Every page of the
 * test's context waits (a second tab too). Pages that are not the site's (the sign-in
 * stand-in's) carry neither class and are not waited for, nor are pages whose scripts a test
 * holds back (hold-scripts.ts) to act before hydration.
 */
export const test = base.extend({
  context: async ({ context, javaScriptEnabled }, provide) => {
    context.on('page', (page) => waitForHydrationOnLoad(page, javaScriptEnabled));
    await provide(context);
  },
  page: async ({ page, javaScriptEnabled }, provide) => {
    waitForHydrationOnLoad(page, javaScriptEnabled);
    await provide(page);
  },
});
