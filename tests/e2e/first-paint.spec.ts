import { expect, test, type Page, type Request } from '@playwright/test';

// REQ-UI-4, REQ-UI-5: what the first screen needs comes with the document: the stylesheet is inside
// it, scripts are fetched after the first paint at low priority, and a phone's screen holds the page without sideways
// scrolling (a wider page makes a phone zoom the whole site out).

const LISTING = '/products/circuit-protection/fuses';

/** A part page, as a visitor reaches it: the first part linked from the listing. */
async function partPath(page: Page): Promise<string> {
  await page.goto(LISTING);
  const hrefs = await page.locator('.parametric-table a[href^="/products/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const part = hrefs.find((href) => href.split('/').length >= 7);
  expect(part, 'a part linked from the listing').toBeTruthy();
  return part!;
}

test('the stylesheet arrives inside the document: styled with and without JavaScript, and after a client navigation', async ({ page, javaScriptEnabled }) => {
  const stylesheets: string[] = [];
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
    if (request.resourceType() === 'document') documents.push(request.url());
  });
  const brand = page.locator('.site-header__brand');
  await page.goto(LISTING);
  // Rules of the site's stylesheet at work: the header's brand is a flex row, the body has no margin.
  await expect(brand).toHaveCSS('display', 'flex');
  await expect(page.locator('body')).toHaveCSS('margin-top', '0px');
  await expect(page.locator('style#site-css')).toHaveCount(1);
  if (javaScriptEnabled) {
    await expect(page.locator('html')).toHaveClass('js');
    await page.locator('.site-nav a[href="/company/contact"]').first().click();
    await expect(page).toHaveURL(/\/company\/contact$/);
    await expect(page.locator('h1')).toBeVisible();
    // Remix rendered the new page in the browser: the head kept its one stylesheet.
    expect(documents).toHaveLength(1);
    await expect(page.locator('style#site-css')).toHaveCount(1);
    await expect(brand).toHaveCSS('display', 'flex');
  }
  expect(stylesheets).toEqual([]);
});

test('module preloads ask for low priority, and the page still hydrates', async ({ page, javaScriptEnabled }) => {
  const response = await page.goto('/searchresult?q=fuse');
  const html = (await response?.text()) ?? '';
  const preloads = [...html.matchAll(/<link rel="modulepreload(?:-after-paint)?"[^>]*>/g)].map((match) => match[0]);
  expect(preloads.length).toBeGreaterThan(5);
  for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');
  if (javaScriptEnabled) await expect(page.locator('html')).toHaveClass('js');
});

test('no script is fetched before the first paint; then the page hydrates and works', async ({ page, javaScriptEnabled }) => {
  for (const path of [LISTING, '/searchresult?q=fuse']) {
    const scripts: string[] = [];
    const collect = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    };
    page.on('request', collect);
    await page.goto(path);
    if (!javaScriptEnabled) {
      await page.waitForLoadState('load');
      expect(scripts, path).toEqual([]);
      page.off('request', collect);
      continue;
    }
    await expect(page.locator('html')).toHaveClass('js');
    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.js'))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
    expect(timing.scripts.length, path).toBeGreaterThan(5);
    for (const script of timing.scripts) expect(script.start, `${path}: ${script.url}`).toBeGreaterThanOrEqual(timing.paint);
    page.off('request', collect);
  }
  if (javaScriptEnabled) {
    // A client navigation after the deferred start: one document, the new page's heading.
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    await page.locator('.site-nav a[href="/company/contact"]').first().click();
    await expect(page).toHaveURL(/\/company\/contact$/);
    await expect(page.locator('h1')).toBeVisible();
    expect(documents).toEqual([]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

  test('home, search, listing and part pages fit the screen’s width in four languages', async ({ page, javaScriptEnabled }) => {
    test.setTimeout(90_000);
    const part = await partPath(page);
    const paths = ['/', '/searchresult?q=fuse', '/de/searchresult?q=fuse', '/ja-jp/searchresult?q=fuse', LISTING, `/de${LISTING}`, part, '/ja-jp/company/contact'];
    for (const path of paths) {
      await page.goto(path);
      // Scripts change parts of a page when they run (compare buttons, search box): measure after.
      if (javaScriptEnabled) await expect(page.locator('html')).toHaveClass('js');
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth, layout: window.innerWidth }));
      expect(widths, path).toEqual({ page: 412, screen: 412, layout: 412 });
    }
  });
});
