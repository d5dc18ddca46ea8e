import { createServer, type Server } from 'node:http';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE_URL, EDITOR_URL, pagesStandInPort } from '../../playwright.config.ts';
import { openEditor } from './support/editor.ts';

/**
 * Issue 32: Sitecore Pages frames the site's editing page. A page on another site (localhost, the
 * site being 127.0.0.1; allowed by JSS_ALLOWED_ORIGINS, playwright.config.ts) stands in for Pages'
 * canvas host: cross-site, as pages.sitecorecloud.io is, so the browser's SameSite rules apply.
 */
const DRAFT_HEADING = 'Über Voltaris Components – seit 1968 (Entwurf)';
const PUBLISHED_HEADING = 'Über Voltaris Components';
/** What the editor reads in an element: its text without the chromes' markers (Pages' canvas hides those). */
const shownText = (element: Element) =>
  [...element.childNodes]
    .filter((node) => node.nodeName !== 'CODE')
    .map((node) => node.textContent)
    .join('');
const renderUrl = (site: string, params: Record<string, string>) =>
  `${site}/api/editing/render?${new URLSearchParams({ secret: 'local-editing-secret', sc_site: 'website', sc_lang: 'de', sc_itemid: '', route: '/company/about', mode: 'edit', ...params })}`;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

type CanvasMessage = { name?: string; message?: { status?: string; uid?: string } };
declare global {
  interface Window {
    /** What the canvas posted to the Pages stand-in, in order. */
    canvasMessages: CanvasMessage[];
  }
}

