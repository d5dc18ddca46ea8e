import { expect, test, type Browser, type Page } from '@playwright/test';
import { EDITOR_URL } from '../../playwright.config.ts';
import { asVisitor, signInTo } from './support/editor.ts';

// REQ-CMS-14 in the page editor (issue 28): a page linked from another page's rich text is
// unpublished; visitors of the linking page get the link's text without a dead link, the editor
// still sees the link and is told which component and field hold it.

test.use({ baseURL: EDITOR_URL, viewport: { width: 1600, height: 1000 } });
test.describe.configure({ timeout: 60_000 });

/** The page as an anonymous visitor without JavaScript gets it: the rich text's anchors to `href` in its main part, and its text. */
const visitorSees = (browser: Browser, path: string, href: string): Promise<{ anchors: number; text: string }> =>
  asVisitor(browser, path, async (page, response) => {
    expect(response?.status()).toBe(200);
    return { anchors: await page.locator(`main a[href="${href}"]`, { hasText: SENTENCE }).count(), text: await page.locator('main').innerText() };
  });

const answer = (page: Page) => page.locator('.editor-answer');
const SENTENCE = 'our sites around the world';

test('a page linked from rich text is unpublished: visitors get the text without the link, the editor is told where it is', async ({ page, browser, javaScriptEnabled }) => {
  test.slow();
  // Pages no other spec on the editor's site edits; each project its own (both run at once).
  const [linking, linked] = javaScriptEnabled ? ['/company/careers', '/company/locations'] : ['/Legal/privacy-statement', '/company/analytical-services'];
  const anchor = `<p>Visit <a href="${linked}">${SENTENCE}</a>.</p>`;

  // The editor adds a link to the rich text of the linking page and publishes it.
  await signInTo(page, `/edit${linking}`);
  if (javaScriptEnabled) {
    await expect(page.getByTestId('drawer-item:HeroBanner')).toBeVisible({ timeout: 20_000 });
    await page.locator('[data-puck-component]').filter({ hasText: 'Working at Voltaris' }).click({ position: { x: 30, y: 10 } });
    const text = page.getByLabel('Text * (HTML)').filter({ visible: true });
    await text.fill(`${await text.inputValue()}${anchor}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
  } else {
    // Without scripts the editor publishes what it shows: the same post, with the link added to its first rich text.
    const route = JSON.parse(await page.locator('form.editor__forms input[name="page"]').first().inputValue()) as { placeholders: Record<string, Array<{ componentName: string; fields?: Record<string, unknown> }>> };
    const richText = route.placeholders['jss-main']!.find((rendering) => rendering.componentName === 'RichText')!;
    richText.fields!.content = `${String(richText.fields!.content)}${anchor}`;
    const base = await page.locator('form.editor__forms input[name="base"]').first().inputValue();
    const published = await page.request.post(`/edit${linking}`, { form: { intent: 'publish', page: JSON.stringify(route), base } });
    expect(published.status()).toBe(200);
    await page.reload();
  }
  if (javaScriptEnabled) await expect(answer(page)).toContainText('Published.');
  expect((await visitorSees(browser, linking, linked)).anchors).toBe(1);

  // The linked page is unpublished.
  await page.goto(`/edit${linked}`);
  if (javaScriptEnabled) await expect(page.getByTestId('drawer-item:HeroBanner')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Unpublish the English version' }).click();
  await expect(answer(page)).toContainText('Unpublished (English)');
  await expect(answer(page)).toContainText(`${linking} (en)`);

  // Visitors of the linking page: its text, no anchor to the unpublished page.
  const after = await visitorSees(browser, linking, linked);
  expect(after.anchors).toBe(0);
  expect(after.text).toContain(`Visit ${SENTENCE}.`);

  // The editor of the linking page still has the link, and is told which component and field hold it.
  await page.goto(`/edit${linking}`);
  const warning = page.locator('.editor-link-warnings');
  await expect(warning).toContainText(`RichText (jss-main #`);
  await expect(warning).toContainText(`field "content": the link to ${linked} goes to a page not published in English`);
  if (javaScriptEnabled) await expect(page.locator(`[data-puck-component] a[href="${linked}"]`, { hasText: SENTENCE })).toHaveCount(1, { timeout: 20_000 });

  // Restoring the linked page brings the link back for visitors.
  await page.goto(`/edit${linked}`);
  if (javaScriptEnabled) await expect(page.getByTestId('drawer-item:HeroBanner')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Restore this version' }).first().click();
  await expect(answer(page)).toContainText('Restored.');
  expect((await visitorSees(browser, linking, linked)).anchors).toBe(1);
});
