import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineStyleHashes, withLowPriorityModulePreloads } from '~/entry.server.tsx';
import { settleCachePolicy } from '~/lib/cache-policy.server.ts';

const PUBLIC = 'public, s-maxage=30, stale-while-revalidate=120';

function settle(init: { method?: string; cookie?: string; status?: number; cacheControl?: string; setCookie?: string }) {
  const request = new Request('http://site.test/searchresult?q=fuse', { method: init.method ?? 'GET', headers: init.cookie ? { cookie: init.cookie } : {} });
  const headers = new Headers();
  if (init.cacheControl) headers.set('Cache-Control', init.cacheControl);
  if (init.setCookie) headers.append('Set-Cookie', init.setCookie);
  settleCachePolicy(request, init.status ?? 200, headers);
  return { cacheControl: headers.get('Cache-Control'), vary: headers.get('Vary') };
}

describe('the last word on who may keep a response (decision 0049)', () => {
  it('keeps a shared 200 to an anonymous read, naming what it varies by', () => {
    expect(settle({ cacheControl: PUBLIC })).toEqual({ cacheControl: PUBLIC, vary: 'Accept-Encoding, Cookie' });
    expect(settle({ method: 'HEAD', cacheControl: PUBLIC }).cacheControl).toBe(PUBLIC);
  });

  it('makes it private for a request with a cookie, another method, another status, or a response that sets a cookie', () => {
    expect(settle({ cacheControl: PUBLIC, cookie: 'visitor=x' }).cacheControl).toBe('private');
    expect(settle({ cacheControl: PUBLIC, method: 'POST' }).cacheControl).toBe('private');
    for (const status of [204, 301, 404, 500, 503]) expect(settle({ cacheControl: PUBLIC, status }).cacheControl).toBe('private');
    expect(settle({ cacheControl: PUBLIC, setCookie: 'recent-queries=x; Path=/' }).cacheControl).toBe('private');
    expect(settle({ cacheControl: PUBLIC, cookie: 'a=b' }).vary).toBeNull();
  });

  it('says private when nothing was said, and keeps a private or no-store answer as it is', () => {
    expect(settle({}).cacheControl).toBe('private');
    expect(settle({ cacheControl: 'no-store' }).cacheControl).toBe('no-store');
    expect(settle({ cacheControl: 'private, no-store' }).cacheControl).toBe('private, no-store');
  });
});

describe('the CSP hashes of a document', () => {
  const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
  it('hashes each distinct inline script as written, UTF-8, and skips scripts loaded from a src', () => {
    const html = [
      '<script>window.__remixContext = {"a":"\\u003c/script>ü"};</script>',
      '<script type="module" async="">import "/assets/a.js";</script>',
      '<script src="/assets/b.js"></script>',
      '<script type="module" src="/assets/c.js" async></script>',
      '<script>window.__remixContext = {"a":"\\u003c/script>ü"};</script>',
      '<SCRIPT>\n  x()\n</SCRIPT>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([sha('window.__remixContext = {"a":"\\u003c/script>ü"};'), sha('import "/assets/a.js";'), sha('\n  x()\n')]);
  });

  it('hashes each distinct style element as written, and no script', () => {
    const css = ':root{--ink: #1b1f24}.site-nav__group>summary:after{content:"▾"}';
    const html = `<head><style id="site-css">${css}</style><script>x()</script></head><body><STYLE>\np{margin:0}\n</STYLE><style id="site-css">${css}</style></body>`;
    expect(inlineStyleHashes(html)).toEqual([sha(css), sha('\np{margin:0}\n')]);
  });
});

describe('the module preloads of a document', () => {
  it('ask for low priority, keep their other attributes, and one that names its priority keeps it', () => {
    const html = [
      '<link rel="modulepreload" href="/assets/HeroBanner-a.js" data-rendering-module="content/HeroBanner.tsx"/>',
      '<link rel="modulepreload" href="/assets/entry.client-b.js"/>',
      '<link rel="modulepreload" href="/assets/c.js" fetchpriority="high"/>',
      '<link rel="stylesheet" href="/assets/d.css"/>',
    ].join('');
    expect(withLowPriorityModulePreloads(html)).toBe(
      [
        '<link rel="modulepreload" href="/assets/HeroBanner-a.js" fetchpriority="low" data-rendering-module="content/HeroBanner.tsx"/>',
        '<link rel="modulepreload" href="/assets/entry.client-b.js" fetchpriority="low"/>',
        '<link rel="modulepreload" href="/assets/c.js" fetchpriority="high"/>',
        '<link rel="stylesheet" href="/assets/d.css"/>',
      ].join(''),
    );
  });
});
