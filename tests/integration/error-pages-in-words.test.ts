import { describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { visibleText } from '../support/visible-text.ts';

// Error pages of the editing host and the page editor say what happened in the page's language,
// with a title: never dictionary keys, never the bad-request text for a refusal of another kind.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '2000' }, { dataDir: 'error-words' });
const SECRET = 'local-editing-secret';
const PAGES = 'https://pages.sitecorecloud.io';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const KEYS = /\b(?:site\.name|error\.\w+\.(?:title|text)|error\.home)\b/;

describe.runIf(built)('the editing host\'s 404', () => {
  const render = (params: Record<string, string>) =>
    fetch(`${site.url}/api/editing/render?${new URLSearchParams({ secret: SECRET, sc_site: 'website', sc_lang: 'en', route: '/nope', mode: 'edit', ...params })}`, { headers: { origin: PAGES } });

  it.each([
    [{ mode: 'edit' }, 'en', 'Page not found'],
    [{ mode: 'preview' }, 'en', 'Page not found'],
    [{ mode: 'edit', sc_lang: 'ja-JP' }, 'ja-JP', 'ページが見つかりません'],
    [{ mode: 'library', sc_itemid: '{00000000-0000-0000-0000-000000000000}', sc_uid: 'nope' }, 'en', 'Page not found'],
  ])('%o is a 404 in words, with a title', async (params, language, heading) => {
    const response = await render(params);
    expect(response.status).toBe(404);
    const html = await response.text();
    const text = visibleText(html, language).join(' ');
    expect(text).not.toMatch(KEYS);
    expect(text).toContain(heading);
    expect(titleOf(html)).toContain(heading);
  });
});
