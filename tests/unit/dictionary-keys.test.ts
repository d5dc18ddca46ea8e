import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';

/*
 * The dictionary holds what the site says, no more: every key of the English file is named by the
 * site's code or its content, and the other three languages have exactly the English keys. A key
 * is named when it stands quoted in app/ ('catalogue.allOf'), when it is one of a family the code
 * builds (`search.facet.${id}`), when its last part is added to a quoted stem (`${base}.title`
 * with 'error.notFound' elsewhere), or when a content file names it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DICTIONARY = path.join(ROOT, 'fixtures/content/dictionary');
const LANGUAGES = ['en', 'de', 'ja-jp', 'zh-cn'] as const;
const keysOf = (language: string) => Object.keys(parseYaml(readFileSync(path.join(DICTIONARY, `${language}.yaml`), 'utf8')) as Record<string, string>);

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const code = files('app', /\.tsx?$/)
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const content = files('fixtures/content', /\.ya?ml$/)
  .filter((file) => !file.startsWith(DICTIONARY))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `prefix.${`: the families of keys the code builds from a value. */
const families = [...code.matchAll(/`([A-Za-z][\w.-]*\.)\$\{/g)].map((match) => match[1]!);
/** `}.suffix``: a last part the code adds to a stem it holds in a variable. */
const endings = [...code.matchAll(/\}\.([\w-]+)`/g)].map((match) => match[1]!);

function named(key: string): boolean {
  if (new RegExp(`['"\`]${escape(key)}['"\`]`).test(code)) return true;
  if (families.some((family) => key.startsWith(family))) return true;
  const stem = key.slice(0, key.lastIndexOf('.'));
  if (endings.includes(key.slice(stem.length + 1)) && new RegExp(`['"\`]${escape(stem)}['"\`]`).test(code)) return true;
  return new RegExp(`(^|[\\s:'"])${escape(key)}($|[\\s'"])`, 'm').test(content);
}

describe('the dictionary', () => {
  const english = keysOf('en');

  it('reads the code it checks against', () => {
    expect(english.length).toBeGreaterThan(500);
    expect(families).toEqual(expect.arrayContaining(['search.facet.', 'facetValue.']));
    expect(named('catalogue.allOf')).toBe(true);
    expect(named('error.notFound.title')).toBe(true);
    expect(named('catalogue.no-such-key')).toBe(false);
  });

  it('has no key the site never names', () => {
    expect(english.filter((key) => !named(key))).toEqual([]);
  });

  it('has the same keys in all four languages', () => {
    for (const language of LANGUAGES.slice(1)) {
      const keys = new Set(keysOf(language));
      expect({ language, missing: english.filter((key) => !keys.has(key)), extra: [...keys].filter((key) => !english.includes(key)) }).toEqual({ language, missing: [], extra: [] });
    }
  });
});
