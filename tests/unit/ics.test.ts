import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine } from '../../app/plugins/company/ics.ts';

describe('iCalendar file (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and line breaks in TEXT values', () => {
    expect(escapeText('a\\b; c, d\ne')).toBe('a\\\\b\\; c\\, d\\ne');
  });

  it('folds at 75 octets without splitting a UTF-8 character, and unfolds to the same line', () => {
    const line = `DESCRIPTION:${'ミュンヘンで開催される展示会'.repeat(6)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    for (const part of physical.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(physical.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(folded).not.toContain('\uFFFD');
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('makes an all-day event whose DTEND is the day after the last day', () => {
    const file = calendarFile({
      uid: 'electronica-2026-11-10@events.voltaris-components',
      start: new Date('2026-11-10T00:00:00Z'),
      end: new Date('2026-11-13T00:00:00Z'),
      summary: 'electronica 2026',
      location: 'Stand A3, Messe München, München',
      description: 'Besuchen Sie uns.',
      url: 'https://www.example.com/de/company/events/electronica-2026-11-10',
      stamp: new Date('2026-11-24T11:34:05.123Z'),
    });
    expect(file.endsWith('\r\n')).toBe(true);
    expect(file.split('\r\n').slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(file).toContain('\r\nDTSTART;VALUE=DATE:20261110\r\n');
    expect(file).toContain('\r\nDTEND;VALUE=DATE:20261114\r\n');
    expect(file).toContain('\r\nDTSTAMP:20261124T113405Z\r\n');
    expect(file).toContain('\r\nLOCATION:Stand A3\\, Messe München\\, München\r\n');
    expect(file).toMatch(/BEGIN:VEVENT\r\n[\s\S]*END:VEVENT\r\nEND:VCALENDAR\r\n$/);
  });
});
