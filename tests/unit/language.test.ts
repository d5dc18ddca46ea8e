import { describe, expect, it } from 'vitest';
import { alternateUrls, isChineseHost, localizedPath, resolveLanguage, siteOrigins } from '~/cms/language.ts';

const CN = ['.cn'];

describe('resolveLanguage', () => {
  it('reads English without a prefix', () => {
    expect(resolveLanguage('/', 'example.com', CN)).toEqual({ kind: 'page', language: 'en', itemPath: '/' });
    expect(resolveLanguage('/products/fuses/', 'example.com', CN)).toEqual({ kind: 'page', language: 'en', itemPath: '/products/fuses' });
  });

  it('reads German and Japanese from the first segment', () => {
    expect(resolveLanguage('/de/', 'example.com', CN)).toEqual({ kind: 'page', language: 'de', itemPath: '/' });
    expect(resolveLanguage('/de', 'example.com', CN)).toEqual({ kind: 'page', language: 'de', itemPath: '/' });
    expect(resolveLanguage('/ja-jp/products', 'example.com', CN)).toEqual({ kind: 'page', language: 'ja-jp', itemPath: '/products' });
  });

  it('chooses Chinese by the host ending, with or without a port', () => {
    expect(resolveLanguage('/products', 'www.example.com.cn', CN)).toEqual({ kind: 'page', language: 'zh', itemPath: '/products' });
    expect(resolveLanguage('/', 'WWW.EXAMPLE.COM.CN:8443', CN)).toMatchObject({ language: 'zh' });
    expect(resolveLanguage('/', 'example.cn.example.com', CN)).toMatchObject({ language: 'en' });
    expect(resolveLanguage('/', 'shop.example.zh', ['.cn', '.zh'])).toMatchObject({ language: 'zh' });
  });

  it('answers a doubled language segment with the single one', () => {
    expect(resolveLanguage('/de/de/', 'example.com', CN)).toEqual({ kind: 'redirect', location: '/de/' });
    expect(resolveLanguage('/de/de/de/products', 'example.com', CN)).toEqual({ kind: 'redirect', location: '/de/products' });
    expect(resolveLanguage('/ja-jp/ja-jp/about', 'example.com', CN)).toEqual({ kind: 'redirect', location: '/ja-jp/about' });
  });

  it('answers an explicit default prefix and odd casing with the canonical URL', () => {
    expect(resolveLanguage('/en/products', 'example.com', CN)).toEqual({ kind: 'redirect', location: '/products' });
    expect(resolveLanguage('/DE/products', 'example.com', CN)).toEqual({ kind: 'redirect', location: '/de/products' });
  });
});

describe('localizedPath', () => {
  it('prefixes German and Japanese, not English or Chinese', () => {
    expect(localizedPath('en', '/about')).toBe('/about');
    expect(localizedPath('de', '/')).toBe('/de/');
    expect(localizedPath('de', '/about')).toBe('/de/about');
    expect(localizedPath('ja-jp', 'about')).toBe('/ja-jp/about');
    expect(localizedPath('zh', '/about')).toBe('/about');
  });
});

describe('siteOrigins and alternates', () => {
  it('derives the Chinese origin from the global host and back', () => {
    expect(siteOrigins(new URL('https://www.example.com/x'), CN)).toEqual({ global: 'https://www.example.com', zh: 'https://www.example.com.cn' });
    expect(siteOrigins(new URL('https://www.example.com.cn/x'), CN)).toEqual({ global: 'https://www.example.com', zh: 'https://www.example.com.cn' });
  });

  it('gives a demo on this machine a Chinese host browsers resolve here, and back (decision 0086)', () => {
    const DEMO = ['.cn', '.cn.localhost'];
    expect(siteOrigins(new URL('http://127.0.0.1:3000/x'), DEMO)).toEqual({ global: 'http://127.0.0.1:3000', zh: 'http://cn.localhost:3000' });
    expect(siteOrigins(new URL('http://localhost:3000/x'), DEMO)).toEqual({ global: 'http://localhost:3000', zh: 'http://cn.localhost:3000' });
    expect(siteOrigins(new URL('http://cn.localhost:3000/x'), DEMO)).toEqual({ global: 'http://localhost:3000', zh: 'http://cn.localhost:3000' });
    expect(siteOrigins(new URL('http://shop.localhost:3000/x'), DEMO)).toEqual({ global: 'http://shop.localhost:3000', zh: 'http://shop.cn.localhost:3000' });
    expect(siteOrigins(new URL('http://shop.cn.localhost:3000/x'), DEMO)).toEqual({ global: 'http://shop.localhost:3000', zh: 'http://shop.cn.localhost:3000' });
    // A named host keeps the .cn twin; a .cn host a test maps here stays Chinese.
    expect(siteOrigins(new URL('https://www.example.com/x'), DEMO).zh).toBe('https://www.example.com.cn');
    expect(resolveLanguage('/', 'cn.localhost:3000', DEMO)).toMatchObject({ language: 'zh' });
    expect(resolveLanguage('/', '127.0.0.1.cn:3000', DEMO)).toMatchObject({ language: 'zh' });
    expect(resolveLanguage('/', 'localhost:3000', DEMO)).toMatchObject({ language: 'en' });
  });

  it('prefers configured origins', () => {
    const origins = siteOrigins(new URL('http://127.0.0.1:3000/'), CN, { publicOrigin: 'https://example.com/', zhPublicOrigin: 'https://example.cn' });
    expect(origins).toEqual({ global: 'https://example.com', zh: 'https://example.cn' });
  });

  it('lists the page in every language', () => {
    expect(alternateUrls('/products', { global: 'https://example.com', zh: 'https://example.com.cn' })).toEqual({
      en: 'https://example.com/products',
      de: 'https://example.com/de/products',
      'ja-jp': 'https://example.com/ja-jp/products',
      zh: 'https://example.com.cn/products',
    });
  });

  it('recognizes Chinese hosts', () => {
    expect(isChineseHost('example.com.cn.', CN)).toBe(true);
    expect(isChineseHost('cn.example.com', CN)).toBe(false);
  });
});
