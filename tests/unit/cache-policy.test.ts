import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes, inlineStyleHashes, withLowPriorityModulePreloads, withModulesAfterFirstPaint } from '~/entry.server.tsx';
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

describe('the scripts of a document after its first paint', () => {
  const remixScript = [
    ';',
    'import * as route0 from "/assets/root-a.js";',
    'import * as route1 from "/assets/_-b.js";',
    'window.__remixManifest = {"entry":{"module":"/assets/entry.client-c.js"}};',
    'window.__remixRouteModules = {"root":route0,"routes/$":route1};',
    '',
    'import("/assets/entry.client-c.js");',
  ].join('\n');
  const page = (script: string) =>
    `<head><link rel="modulepreload" href="/assets/root-a.js" fetchpriority="low"/><link rel="icon" href="/i.svg"/></head><body><p>x</p><script>window.__remixContext = {};</script><script type="module" async="">${script}</script><script>later()</script></body>`;

  it('waits for the first paint, then gives the preloads back their rel and imports the same route modules', () => {
    const html = withModulesAfterFirstPaint(page(remixScript));
    expect(html).toContain('<link rel="modulepreload-after-paint" href="/assets/root-a.js" fetchpriority="low"/><link rel="icon" href="/i.svg"/>');
    expect(html).not.toContain('rel="modulepreload" ');
    const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toMatch(/^import \*/m);
    expect(script).toContain("first-contentful-paint");
    expect(script).toContain('const [route0, route1] = await Promise.all(["/assets/root-a.js", "/assets/_-b.js"].map((url) => import(url)));');
    // The rest of Remix's script is as it was, after the imports.
    expect(script.indexOf('await Promise.all')).toBeLessThan(script.indexOf('window.__remixRouteModules = {"root":route0,"routes/$":route1};'));
    expect(script).toContain('import("/assets/entry.client-c.js");');
    expect(html).toContain('<script>window.__remixContext = {};</script>');
    expect(html).toContain('<script>later()</script>');
  });

  it('leaves a document alone when Remix\'s script has another static import, or none', () => {
    const withRuntime = `import "/@vite/client";\n${remixScript}`;
    expect(withModulesAfterFirstPaint(page(withRuntime))).toBe(page(withRuntime));
    expect(withModulesAfterFirstPaint(page('import("/assets/entry.client-c.js");'))).toBe(page('import("/assets/entry.client-c.js");'));
    expect(withModulesAfterFirstPaint('<p>no scripts</p>')).toBe('<p>no scripts</p>');
  });
});
