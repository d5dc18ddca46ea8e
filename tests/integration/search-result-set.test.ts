import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { rawRequest } from '../support/raw-http.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from '../../app/plugins/search/sections.ts';

/**
 * Issue 31 item 2 (docs/decisions/0080): a sort reorders the set, paging walks it. The page's count
 * is the same for every sort, page and page size, in every tab, scope and language, and sorted by
 * Newest the results stay in the page's language (English only where no translation exists). It
 * was 667 by relevance and 6,171 by Newest for "fuse" (folding only by relevance), and Newest
 * listed other languages' items first (the language rule only ranks).
 */
const site = demoSiteForSuite({ SEARCH_PAGE_CACHE_SECONDS: '0' }, { shared: true });

const LANGUAGES = [
  { name: 'English', prefix: '', lang: 'en', q: 'fuse' },
  { name: 'German', prefix: '/de', lang: 'de', q: 'varistor' },
  { name: 'Japanese', prefix: '/ja-jp', lang: 'ja', q: 'fuse' },
  { name: 'Chinese', prefix: '', host: 'www.example.com.cn', lang: 'zh', q: '保险丝' },
] as const;

async function searchPage(language: (typeof LANGUAGES)[number], query: string): Promise<string> {
  const response = await rawRequest(site.url, `${language.prefix}/searchresult?${query}`, { headers: { dnt: '1', ...('host' in language ? { host: language.host } : {}) } });
  expect(response.status, query).toBe(200);
  return response.body;
}

const totalOf = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1] ?? 'NaN');
/** Each top-level result's id (index order) and the language it is marked in (none: the page's). */
const resultsOf = (html: string) =>
  [...html.matchAll(/<li class="result result--[a-z]+" id="result-([^"]+)">\s*<h3(?: lang="([a-zA-Z-]+)")?/g)].map((match) => ({ id: match[1]!, lang: match[2] }));

const SECTIONS = [...SEARCH_TABS.map((tab) => `tab=${tab.id}`), ...SEARCH_SCOPES.map((scope) => `scope=${scope.id}`)];
const VIEWS = ['sort=relevance', 'sort=newest', 'sort=partnumber', 'sort=relevance&page=2', 'sort=newest&page=2', 'sort=newest&size=48', 'sort=partnumber&size=24&page=3'];

describe.runIf(built)('a sort reorders the set, paging walks it', () => {
  it.each(LANGUAGES)('$name: one count for every sort, page and page size, in every tab and scope', async (language) => {
    const mismatches: string[] = [];
    let nonEmpty = 0;
    for (const section of SECTIONS) {
      const query = `q=${encodeURIComponent(language.q)}&${section}`;
      const first = totalOf(await searchPage(language, `${query}&sort=relevance`));
      if (first > 0) nonEmpty += 1;
      // Pages that exist (a page past the last is a 404 that says so, search-controls.test.ts).
      const views = VIEWS.filter((view) => {
        const page = Number(/page=(\d+)/.exec(view)?.[1] ?? 1);
        const size = Number(/size=(\d+)/.exec(view)?.[1] ?? 12);
        return (page - 1) * size < first;
      });
      const totals = await Promise.all(views.map(async (view) => [view, totalOf(await searchPage(language, `${query}&${view}`))] as const));
      for (const [view, total] of totals) if (total !== first) mismatches.push(`${section} ${view}: ${total}, by relevance ${first}`);
    }
    expect(mismatches).toEqual([]);
    expect(nonEmpty).toBeGreaterThanOrEqual(4);
  }, 120_000);

  it('"fuse" counts the same by relevance and by Newest (it was 667 and 6,171), page 2 too', async () => {
    const english = LANGUAGES[0];
    const relevance = totalOf(await searchPage(english, 'q=fuse'));
    expect(relevance).toBeGreaterThan(100);
    expect(totalOf(await searchPage(english, 'q=fuse&sort=newest'))).toBe(relevance);
    expect(totalOf(await searchPage(english, 'q=fuse&page=2'))).toBe(relevance);
  });

  it.each(LANGUAGES)('$name: Newest lists the page’s language (English only for what has no translation)', async (language) => {
    for (const page of [1, 2, 3]) {
      const results = resultsOf(await searchPage(language, `q=${encodeURIComponent(language.q)}&sort=newest&size=48&page=${page}`));
      expect(results.length).toBeGreaterThan(0);
      const foreign = results.filter((result) => result.lang && result.lang !== language.lang && result.lang !== 'en');
      expect(foreign, `page ${page}`).toEqual([]);
      if (language.lang === 'en') expect(results.filter((result) => result.lang)).toEqual([]);
    }
  }, 60_000);

  it('an English original is listed where no German version exists, never both', async () => {
    const html = await searchPage(LANGUAGES[1], 'q=datasheet&scope=technicaldocuments&sort=newest&size=48');
    const results = resultsOf(html);
    expect(results.some((result) => result.lang === 'en')).toBe(true);
    expect(results.some((result) => !result.lang)).toBe(true);
    // A datasheet in German and in English has one address each: the English one is left out.
    const hrefs = [...html.matchAll(/href="([^"]*\/media\/resources\/datasheet\/([^"]+?)(-de)?\.pdf)"/g)].map((match) => match[2]!);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });
});
