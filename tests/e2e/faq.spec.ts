import { expect } from '@playwright/test';
import { test } from './support/hydrated-test.ts';

/** FAQs (read from Solr's faq core): the list's filter and A-to-Z index, and the questions' own pages. JavaScript on and off. */

test('the FAQ list filters by text and by letter, and opens a question on its own page', async ({ page }) => {
  await page.goto('/support/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  const questions = page.locator('.faq-entry');
  const all = await questions.count();
  expect(all).toBeGreaterThan(100);

  await page.getByLabel('Find questions containing').fill('reflow profile');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/support\/faq\?q=reflow\+profile$/);
  await expect(page.locator('.result-count')).toHaveText(/^\d+ questions containing “reflow profile”$/);
  const filtered = await questions.count();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  for (const text of await questions.allInnerTexts()) expect(text.toLowerCase()).toMatch(/reflow[\s\S]*profile|profile[\s\S]*reflow/);
  await expect(questions.first().locator('mark').first()).toBeVisible();

  // The letter keeps the filter: both narrow the list.
  await page.getByRole('navigation', { name: 'Filter by first letter' }).getByRole('link', { name: 'H', exact: true }).click();
  await expect(page).toHaveURL(/q=reflow\+profile&letter=H$/);
  const headings = await questions.locator('h3').allInnerTexts();
  expect(headings.length).toBeGreaterThan(0);
  for (const heading of headings) expect(heading).toMatch(/^H/);

  const first = questions.locator('h3 a').first();
  const question = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/support\/faq\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(page.locator('.faq-item__answer')).toContainText('J-STD-020');
  await page.getByRole('link', { name: 'All frequently asked questions' }).click();
  await expect(page).toHaveURL(/\/support\/faq$/);
  await expect(questions).toHaveCount(all);
});

test('a German FAQ search result opens its question on a German page', async ({ page }) => {
  await page.goto('/de/searchresult?q=Muster');
  const result = page.locator('.result--faq h3 a').first();
  await expect(result).toHaveAttribute('href', /^\/de\/support\/faq\/[a-z0-9-]+$/);
  const question = (await result.innerText()).trim();
  await result.click();
  await expect(page).toHaveURL(/\/de\/support\/faq\/[a-z0-9-]+$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(question);
  await expect(page.locator('.faq-item__kicker')).toContainText('Häufig gestellte Frage');
});

test('the Chinese FAQ list filters in Chinese', async ({ page, baseURL }) => {
  const port = new URL(baseURL!).port;
  await page.goto(`http://www.voltaris.example.cn:${port}/support/faq`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByLabel('查找包含以下内容的问题').fill('样品');
  await page.getByRole('button', { name: '筛选' }).click();
  await expect(page.locator('.result-count')).toHaveText(/^包含“样品”的问题：\d+个$/);
  for (const text of await page.locator('.faq-entry').allInnerTexts()) expect(text).toContain('样品');
});

test('bad input is refused with 400 in the page language; an unknown question is 404', async ({ page }) => {
  const long = await page.goto(`/de/support/faq?q=${'x'.repeat(120)}`);
  expect(long?.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText('Bitte geben Sie höchstens 100 Zeichen ein.');
  const missing = await page.goto('/ja-jp/support/faq/no-such-question');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
});
