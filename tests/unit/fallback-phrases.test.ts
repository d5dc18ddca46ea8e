import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { FALLBACK_PHRASES } from '../../server/fallback-phrases.ts';

/** The error pages' words for a dictionary that cannot be read say what the dictionary says. */
describe('fallback phrases', () => {
  const files = { en: 'en', de: 'de', 'ja-jp': 'ja-jp', zh: 'zh-cn' } as const;
  it('match the CMS dictionary in every language', () => {
    for (const [language, file] of Object.entries(files) as Array<[keyof typeof files, string]>) {
      const dictionary = parseYaml(readFileSync(`fixtures/content/dictionary/${file}.yaml`, 'utf8')) as Record<string, string>;
      const fallback = FALLBACK_PHRASES[language];
      expect(Object.keys(fallback).length).toBeGreaterThan(5);
      for (const [key, value] of Object.entries(fallback)) expect(value, `${key} in ${file}.yaml`).toBe(dictionary[key]);
    }
  });
});
