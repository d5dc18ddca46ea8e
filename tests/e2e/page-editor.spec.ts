import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { EDITOR_CONTENT_DIR, EDITOR_URL } from '../../playwright.config.ts';

// The page editor (issue 28) as editors use it, on a site over a copy of the content (it publishes).
// The drag-and-drop canvas needs JavaScript; what a visitor then sees is checked with it off.

test.use({ baseURL: EDITOR_URL, viewport: { width: 1600, height: 1000 } });
test.describe.configure({ mode: 'serial' });

async function signIn(page: Page, redirectTo: string, email = 'editor@corp.example', password = `${email.split('@')[0]}-password`) {
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`);
  // The provider's form speaks the language of the page asked for: its fields are found by name.
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form[method="post"] button[type="submit"]').click();
}

/** The editor, hydrated, with its canvas drawn. */
async function openEditor(page: Page, path: string) {
  await signIn(page, path);
  await expect(page).toHaveURL(new RegExp(`${path.replaceAll('/', '\\/')}$`));
  await expect(page.getByTestId('drawer-item:HeroBanner')).toBeVisible({ timeout: 20_000 });
}

/** A drag as a hand makes it, in small steps (dnd-kit reads pointer moves), to just inside the target's top edge. */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + Math.min(start.height / 2, 20));
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(start.x + ((end.x + 60 - start.x) * step) / 20, start.y + ((end.y + 5 - start.y) * step) / 20);
    await page.waitForTimeout(25);
  }
  await page.waitForTimeout(300);
  await page.mouse.up();
}

/** The page as an anonymous visitor without JavaScript gets it: its one h1 and its text. */
async function visitorSees(browser: Browser, path: string): Promise<{ h1: string; text: string }> {
  const context = await browser.newContext({ baseURL: EDITOR_URL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  const seen = { h1: (await page.locator('main h1').first().textContent()) ?? '', text: await page.locator('main').innerText() };
  await context.close();
  return seen;
}

const canvas = (page: Page) => page.locator('[data-puck-component]');
const answer = (page: Page) => page.locator('.editor-answer');

test('a buyer gets 403 in the page\'s language; a visitor who is not signed in goes to sign-in', async ({ page }) => {
  const anonymous = await page.request.get('/edit/company/about', { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);
  expect(anonymous.headers().location).toContain('/login?redirectTo=%2Fedit%2Fcompany%2Fabout');
  await signIn(page, '/de/edit/company/about', 'buyer@customer.example');
  const refused = await page.request.get('/de/edit/company/about');
  expect(refused.status()).toBe(403);
  await page.goto('/de/edit/company/about');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the drag-and-drop canvas needs JavaScript');
  // Whole editing sessions (drag, type, preview, publish, restore, a second browser as visitor):
  // three times the default time on a loaded machine (CI saw one pass 30 s at load 25).
  test.slow();

  test('an invalid field blocks publishing with a message naming the component and the field', async ({ page, browser }) => {
    await openEditor(page, '/edit/company/about');
    await canvas(page).first().click({ position: { x: 30, y: 10 } });
    await page.getByLabel('Heading *').filter({ visible: true }).fill('');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(answer(page)).toContainText('Not published: fix these first.');
    await expect(answer(page)).toContainText('HeroBanner (jss-main #1) field "heading": Heading is required');
    expect((await visitorSees(browser, '/company/about')).h1).toBe('About Voltaris Components');
  });

  test('an editor drags a HeroBanner in, types its heading, moves it up, deletes the LinkList, previews, publishes and restores', async ({ page, browser }) => {
    await openEditor(page, '/edit/company/about');
    await expect(canvas(page)).toHaveCount(4);
    // Into the main placeholder, below the page's first rendering.
    await drag(page, page.getByTestId('drawer-item:HeroBanner'), canvas(page).nth(1));
    await expect(canvas(page)).toHaveCount(5);
    await page.getByLabel('Heading *').filter({ visible: true }).fill('Parts that keep electronics safe');
    await expect(canvas(page).nth(1)).toContainText('Parts that keep electronics safe');
    // Moved above the page's old first rendering.
    await drag(page, canvas(page).nth(1), canvas(page).nth(0));
    await expect(canvas(page).nth(0)).toContainText('Parts that keep electronics safe');
    await expect(canvas(page).nth(1)).toContainText('About Voltaris Components');
    // The LinkList goes.
    await canvas(page).filter({ hasText: 'Investor relations' }).last().click({ position: { x: 30, y: 10 } });
    await page.getByTitle('Delete').filter({ visible: true }).first().click();
    await expect(canvas(page)).toHaveCount(4);
    await expect(canvas(page).filter({ hasText: 'Investor relations' })).toHaveCount(0);

    // The draft: the editor has it, a visitor still sees the published page.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(answer(page)).toContainText('Draft saved');
    const before = await visitorSees(browser, '/company/about');
    expect(before.h1).toBe('About Voltaris Components');
    expect(before.text).toContain('Investor relations');

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(answer(page)).toContainText('Published.');
    const after = await visitorSees(browser, '/company/about');
    expect(after.h1).toBe('Parts that keep electronics safe');
    expect(after.text).toContain('About Voltaris Components');
    expect(after.text).not.toContain('Investor relations');

    const check = await promisify(execFile)(process.execPath, ['bin/sitectl.mjs', 'content', 'check', '--dir', EDITOR_CONTENT_DIR]);
    expect(check.stdout).not.toContain('✖');

    // Restoring the version the publish replaced brings the old page back.
    await page.reload();
    await page.getByRole('button', { name: 'Restore this version' }).first().click();
    await expect(page.locator('.editor-answer')).toContainText('Restored.');
    const restored = await visitorSees(browser, '/company/about');
    expect(restored.h1).toBe('About Voltaris Components');
    expect(restored.text).toContain('Investor relations');
  });

  test('the same in German', async ({ page, browser }) => {
    await openEditor(page, '/de/edit/company/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await drag(page, page.getByTestId('drawer-item:HeroBanner'), canvas(page).nth(0));
    await page.getByLabel('Heading *').filter({ visible: true }).fill('Bauteile, die Elektronik schützen');
    await expect(canvas(page).nth(0)).toContainText('Bauteile, die Elektronik schützen');
    const germanBefore = (await visitorSees(browser, '/de/company/about')).h1;
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(answer(page)).toContainText('Published.');
    expect((await visitorSees(browser, '/de/company/about')).h1).toBe('Bauteile, die Elektronik schützen');
    // English is untouched.
    expect((await visitorSees(browser, '/company/about')).h1).toBe('About Voltaris Components');
    await page.reload();
    await page.getByRole('button', { name: 'Restore this version' }).first().click();
    await expect(answer(page)).toContainText('Restored.');
    expect((await visitorSees(browser, '/de/company/about')).h1).toBe(germanBefore);
  });

  test('a new page from the template is published and appears in the sitemap', async ({ page, browser }) => {
    await openEditor(page, '/edit/company/press');
    await expect(page.getByText('A new page: nothing is published here yet.')).toBeVisible();
    await canvas(page).first().click({ position: { x: 30, y: 10 } });
    await page.getByLabel('Heading *').filter({ visible: true }).fill('Press');
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(answer(page)).toContainText('Published.');
    expect((await visitorSees(browser, '/company/press')).h1).toBe('Press');
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`${EDITOR_URL}/company/press`);
    // Only in English so far: marked translation pending, so the content check lists it, not fails (decision 0076).
    const check = await promisify(execFile)(process.execPath, ['bin/sitectl.mjs', 'content', 'check', '--dir', EDITOR_CONTENT_DIR]);
    expect(check.stdout).not.toContain('✖');
    expect(check.stdout).toContain('/company/press: no de version (translation pending)');
  });
});
