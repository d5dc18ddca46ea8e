/**
 * Dates and numbers per language. SPEC 9 names the display formats 'MMMM D, Y' (long),
 * YYYY-MM-DD (iso) and MM/DD/YYYY (the default, short); other languages use their own order.
 * Formatting happens in UTC so the server and the browser print the same day.
 */
export type DateStyle = 'long' | 'iso' | 'short';

export function formatDate(value: string | Date, locale: string, style: DateStyle = 'short'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (style === 'iso') return date.toISOString().slice(0, 10);
  if (style === 'long') return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(date);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 1536 -> "1.5 kB" in en, "1,5 kB" in de. */
export function formatFileSize(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
