import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type * as Router from '@remix-run/router';

// The server's router (its CommonJS build, which Node loads) keeps each routes array's ranked
// branches and each pattern's compiled expression (patches/, decision 0121). Matching must give
// what it gave before, call after call, and the flags a pattern is compiled with must still count.
const require = createRequire(import.meta.url);
const routerFile = require.resolve('@remix-run/router');
const router = require('@remix-run/router') as typeof Router;

const routes: Router.AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '/',
    children: [
      { id: 'home', index: true },
      { id: 'search', path: 'searchresult' },
      { id: 'language-search', path: ':language/searchresult' },
      { id: 'optional', path: 'docs/:kind?' },
      { id: 'product', path: 'products/*' },
      { id: 'page', path: '*' },
    ],
  },
];

const leaf = (path: string) => router.matchRoutes(routes, path)?.at(-1);

describe("the server router's kept branches and compiled patterns", () => {
  it('is the CommonJS build Node loads, patched', () => {
    expect(routerFile).toMatch(/router\.cjs\.js$/);
    expect(readFileSync(routerFile, 'utf8')).toContain('Patched (decision 0121)');
  });

  it('matches as before, the same on every call', () => {
    for (let call = 0; call < 3; call++) {
      expect(leaf('/')?.route.id).toBe('home');
      expect(leaf('/searchresult')?.route.id).toBe('search');
      expect(leaf('/de/searchresult')).toMatchObject({ route: { id: 'language-search' }, params: { language: 'de' } });
      expect(leaf('/docs')?.route.id).toBe('optional');
      expect(leaf('/docs/pdf')).toMatchObject({ route: { id: 'optional' }, params: { kind: 'pdf' } });
      expect(leaf('/products/a/b/c')).toMatchObject({ route: { id: 'product' }, params: { '*': 'a/b/c' } });
      expect(leaf('/company/about')).toMatchObject({ route: { id: 'page' }, params: { '*': 'company/about' } });
    }
  });

  it('keeps a pattern compiled apart for each case and end flag', () => {
    expect(router.matchPath({ path: '/Docs', caseSensitive: false, end: true }, '/docs')).not.toBeNull();
    expect(router.matchPath({ path: '/Docs', caseSensitive: true, end: true }, '/docs')).toBeNull();
    expect(router.matchPath({ path: '/docs', end: true }, '/docs/pdf')).toBeNull();
    expect(router.matchPath({ path: '/docs', end: false }, '/docs/pdf')).not.toBeNull();
    expect(router.matchPath({ path: '/docs', end: true }, '/docs/pdf')).toBeNull();
  });

  it('matches a new routes array by its own routes, not a kept one', () => {
    const other: Router.AgnosticRouteObject[] = [{ id: 'only', path: '/only' }];
    expect(router.matchRoutes(other, '/searchresult')).toBeNull();
    expect(router.matchRoutes(other, '/only')?.[0]?.route.id).toBe('only');
    expect(leaf('/searchresult')?.route.id).toBe('search');
  });

  it('flattens and ranks a routes array once: later matches do not walk its routes again', () => {
    // Flattening reads each route's children; a getter counts the reads.
    let childReads = 0;
    const children: Router.AgnosticRouteObject[] = [{ id: 'counted-page', path: 'counted' }];
    const counted: Router.AgnosticRouteObject[] = [
      {
        id: 'counted-root',
        path: '/',
        get children() {
          childReads += 1;
          return children;
        },
      },
    ];
    expect(router.matchRoutes(counted, '/counted')?.at(-1)?.route.id).toBe('counted-page');
    const readsToRank = childReads;
    expect(readsToRank).toBeGreaterThan(0);
    for (let call = 0; call < 3; call++) expect(router.matchRoutes(counted, '/counted')?.at(-1)?.route.id).toBe('counted-page');
    // Unpatched, each of the three calls reads them again (the router flattens on every match).
    expect(childReads).toBe(readsToRank);
  });

  it('compiles a pattern once: its warning, given while compiling, comes on the first match only', () => {
    // A pattern ending in `*` without `/` is compiled with a console warning, every time unpatched.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let call = 0; call < 3; call++) expect(router.matchPath({ path: '/kept-once*', end: false }, '/kept-once/1')).not.toBeNull();
      expect(warn.mock.calls.filter(([message]) => String(message).includes('/kept-once*'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});
