import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { BASE_URL, pagesStandInPort } from '../../playwright.config.ts';

/**
 * Issue 32: Sitecore Pages frames the site's editing page. A page on a second loopback origin
 * (allowed by JSS_ALLOWED_ORIGINS, playwright.config.ts) stands in for Pages' canvas.
 */
const DRAFT_HEADING = 'Über Voltaris Components – seit 1968 (Entwurf)';
const PUBLISHED_HEADING = 'Über Voltaris Components';
/** What the editor reads in an element: its text without the chromes' markers (Pages' canvas hides those). */
const shownText = (element: Element) =>
  [...element.childNodes]
    .filter((node) => node.nodeName !== 'CODE')
    .map((node) => node.textContent)
    .join('');
const renderUrl = `${BASE_URL}/api/editing/render?${new URLSearchParams({ secret: 'local-editing-secret', sc_site: 'website', sc_lang: 'de', sc_itemid: '', route: '/company/about', mode: 'edit' })}`;

let pages: Server;
let pagesOrigin: string;
test.beforeAll(async () => {
  const port = pagesStandInPort(test.info().parallelIndex);
  pagesOrigin = `http://127.0.0.1:${port}`;
  pages = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Pages stand-in</title><iframe id="canvas" title="canvas" src="${renderUrl.replace(/&/g, '&amp;')}" style="width:1200px;height:900px"></iframe>`);
  });
  await new Promise<void>((resolve) => pages.listen(port, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => pages.close(() => resolve()));
});

test('Pages frames the German page in edit mode: chromes, the draft, and component:update in place', async ({ page, javaScriptEnabled }) => {
  await page.goto(`${pagesOrigin}/`);
  const canvas = page.frameLocator('#canvas');
  await expect(canvas.locator('html')).toHaveAttribute('lang', 'de');
  const main = canvas.locator('main');
  // One open chrome per rendering: the four of the main placeholder (uids the layout gives), each closed.
  const renderingIds = await main.locator('code[chrometype="rendering"][kind="open"]').evaluateAll((codes) => codes.map((code) => code.id));
  expect(renderingIds).toHaveLength(4);
  expect(new Set(renderingIds).size).toBe(4);
  for (const id of renderingIds) expect(id).toMatch(/^\{[0-9A-F-]{36}\}$/);
  await expect(main.locator('code[chrometype="rendering"][kind="close"]')).toHaveCount(4);
  // One open chrome per field shown: each names a different field of a datasource.
  const fields = await main.locator('code[chrometype="field"][kind="open"]').evaluateAll((codes) => codes.map((code) => JSON.parse(code.textContent ?? '{}') as { fieldId: string; title: string; datasource: { id: string } }));
  expect(fields.length).toBeGreaterThanOrEqual(10);
  expect(new Set(fields.map((field) => `${field.datasource.id}|${field.fieldId}`)).size).toBe(fields.length);
  expect(fields.map((field) => field.title)).toEqual(expect.arrayContaining(['heading', 'subheading', 'image', 'content', 'caption', 'title', 'link']));
  await expect(main.locator('code[chrometype="field"][kind="close"]')).toHaveCount(fields.length);

  const heading = main.getByRole('heading', { level: 1 });
  await expect.poll(() => heading.evaluate(shownText)).toBe(DRAFT_HEADING);

  if (javaScriptEnabled) {
    // Pages posts once the canvas has hydrated.
    await expect(canvas.locator('html')).toHaveClass(/\bjs\b/);
    const heroUid = renderingIds[0]!;
    // The class says scripts run, not that the canvas's listener is attached yet (hydration comes
    // after the first paint, decision 0065): an editor's change comes much later, so the test posts
    // until the canvas listens.
    const postUpdate = () =>
      page.evaluate(
        ([uid]) => (document.getElementById('canvas') as HTMLIFrameElement).contentWindow!.postMessage({ name: 'component:update', details: { uid, fields: { heading: { value: 'Neue Überschrift aus Pages' } } } }, '*'),
        [heroUid],
      );
    await expect
      .poll(async () => {
        await postUpdate();
        return heading.evaluate(shownText);
      })
      .toBe('Neue Überschrift aus Pages');
    // No reload: the frame is still the page it was.
    await expect(main.locator('code[chrometype="rendering"][kind="open"]')).toHaveCount(4);
  }

  // A visitor meanwhile sees the published page, without chromes.
  const visitor = await page.context().newPage();
  await visitor.goto(`${BASE_URL}/de/company/about`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(PUBLISHED_HEADING);
  await expect(visitor.locator('code[type="text/sitecore"]')).toHaveCount(0);
});

test('a page on an origin Pages does not name cannot frame the editing page', async ({ page }) => {
  // The site's own public pages refuse every frame; the editing page refuses origins not allowed.
  const html = `<!doctype html><iframe id="canvas" src="${renderUrl.replace(/&/g, '&amp;')}"></iframe>`;
  await page.route('http://foreign.test/', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('http://foreign.test/');
  // Chromium replaces a frame its policy refuses with its error page.
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('#canvas').locator('main')).toHaveCount(0);
});
