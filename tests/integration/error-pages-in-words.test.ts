import { describe, expect, it } from 'vitest';
import { CookieClient, signIn } from '../support/browserless.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { visibleText } from '../support/visible-text.ts';

// Error pages of the editing host and the page editor say what happened in the page's language,
// with a title: never dictionary keys, never the bad-request text for a refusal of another kind.
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '2000' }, { dataDir: 'error-words' });
const SECRET = 'local-editing-secret';
const PAGES = 'https://pages.sitecorecloud.io';

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const KEYS = /\b(?:site\.name|error\.\w+\.(?:title|text)|error\.home)\b/;

async function signedIn(email: string, password: string): Promise<CookieClient> {
  const client = new CookieClient(site.url);
  await signIn(client, { email, password, redirectTo: '/' });
  return client;
}

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

describe.runIf(built)('the page editor\'s refusals', () => {
  it.each([
    ['/edit/company/about', 'en', 'Not for your account', 'This page is for other account groups'],
    ['/de/edit/company/about', 'de', 'Nicht für Ihr Konto', 'Diese Seite ist für andere Kontogruppen bestimmt'],
    ['/ja-jp/edit/company/about', 'ja-JP', 'このアカウントでは表示できません', 'このページは別のアカウントグループ向けです'],
  ])('%s refuses a buyer with 403 saying it is not for their account, titled so', async (address, language, title, text) => {
    const buyer = await signedIn('buyer@customer.example', 'buyer-password');
    const response = await buyer.request(address);
    expect(response.status).toBe(403);
    const html = await response.text();
    const shown = visibleText(html, language).join(' ');
    expect(shown).toContain(title);
    expect(shown).toContain(text);
    expect(shown).not.toContain('cannot be answered');
    expect(titleOf(html)).toContain(title);
  });

  it('refuses a path that names no page with 400 giving the reason, in the page\'s language', async () => {
    const editor = await signedIn('editor@corp.example', 'editor-password');
    const english = await editor.request('/edit/bad%20path');
    expect(english.status).toBe(400);
    const html = await english.text();
    expect(visibleText(html, 'en').join(' ')).toContain('A page path is words of letters, digits, dashes and underscores');
    expect(titleOf(html)).toContain('This is not a page address');
    const german = await editor.request('/de/edit/bad%20path');
    expect(german.status).toBe(400);
    expect(visibleText(await german.text(), 'de').join(' ')).toContain('Ein Seitenpfad besteht aus Wörtern');
    const reserved = await editor.request('/edit/edit/x');
    expect(reserved.status).toBe(400);
    expect(visibleText(await reserved.text(), 'en').join(' ')).toContain('Addresses under /edit belong to the page editor itself');
  });
});
