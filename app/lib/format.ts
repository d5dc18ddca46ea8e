/**
 * Dates and numbers per language. REQ-UI-2 names the display formats 'MMMM D, Y' (long),
 * YYYY-MM-DD (iso) and MM/DD/YYYY (the default, short); other languages use their own order.
 * Formatting happens in UTC so the server and the browser print the same day.
 */
import { beforeHydration } from './before-hydration.ts';

export type DateStyle = 'long' | 'iso' | 'short';

// Building an Intl formatter costs far more than using one, and a results page formats hundreds of
// values: keep one per locale and options.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

// The browser's first number formatter sets up its number data (before-hydration.ts): a page that
// formats numbers pays for it before hydrating, in a task of its own.
if (typeof document !== 'undefined') beforeHydration(() => numberFormat(document.documentElement.lang || 'en').format(0));

export function formatDate(value: string | Date, locale: string, style: DateStyle = 'short'): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (style === 'iso') return date.toISOString().slice(0, 10);
  if (style === 'long') return dateFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  return dateFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(date);
}

export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return numberFormat(locale, options).format(value);
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
  return numberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
