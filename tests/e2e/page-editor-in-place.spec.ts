import { expect, type Browser } from '@playwright/test';
import { EDITOR_URL } from '../../playwright.config.ts';
import { asVisitor, openEditor } from './support/editor.ts';
import { test } from './support/hydrated-test.ts';

// Issue 28's "type its heading": the editor types into the heading on the canvas itself (Puck's
// contentEditable), saves, sees the draft, publishes; visitors get the plain text.

test.use({ baseURL: EDITOR_URL, viewport: { width: 1600, height: 1000 } });
test.describe.configure({ timeout: 60_000 });

/** The page's h1 as an anonymous visitor without JavaScript gets it, and its markup. */
const visitorSees = (browser: Browser, path: string): Promise<{ h1: string; html: string }> =>
  asVisitor(browser, path, async (page) => ({ h1: (await page.locator('main h1').first().textContent()) ?? '', html: await page.locator('main').innerHTML() }));

test('an editor types a new heading into the HeroBanner on the canvas, saves, sees the draft and publishes it', async ({ page, browser, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the canvas needs JavaScript; without it the editor publishes what it shows');
  test.slow();
  // A page no other spec on the editor's site edits.
  const path = '/design-center';
  const typed = 'Design help from our engineers';
  await openEditor(page, `/edit${path}`);
  const heading = page.locator('[data-puck-component]').first().locator('h1 [contenteditable]');
  await expect(heading).toHaveText('Design Center');
  await heading.hover();
  await heading.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(typed);
  await expect(heading).toHaveText(typed);
  // The sidebar's field follows the canvas: one value, a plain string.
  await expect(page.getByLabel('Heading *').filter({ visible: true })).toHaveValue(typed);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.locator('.editor-answer')).toContainText('Draft saved');
  expect((await visitorSees(browser, path)).h1).toBe('Design Center');

  // The draft, reopened: the new heading on the canvas, and as plain text in the page the editor holds.
  await page.reload();
  await expect(page.getByText('Draft saved by')).toBeVisible();
  await expect(page.locator('[data-puck-component]').first().locator('h1')).toHaveText(typed, { timeout: 20_000 });
  const draft = JSON.parse(await page.locator('form.editor__forms input[name="page"]').first().inputValue()) as { placeholders: Record<string, Array<{ fields?: Record<string, unknown> }>> };
  expect(draft.placeholders['jss-main']![0]!.fields!.heading).toBe(typed);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('.editor-answer')).toContainText('Published.');
  const after = await visitorSees(browser, path);
  expect(after.h1).toBe(typed);
  expect(after.html).not.toContain('contenteditable');

  // Put the page back as it was.
  await page.reload();
  await page.getByRole('button', { name: 'Restore this version' }).first().click();
  await expect(page.locator('.editor-answer')).toContainText('Restored.');
  expect((await visitorSees(browser, path)).h1).toBe('Design Center');
});

test('every rendering that shows a single-line text draws it editable in place: the FAQ list\'s title and intro, typed on the canvas, follow in the sidebar', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the canvas needs JavaScript');
  test.slow();
  // Only typed, never saved: the page stays as it is for every other spec.
  await openEditor(page, '/edit/support/faq');
  const list = page.locator('[data-puck-component]').first();
  const title = list.locator('h1 [contenteditable]');
  await expect(title).toHaveText('Frequently asked questions');
  await expect(list.locator('p.lead [contenteditable]')).toContainText('Our application engineers answer');
  await title.hover();
  await title.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Questions engineers ask');
  await expect(title).toHaveText('Questions engineers ask');
  await expect(page.getByLabel('Title').filter({ visible: true })).toHaveValue('Questions engineers ask');
});

test('the canvas draws each rendering once and keeps the field an editor types in while the page around it updates', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'the canvas needs JavaScript');
  test.slow();
  // Every field editable in place taken out of the page, counted from the first script on: a
  // rendering drawn again from scratch loses the caret and the characters typed meanwhile.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedCanvasRenderings: string[] }).removedCanvasRenderings = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes)
          if (node instanceof Element && (node.matches('[contenteditable]') || node.querySelector('[contenteditable]'))) removed.push(node.textContent?.slice(0, 40) ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  const removedRenderings = () => page.evaluate(() => (window as unknown as { removedCanvasRenderings: string[] }).removedCanvasRenderings);
  // Only typed, never saved: the page stays as it is for every other spec. Its link list makes the router fetch its links' routes.
  await openEditor(page, '/edit/supplier-area/quality-requirements');
  const title = page.locator('[data-puck-component]').first().locator('h1 [contenteditable]');
  await expect(title).toHaveText('Quality requirements for suppliers');
  // That fetch (lazy route discovery) renders the page around the editor again.
  await page.waitForLoadState('networkidle');
  await title.hover();
  await title.click();
  await page.keyboard.press('ControlOrMeta+A');
  // At a person's pace: the field writes each character into the page and is drawn again between keys.
  await page.keyboard.type('What we ask of suppliers', { delay: 120 });
  await expect(title).toHaveText('What we ask of suppliers');
  await expect(page.getByLabel('Heading *').filter({ visible: true })).toHaveValue('What we ask of suppliers');
  expect(await removedRenderings()).toEqual([]);
});
