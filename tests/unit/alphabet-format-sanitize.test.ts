import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '~/cms/rich-text.server.ts';
import { formatDate, formatFileSize } from '~/lib/format.ts';
import { ALPHABET_INDEX, indexLetterOf, matchesIndex, parseIndexLetter } from '~/plugins/content/alphabet.ts';
import { indexLetterSchema } from '~/plugins/content/alphabet.schema.ts';

describe('alphabetical index (REQ-CMS-6)', () => {
  it('offers All, # and A to Z', () => {
    expect(ALPHABET_INDEX).toHaveLength(28);
    expect(ALPHABET_INDEX.slice(0, 3)).toEqual(['All', '#', 'A']);
  });

  it('files names under their first letter, digits and other scripts under #', () => {
    expect(indexLetterOf('varistor')).toBe('V');
    expect(indexLetterOf('Überspannung')).toBe('U');
    expect(indexLetterOf('5G base stations')).toBe('#');
    expect(indexLetterOf('電池')).toBe('#');
    expect(matchesIndex('Motor drives', 'All')).toBe(true);
    expect(matchesIndex('Motor drives', 'N')).toBe(false);
  });

  it('parses the letter parameter and rejects anything else', () => {
    expect(parseIndexLetter('b')).toEqual({ letter: 'B' });
    expect(parseIndexLetter('#')).toEqual({ letter: '#' });
    expect(parseIndexLetter('ALL')).toEqual({ letter: 'All' });
    expect(parseIndexLetter(null)).toEqual({ letter: 'All' });
    expect(parseIndexLetter('AB')).toMatchObject({ letter: 'All', error: expect.stringMatching(/A to Z/) });
  });

  it('reads a letter as the form schema does (the browser reads it without the schema)', () => {
    for (const raw of ['b', ' z ', '#', 'all', 'ALL', ' All ', 'AB', 'ä', '1', '##', 'A-', 'a\u0000', 'nul']) {
      const schema = indexLetterSchema.safeParse(raw);
      const read = parseIndexLetter(raw);
      expect(read.error === undefined, raw).toBe(schema.success);
      if (schema.success) expect(read.letter, raw).toBe(schema.data);
      else expect(read.error, raw).toBe(schema.error.issues[0]?.message);
    }
  });
});

describe('formatting per language (REQ-UI-2)', () => {
  it('formats dates as MMMM D, Y, YYYY-MM-DD and MM/DD/YYYY in English', () => {
    expect(formatDate('2026-03-05T00:00:00Z', 'en', 'long')).toBe('March 5, 2026');
    expect(formatDate('2026-03-05T00:00:00Z', 'en', 'iso')).toBe('2026-03-05');
    expect(formatDate('2026-03-05T00:00:00Z', 'en')).toBe('03/05/2026');
  });

  it('uses each language’s own order', () => {
    expect(formatDate('2026-03-05T00:00:00Z', 'de', 'long')).toBe('5. März 2026');
    expect(formatDate('2026-03-05T00:00:00Z', 'ja-JP', 'long')).toBe('2026年3月5日');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('formats file sizes with the language’s decimal sign', () => {
    expect(formatFileSize(1536, 'en')).toBe('1.5 kB');
    expect(formatFileSize(1536, 'de')).toBe('1,5 kB');
    expect(formatFileSize(500, 'en')).toBe('500 byte');
  });
});

describe('sanitizeRichText', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const html = sanitizeRichText('<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(html).toContain('<p>Hi</p>');
  });

  it('keeps editorial markup and marks external links noopener', () => {
    const html = sanitizeRichText('<h3>T</h3><ul><li>a</li></ul><a href="https://x.example">x</a><a href="/de/y">y</a>');
    expect(html).toContain('<h3>T</h3><ul><li>a</li></ul>');
    expect(html).toContain('<a href="https://x.example" rel="noopener noreferrer">x</a>');
    expect(html).toContain('<a href="/de/y">y</a>');
  });
});
