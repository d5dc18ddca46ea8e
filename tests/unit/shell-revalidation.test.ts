import { describe, expect, it } from 'vitest';
import { pathLanguage } from '~/cms/language.ts';
import { shouldRevalidate } from '~/root.tsx';

/** The browser keeps the shell's data within a language (decision 0062). */
describe("when the browser asks for the shell's data again", () => {
  const ask = (from: string, to: string, extra: { formMethod?: 'POST' | 'GET' | 'get' } = {}) =>
    shouldRevalidate({
      currentUrl: new URL(from, 'http://site.test'),
      nextUrl: new URL(to, 'http://site.test'),
      currentParams: {},
      nextParams: {},
      defaultShouldRevalidate: true,
      ...extra,
    });

  it('not for another page, or another search, of the same language', () => {
    expect(ask('/company/about', '/products')).toBe(false);
    expect(ask('/de/company/about', '/de/products/fuses')).toBe(false);
    expect(ask('/searchresult?q=fuse', '/searchresult?q=fuse&page=2')).toBe(false);
    expect(ask('/ja-jp/', '/ja-jp/searchresult?q=x')).toBe(false);
  });

  it('not for a search box sent (a GET form is a navigation, not a change)', () => {
    expect(ask('/searchresult?q=fuse', '/searchresult?q=relay', { formMethod: 'GET' })).toBe(false);
    expect(ask('/searchresult?q=fuse', '/search?q=relay&scope=', { formMethod: 'get' })).toBe(false);
    expect(ask('/searchresult?q=fuse', '/de/searchresult?q=relay', { formMethod: 'GET' })).toBe(true);
    expect(ask('/searchresult?q=fuse', '/searchresult?q=fuse', { formMethod: 'GET' })).toBe(true);
  });

  it('for another language, a form sent, and the same address again (a revalidation)', () => {
    expect(ask('/company/about', '/de/company/about')).toBe(true);
    expect(ask('/de/products', '/ja-jp/products')).toBe(true);
    expect(ask('/de/', '/')).toBe(true);
    expect(ask('/CheckStock', '/CheckStock', { formMethod: 'POST' })).toBe(true);
    expect(ask('/products', '/products')).toBe(true);
  });

  it('reads the language a path names as the server does (a page called "design" is English)', () => {
    expect(pathLanguage('/de')).toBe('de');
    expect(pathLanguage('/DE/products')).toBe('de');
    expect(pathLanguage('/ja-jp/')).toBe('ja-jp');
    expect(pathLanguage('/design-center')).toBe('');
    expect(pathLanguage('/constructor')).toBe('');
    expect(pathLanguage('/')).toBe('');
  });
});
