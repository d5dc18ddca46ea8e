import type { Page } from '@playwright/test';

/** Pages whose scripts are held now: the hydrated test's goto (hydrated-test.ts) does not wait for those to hydrate. */
export const scriptsHeld = new WeakSet<Page>();

/**
 * Holds back the page's built scripts until the returned function is called: what a visitor
 * does before the scripts run (a tick, a choice) can then be done for certain before hydration.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  scriptsHeld.add(page);
  return () => {
    scriptsHeld.delete(page);
    release();
  };
}
