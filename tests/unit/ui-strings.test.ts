import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SEARCH_SCOPES, SEARCH_TABS } from '~/plugins/search/sections.ts';

/*
 * UI text lives in the CMS dictionary, in four languages: code names keys, never the words. A
 * language-keyed object of words in app/ (`{ en: 'Products', de: 'Produkte', ... }`) is what this
 * looks for; language codes and the index's stored language names are data and may stay.
 */
const DICTIONARY_FILES = ['en', 'de', 'ja-jp', 'zh-cn'] as const;
const dictionaries = Object.fromEntries(DICTIONARY_FILES.map((file) => [file, parseYaml(readFileSync(`fixtures/content/dictionary/${file}.yaml`, 'utf8')) as Record<string, string>]));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : []));
}

describe('UI strings come from the dictionary', () => {
  it('every search tab, scope and facet has its name in all four languages', () => {
    const keys = new Set([...SEARCH_TABS, ...SEARCH_SCOPES].flatMap((section) => [section.label, ...section.facets.map((facet) => facet.label)]));
    expect(keys.size).toBeGreaterThan(20);
    for (const file of DICTIONARY_FILES) {
      const missing = [...keys].filter((key) => !dictionaries[file]![key]?.trim());
      expect(missing, `missing in ${file}.yaml`).toEqual([]);
    }
  });

  it('the quantity messages, the sign-out refusal and the e-mails are in all four languages', () => {
    const keys = Object.keys(dictionaries.en!).filter((key) => /^(units\.error|mail)\./.test(key) || key === 'auth.signOutRefused');
    expect(keys.length).toBeGreaterThanOrEqual(16);
    for (const file of DICTIONARY_FILES.slice(1)) {
      for (const key of keys) {
        expect(dictionaries[file]![key], `${key} in ${file}.yaml`).toBeTruthy();
        expect(dictionaries[file]![key], `${key} in ${file}.yaml is translated`).not.toBe(dictionaries.en![key]);
      }
    }
  });

  it('no module in app/ keeps words per language in its code', () => {
    const found: string[] = [];
    for (const file of sources('app')) {
      const code = readFileSync(file, 'utf8');
      // One line: `en: '...', de: '...'` where the English value is words (has a space), not a code or a name.
      for (const match of code.matchAll(/\ben:\s*(['"`])([^'"`]*)\1\s*,\s*de:\s*['"`]/g)) if (/\s/.test(match[2]!)) found.push(`${file}: ${match[0]}`);
      // Several lines: a language's own block (`de: {` or `de: '...'` at a line's start), the site's language table aside.
      if (!file.endsWith(path.join('cms', 'language.ts'))) for (const match of code.matchAll(/^\s*(?:de|'ja-jp'|zh):\s*['"`{]/gm)) found.push(`${file}: ${match[0].trim()}`);
    }
    expect(found).toEqual([]);
  });
});
