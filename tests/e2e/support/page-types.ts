import { expect, type Page } from '@playwright/test';

/**
 * One address of every page type a visitor meets (issue 31): the tests that hold for every page
 * (phone width, accessibility) walk these, then the pages reached from a listing (pageTypesFrom).
 */
export const PAGE_TYPES = [
  '/',
  '/de/',
  '/products',
  '/products/circuit-protection/fuses',
  '/de/products/circuit-protection/fuses/surface-mount-fuses',
  '/products/cross-reference?part=SMBJ5.0A',
  '/searchresult?q=fuse',
  '/de/searchresult?q=Sicherung&tab=parametric',
  '/searchresult?tab=whereToBuy',
  '/company/contact?unit=ESBU&country=Germany',
  '/de/company/contact?unit=ESBU&country=Germany',
  '/company/where-to-buy',
  '/company/locations',
  '/company/news',
  '/company/events',
  '/de/company/careers',
  '/Legal/privacy-statement',
  '/support/faq',
  '/design-center',
  '/design-center/applications/automotive/battery-management-systems',
  '/design-center/selection-guide',
  '/design-center/application-guide',
  '/resource-library',
  '/CheckStock',
  '/subscription',
  '/ask-an-expert',
  '/no-such-page',
];

/** A series, a part and a comparison of three, as the surface-mount fuse listing links them. */
export async function pageTypesFrom(page: Page): Promise<string[]> {
  const listing = '/products/circuit-protection/fuses/surface-mount-fuses';
  await page.goto(listing);
  const parts = await page
    .locator(`a[href*="${listing}/"]`)
    .evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))]);
  const partPages = parts.filter((path) => path.split('/').length === 7);
  expect(partPages.length, 'part links on the listing').toBeGreaterThanOrEqual(3);
  const numbers = partPages.slice(0, 3).map((path) => decodeURIComponent(path.split('/').pop()!));
  return [partPages[0]!, partPages[0]!.replace(/\/[^/]+$/, ''), `/products/compare?parts=${numbers.map(encodeURIComponent).join(',')}`];
}
