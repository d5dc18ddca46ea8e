import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/** News, trade fairs, where to buy and plant locations: every flow with JavaScript on and off. */

test.describe('news and events', () => {
  test('page through the news, open an item and the series it concerns', async ({ page }) => {
    await page.goto('/company/news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('News');
    const items = page.locator('.news-item');
    await expect(items).toHaveCount(12);
    const firstOnPage1 = await items.first().locator('h2').textContent();
    await page.getByRole('navigation', { name: 'News pages' }).getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/company\/news\?page=2$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await expect(items.first().locator('h2')).not.toHaveText(firstOnPage1!);
    // Newest first across the page.
    const dates = await items.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(dates).toEqual([...dates].sort().reverse());

    const link = items.first().locator('h2 a');
    const title = (await link.textContent())!;
    await link.click();
    await expect(page).toHaveURL(/\/company\/news\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await page.locator('article').getByRole('link', { name: /series in the product catalogue$/ }).click();
    await expect(page).toHaveURL(/\/products\/.+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a page past the last says which is the last and links to it', async ({ page }) => {
    const response = await page.goto('/de/company/news?page=40');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert')).toContainText('Die Liste endet auf Seite 7.');
    await page.getByRole('link', { name: 'Zu Seite 7' }).click();
    await expect(page).toHaveURL(/\/de\/company\/news\?page=7$/);
    await expect(page.locator('.news-item').first()).toBeVisible();
  });

  test('upcoming events come first, past ones are marked, and an event downloads as a calendar file', async ({ page }) => {
    await page.goto('/company/events');
    await expect(page.getByRole('heading', { level: 2, name: 'Upcoming events' })).toBeVisible();
    const first = page.locator('.event-item').first();
    await expect(first).not.toHaveClass(/event-item--past/);
    await expect(first.locator('.result__meta')).toContainText(/booth [ABC]\d/);
    await first.locator('h3 a').click();
    await expect(page).toHaveURL(/\/company\/events\/[a-z0-9-]+-\d{4}-\d\d-\d\d$/);
    await expect(page.locator('.event-facts')).toContainText('Venue');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Add to calendar (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^[a-z0-9-]+\.ics$/);
    const body = readFileSync((await file.path())!, 'utf8');
    expect(body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(body).toMatch(/\r\nDTSTART;VALUE=DATE:\d{8}\r\n/);

    // The last page of the list (trade fairs once a year each: three pages, decision 0085) holds past events.
    await page.goto('/company/events?page=3');
    await expect(page.getByRole('heading', { level: 2, name: 'Past events' })).toBeVisible();
    await expect(page.locator('.event-item--past').first().locator('.badge')).toHaveText('Past event');
  });

  test('the Japanese events page and the Chinese news page speak their languages', async ({ page }) => {
    // Dates are written by the server and again by the browser: any difference is a hydration error.
    const errors: string[] = [];
    // Chromium's note that COOP needs https on a name other than localhost (the .cn host) is no error of the page.
    page.on('console', (message) => void (message.type() === 'error' && !message.text().includes('Cross-Origin-Opener-Policy') && errors.push(message.text())));
    page.on('pageerror', (error) => void errors.push(error.message));
    await page.goto('/ja-jp/company/events');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('展示会・イベント');
    await expect(page.locator('.event-item .result__meta').first()).toContainText(/\d{4}年\d{1,2}月\d{1,2}日～/);
    const port = new URL(page.url()).port;
    await page.goto(`http://voltaris.example.cn:${port}/company/news`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新闻');
    await page.locator('.news-item h2 a').first().click();
    await expect(page.getByRole('link', { name: '全部新闻' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('where to buy and locations', () => {
  test('filter by region and country with the form', async ({ page }) => {
    await page.goto('/de/company/where-to-buy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bezugsquellen');
    await page.getByLabel('Region').selectOption({ label: 'Asien' });
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page).toHaveURL(/\/de\/company\/where-to-buy\?region=asia$/);
    await expect(page.locator('.where-to-buy h2')).toHaveText(['Asien']);
    await page.getByLabel('Land').selectOption({ label: 'Japan' });
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await expect(page).toHaveURL(/country=JP/);
    await expect(page.locator('.where-to-buy h3')).toHaveText(['Japan']);
    const office = page.locator('#voltaris-japan');
    await expect(office).toContainText('Vertriebsbüro');
    await expect(office.locator('.sales-channel__address')).toHaveText(/^[^,]+, Yokohama, Kanagawa, 220-8120, Japan$/);
    await office.getByRole('link', { name: 'Kontaktformular' }).click();
    await expect(page).toHaveURL(/\/de\/company\/contact$/);
  });

  test('a where-to-buy search result opens its entry; plants link to theirs', async ({ page }) => {
    await page.goto('/searchresult?tab=whereToBuy&q=Dortmund');
    await page.locator('.result-list h3 a').first().click();
    await expect(page).toHaveURL(/\/company\/locations#dortmund-plant$/);
    await expect(page.locator('#dortmund-plant')).toContainText('Dortmund Plant');
    await page.goto('/ja-jp/company/locations');
    await expect(page.locator('#dortmund-plant th')).toHaveText('ドルトムント工場');
  });
});
