import { expect, type Browser, type Locator, type Page, type Response } from '@playwright/test';
import { EDITOR_URL } from '../../../playwright.config.ts';

/** Signs in through the sign-in stand-in's form and asks to come back to `redirectTo`. Its fields are found by name: the form speaks the page's language. */
export async function signIn(page: Page, redirectTo: string, email = 'editor@corp.example', password = `${email.split('@')[0]}-password`) {
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[method="post"] button[type="submit"]').click();
}

/** Signs in as the editor and lands on `path`. */
export async function signInTo(page: Page, path: string) {
  await signIn(page, path);
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`));
}

/** The page editor at `path` for the editor account, hydrated, with its palette drawn (`paletteItem` shown). */
export async function openEditor(page: Page, path: string, paletteItem = 'HeroBanner') {
  await signInTo(page, path);
  await expect(page.getByTestId(`drawer-item:${paletteItem}`)).toBeVisible({ timeout: 20_000 });
}

/** A drag as a hand makes it, in small steps (dnd-kit reads pointer moves), to just inside the target's top edge, or to its middle. */
export async function drag(page: Page, from: Locator, to: Locator, { middle = false } = {}) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  const endX = end.x + (middle ? end.width / 2 : 60);
  const endY = end.y + (middle ? end.height / 2 : 5);
  await page.mouse.move(start.x + start.width / 2, start.y + Math.min(start.height / 2, 20));
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(start.x + ((endX - start.x) * step) / 20, start.y + ((endY - start.y) * step) / 20);
    await page.waitForTimeout(25);
  }
  await page.waitForTimeout(300);
  await page.mouse.up();
}

/** `read` of the page at `path` on the editor's site as an anonymous visitor without JavaScript gets it (a context of its own, closed after). */
export async function asVisitor<T>(browser: Browser, path: string, read: (page: Page, response: Response | null) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: EDITOR_URL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    return await read(page, await page.goto(path));
  } finally {
    await context.close();
  }
}
