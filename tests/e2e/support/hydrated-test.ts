import { expect, test as base } from '@playwright/test';

/**
 * Playwright's `test` whose `page.goto` waits, with scripts on, for a site page to hydrate (its
 * <html> turns from no-js to js) before the test acts: typing or choosing before React takes a
 * form over races it on a busy machine (CI). Pages that are not the site's (the sign-in
 * stand-in's) carry neither class and are not waited for.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<typeof goto>) => {
      const response = await goto(...args);
      if (javaScriptEnabled && (await page.locator('html.no-js').count()) > 0) await expect(page.locator('html')).toHaveClass('js');
      return response;
    };
    await provide(page);
  },
});