let pages: Server;
let pagesOrigin: string;
test.beforeAll(async () => {
  const port = pagesStandInPort(test.info().parallelIndex);
  pagesOrigin = `http://localhost:${port}`;
  // Pages' canvas host: frames the address it is given and keeps what the canvas posts to it.
  pages = createServer((req, res) => {
    const frame = new URL(req.url ?? '/', pagesOrigin).searchParams.get('frame') ?? renderUrl(BASE_URL, {});
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>Pages stand-in</title><script>window.canvasMessages = []; addEventListener('message', (event) => { if (event.source === document.getElementById('canvas').contentWindow) window.canvasMessages.push(event.data); });</script>` +
        `<iframe id="canvas" title="canvas" src="${escapeHtml(frame)}" style="width:1200px;height:900px"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => pages.listen(port, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => pages.close(() => resolve()));
});

const openPages = (page: Page, frame?: string) => page.goto(`${pagesOrigin}/${frame ? `?${new URLSearchParams({ frame })}` : ''}`);
const statusPosted = (page: Page, status: string, uid?: string) =>
  page.waitForFunction(([wanted, id]) => window.canvasMessages.some((one) => one.name === 'component:status' && one.message?.status === wanted && (id === null || one.message?.uid === id)), [status, uid ?? null] as const);

/** Pages' `component:update`, posted once the canvas said it listens (`component:status` ready), then its `rendered` awaited. */
async function updateHeading(page: Page, uid: string, heading: string) {
  await statusPosted(page, 'ready', '');
  await page.evaluate(
    ([id, text]) => (document.getElementById('canvas') as HTMLIFrameElement).contentWindow!.postMessage({ name: 'component:update', details: { uid: id, fields: { heading: { value: text } } } }, '*'),
    [uid, heading] as const,
  );
  await statusPosted(page, 'rendered', uid);
}

test('Pages frames the German page in edit mode: chromes, the draft, and component:update in place', async ({ page, javaScriptEnabled }) => {
  await openPages(page);
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
    // One post, once the canvas says it listens; the canvas says when the change is on screen.
    const heroUid = renderingIds[0]!;
    await updateHeading(page, heroUid, 'Neue Überschrift aus Pages');
    expect(await heading.evaluate(shownText)).toBe('Neue Überschrift aus Pages');
    // No reload: the frame is still the page it was.
    await expect(main.locator('code[chrometype="rendering"][kind="open"]')).toHaveCount(4);
  }

  // A visitor meanwhile sees the published page, without chromes.
  const visitor = await page.context().newPage();
  await visitor.goto(`${BASE_URL}/de/company/about`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(PUBLISHED_HEADING);
  await expect(visitor.locator('code[type="text/sitecore"]')).toHaveCount(0);
});

test('the framed editing session needs no cookie: cross-site, the canvas works and anything an editing answer sets is SameSite=None; Secure', async ({ page, context, javaScriptEnabled }) => {
  // A cookie of the site as a signed-in visitor's session is (SameSite=Lax): a cross-site frame goes without it.
  await context.addCookies([{ name: 'lax-probe', value: '1', url: BASE_URL, sameSite: 'Lax' }]);
  const setCookies: string[] = [];
  const sentCookies: string[] = [];
  page.on('request', async (request) => {
    if (request.url().startsWith(`${BASE_URL}/api/editing/`)) sentCookies.push((await request.allHeaders()).cookie ?? '');
  });
  page.on('response', async (response) => {
    if (!response.url().startsWith(`${BASE_URL}/api/editing/`)) return;
    const header = await response.headerValue('set-cookie');
    if (header) setCookies.push(...header.split('\n'));
  });
  await openPages(page, renderUrl(BASE_URL, { route: '/company/investors', sc_lang: 'en' }));
  const canvas = page.frameLocator('#canvas');
  await expect(canvas.locator('html')).toHaveAttribute('lang', 'en');
  await expect(canvas.locator('main code[chrometype="rendering"][kind="open"]').first()).toBeAttached();
  if (javaScriptEnabled) {
    const uid = await canvas.locator('main code[chrometype="rendering"][kind="open"]').first().getAttribute('id');
    await updateHeading(page, uid!, 'Edited across sites');
    await expect(canvas.locator('main').getByText('Edited across sites')).toBeVisible();
  }
  // Nothing of the session lives in a cookie the cross-site frame would lose (Chrome sends a Lax
  // cookie to no cross-site frame); an editing answer that set one would have it fit for the frame.
  expect(sentCookies.length).toBeGreaterThan(0);
  for (const cookie of sentCookies) expect(cookie).not.toContain('lax-probe');
  for (const cookie of setCookies) expect(cookie).toMatch(/; SameSite=None; Secure$/);
  expect((await context.cookies(BASE_URL)).filter((cookie) => cookie.name !== 'lax-probe' && cookie.sameSite !== 'None')).toEqual([]);
});

test('Pages shows the personalization variant sc_variant names; visitors and Pages without it see the default', async ({ page }) => {
  const heading = () => page.frameLocator('#canvas').locator('main').getByRole('heading', { level: 1 });
  await openPages(page, renderUrl(BASE_URL, { route: '/company/careers', sc_lang: 'en', sc_variant: 'graduates' }));
  await expect.poll(() => heading().evaluate(shownText)).toBe('Start your career at Voltaris');
  // The variant is the same rendering (one uid) with its own content item's fields to edit.
  const canvas = page.frameLocator('#canvas').locator('main');
  const variantUid = await canvas.locator('code[chrometype="rendering"][kind="open"]').first().getAttribute('id');
  await openPages(page, renderUrl(BASE_URL, { route: '/company/careers', sc_lang: 'en' }));
  await expect.poll(() => heading().evaluate(shownText)).toBe('Careers');
  expect(await canvas.locator('code[chrometype="rendering"][kind="open"]').first().getAttribute('id')).toBe(variantUid);

  const visitor = await page.context().newPage();
  await visitor.goto(`${BASE_URL}/company/careers`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Careers');
  await expect(visitor.getByText('Start your career at Voltaris')).toHaveCount(0);
});

/** Saves a heading as a draft in the page editor (issue 28), as an editor does it (the editor needs JavaScript). */
async function saveDraftInPageEditor(browser: Browser, pagePath: string, heading: string) {
  const context = await browser.newContext({ baseURL: EDITOR_URL, javaScriptEnabled: true, viewport: { width: 1600, height: 1000 } });
  const editor = await context.newPage();
  await openEditor(editor, `/edit${pagePath}`);
  await editor.locator('[data-puck-component]').first().click({ position: { x: 30, y: 10 } });
  await editor.getByLabel('Heading *').filter({ visible: true }).fill(heading);
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor.locator('.editor-answer')).toContainText('Draft saved');
  await context.close();
}

test('a draft saved in the page editor is what Pages shows; visitors keep the published page', async ({ page, browser, javaScriptEnabled }) => {
  // Each project its own page, so the two never save over each other.
  const pagePath = javaScriptEnabled ? '/company/quality' : '/company/sustainability';
  const published = javaScriptEnabled ? 'Quality and certifications' : 'Sustainability';
  const draft = `${published}: draft from the page editor`;
  await saveDraftInPageEditor(browser, pagePath, draft);
  await openPages(page, renderUrl(EDITOR_URL, { route: pagePath, sc_lang: 'en' }));
  const heading = page.frameLocator('#canvas').locator('main').getByRole('heading', { level: 1 });
  await expect.poll(() => heading.evaluate(shownText)).toBe(draft);
  await openPages(page, renderUrl(EDITOR_URL, { route: pagePath, sc_lang: 'en', mode: 'preview' }));
  await expect(page.frameLocator('#canvas').locator('main h1')).toHaveText(draft);

  const visitor = await page.context().newPage();
  await visitor.goto(`${EDITOR_URL}${pagePath}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(published);
});

test('a page on an origin Pages does not name cannot frame the editing page', async ({ page }) => {
  // The site's own public pages refuse every frame; the editing page refuses origins not allowed.
  const html = `<!doctype html><iframe id="canvas" src="${escapeHtml(renderUrl(BASE_URL, {}))}"></iframe>`;
  await page.route('http://foreign.test/', (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto('http://foreign.test/');
  // Chromium replaces a frame its policy refuses with its error page.
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
  await expect(page.frameLocator('#canvas').locator('main')).toHaveCount(0);
});
