import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isShellPhrase, pagePhrases, pickPhrases, shellPhrases } from '~/cms/phrases.ts';
import { registry } from '~/plugins/registry.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from '~/plugins/search/sections.ts';

describe('picking the phrases a page needs', () => {
  const phrases = { 'site.name': 'Voltaris', 'forms.send': 'Send', 'forms.field.city': 'City', 'catalogue.parts': 'Parts', nodot: 'x' };

  it('keeps the keys of the named namespaces only', () => {
    expect(pickPhrases(phrases, ['site', 'forms'])).toEqual({ 'site.name': 'Voltaris', 'forms.send': 'Send', 'forms.field.city': 'City' });
    expect(pickPhrases(phrases, [])).toEqual({});
    expect(pickPhrases(phrases, ['nodot'])).toEqual({ nodot: 'x' });
  });

  it('picks once per dictionary and set of namespaces, in any order', () => {
    expect(pickPhrases(phrases, ['forms', 'site'])).toBe(pickPhrases(phrases, new Set(['site', 'forms'])));
    expect(pickPhrases({ ...phrases }, ['forms', 'site'])).not.toBe(pickPhrases(phrases, ['site', 'forms']));
  });

  it('takes single keys and key prefixes too', () => {
    expect(pickPhrases(phrases, ['forms.send', 'catalogue.*'])).toEqual({ 'forms.send': 'Send', 'catalogue.parts': 'Parts' });
  });

  it("sends the shell only what the shell shows, and a page only what the shell has not", () => {
    const dictionary = parseYaml(readFileSync('fixtures/content/dictionary/en.yaml', 'utf8')) as Record<string, string>;
    const shell = shellPhrases(dictionary);
    expect(shell['auth.signIn']).toBe('Sign in');
    expect(shell['search.scope.products']).toBeTruthy();
    expect(shell['error.server.title']).toBeTruthy();
    // Specific error messages travel with the error (page.server.ts), results' words with the results page.
    expect(shell['error.forbidden.title']).toBeUndefined();
    expect(shell['search.noResults']).toBeUndefined();
    expect(Object.keys(shell).length).toBeLessThan(50);
    const page = pagePhrases(dictionary, ['search']);
    expect(page['search.noResults']).toBeTruthy();
    expect(shell['cms.renderingFailed']).toBeTruthy();
    expect(page['search.label']).toBeUndefined();
  });
});

/*
 * A page is sent the shell's phrases and those its renderings declare: a key of any other
 * namespace would show as the bare key. Read each component's module and the modules it imports
 * from the app, and check the namespaces of the keys they name are covered.
 */
describe('the phrases each component declares', () => {
  const appDir = path.resolve('app');
  const namespaces = new Set(Object.keys(parseYaml(readFileSync('fixtures/content/dictionary/en.yaml', 'utf8')) as Record<string, string>).map((key) => key.split('.', 1)[0]!));
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []));
  const pluginFiles = sources(path.join(appDir, 'plugins'));

  /** The module and, transitively, what it imports from the app (not its server-only modules). */
  function reachable(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^'"]*['"]([^'"]+)['"]/gm)) {
      const target = specifier!.startsWith('~/') ? path.join(appDir, specifier!.slice(2)) : specifier!.startsWith('.') ? path.resolve(path.dirname(file), specifier!) : undefined;
      if (target && existsSync(target) && statSync(target).isFile() && !target.endsWith('.server.ts')) reachable(target, seen);
    }
    return seen;
  }

  /**
   * The dictionary keys a module names in its code (imports left out): whole keys, and the
   * beginnings of keys made at run time (`search.type.${type}`), each with its namespace.
   */
  function keysNamed(file: string): Array<{ namespace: string; key: string; whole: boolean }> {
    const code = readFileSync(file, 'utf8').replace(/^(?:import|export)\s[^;]*from\s+['"][^'"]+['"];?$/gm, '');
    return [...code.matchAll(/(['"`])([a-z0-9]+)\.([A-Za-z0-9.]*)(\$\{|['"`])?/g)]
      .filter((match) => namespaces.has(match[2]!) && /^[A-Za-z$]/.test(match[3] || '$'))
      .map((match) => ({ namespace: match[2]!, key: `${match[2]}.${match[3]}`, whole: match[4] === match[1] }));
  }

  /** A key the component's page has: the shell's, or of a namespace its page is sent. */
  function covered(name: string, named: { namespace: string; key: string; whole: boolean }): boolean {
    const declared = registry.getManifest(name)!.phrases ?? [];
    if (declared.includes(named.namespace) || (named.whole && declared.includes(named.key))) return true;
    // A key made at run time from a prefix its declared prefixes continue (facetValue.${field} with facetValue.country.*).
    if (!named.whole && declared.some((selector) => selector.endsWith('.*') && selector.startsWith(named.key))) return true;
    // The search page's facet values are named in its data, for the values its search shows.
    if (name === 'SearchResults' && named.key === 'facetValue.') return true;
    // A key made at run time from a prefix the shell has whole (search.scope.*).
    return isShellPhrase(named.whole ? named.key : `${named.key}x`);
  }

  for (const name of registry.componentNames()) {
    it(`${name} declares every namespace its text comes from`, () => {
      const file = path.join(appDir, 'plugins', registry.getManifest(name)!.module);
      expect(pluginFiles, `the module registering ${name}`).toContain(file);
      const missing = new Set<string>();
      for (const module of reachable(file!)) {
        // The tables of tabs, scopes and facets name every label; each is checked where it is shown (below).
        if (module.endsWith(path.join('search', 'sections.ts'))) continue;
        for (const named of keysNamed(module)) if (!covered(name, named)) missing.add(`${named.key} (${path.relative(appDir, module)})`);
      }
      expect([...missing]).toEqual([]);
    });
  }

  it("the header's scope choice is the shell's; tabs and facets are the search page's", () => {
    for (const scope of SEARCH_SCOPES) expect(isShellPhrase(scope.label), scope.label).toBe(true);
    const searchPage = registry.getManifest('SearchResults')!.phrases ?? [];
    for (const label of SEARCH_TABS.flatMap((tab) => [tab.label, ...tab.facets.map((facet) => facet.label)])) expect(searchPage).toContain(label.split('.', 1)[0]);
  });

  it('finds what it looks for: SearchResults reaches the catalogue phrases of its compare toggle', () => {
    const file = pluginFiles.find((candidate) => candidate.endsWith('SearchResults.tsx'))!;
    const named = new Set([...reachable(file)].flatMap((module) => keysNamed(module).map(({ namespace }) => namespace)));
    expect(named.has('catalogue')).toBe(true);
    expect(named.has('search')).toBe(true);
  });
});
