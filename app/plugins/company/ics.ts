/**
 * A one-event iCalendar file (RFC 5545) for an all-day trade fair: small enough to write by hand,
 * which keeps the rules we rely on in view: CRLF line ends, TEXT escaping, lines folded at 75
 * octets without splitting a UTF-8 character, DTEND the day after the last day.
 */

export interface CalendarEvent {
  uid: string;
  /** First and last day of the event (UTC calendar days). */
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url: string;
  /** When this file is made (DTSTAMP). */
  stamp: Date;
}

const DAY = 86_400_000;

/** TEXT values: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Splits a content line into lines of at most 75 octets; each continuation starts with a space. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line may hold 75 octets; a continuation 74 after its leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const dateValue = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, '');
const stampValue = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Voltaris Components//Trade fair calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stampValue(event.stamp)}`,
    `DTSTART;VALUE=DATE:${dateValue(event.start)}`,
    // DTEND of an all-day event is exclusive: the day after the last day.
    `DTEND;VALUE=DATE:${dateValue(new Date(event.end.getTime() + DAY))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
