import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { pickPhrases, SHELL_PHRASE_NAMESPACES } from '~/cms/phrases.ts';
import { registry } from '~/plugins/registry.ts';

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

  /** Namespaces of the dictionary keys a module names in its code (imports left out). */
  function namespacesNamed(file: string): Set<string> {
    const code = readFileSync(file, 'utf8').replace(/^(?:import|export)\s[^;]*from\s+['"][^'"]+['"];?$/gm, '');
    return new Set([...code.matchAll(/['"`]([a-z0-9]+)\.[A-Za-z$]/g)].map((match) => match[1]!).filter((namespace) => namespaces.has(namespace)));
  }

  for (const name of registry.componentNames()) {
    it(`${name} declares every namespace its text comes from`, () => {
      const file = pluginFiles.find((candidate) => new RegExp(`name:\\s*'${name}'`).test(readFileSync(candidate, 'utf8')));
      expect(file, `the module registering ${name}`).toBeDefined();
      const covered = new Set<string>([...SHELL_PHRASE_NAMESPACES, ...(registry.getComponent(name)!.phrases ?? [])]);
      const missing = new Set<string>();
      for (const module of reachable(file!)) for (const namespace of namespacesNamed(module)) if (!covered.has(namespace)) missing.add(`${namespace} (${path.relative(appDir, module)})`);
      expect([...missing]).toEqual([]);
    });
  }

  it('finds what it looks for: SearchResults reaches the catalogue phrases of its compare toggle', () => {
    const file = pluginFiles.find((candidate) => candidate.endsWith('SearchResults.tsx'))!;
    const named = new Set([...reachable(file)].flatMap((module) => [...namespacesNamed(module)]));
    expect(named.has('catalogue')).toBe(true);
    expect(named.has('search')).toBe(true);
  });
});
