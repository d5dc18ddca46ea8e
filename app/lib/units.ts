/**
 * Electrical quantities (issue 5): values are stored in their SI base unit and shown with the
 * right prefix per language (1.5 kV, 250 mA, 100 µs, 4.7 kΩ); input accepts what an engineer types
 * ("1.5kV", "1500 V", "250m", "0.25 A", "4k7"). Intl.NumberFormat has no volt, ampere or ohm, so
 * this is our own small module.
 */
const PREFIXES = [
  { symbol: 'p', factor: 1e-12 },
  { symbol: 'n', factor: 1e-9 },
  { symbol: 'µ', factor: 1e-6 },
  { symbol: 'm', factor: 1e-3 },
  { symbol: '', factor: 1 },
  { symbol: 'k', factor: 1e3 },
  { symbol: 'M', factor: 1e6 },
  { symbol: 'G', factor: 1e9 },
] as const;

/** Units shown without SI prefixes (°C, A²s stay as they are). */
const UNPREFIXED = new Set(['°C', 'A²s', '%', 'K']);

const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) formats.set(locale, (format = new Intl.NumberFormat(locale, { maximumSignificantDigits: 3 })));
  return format;
}

/** 1500, 'V', 'de' -> "1,5 kV"; 0.00025, 'A' -> "250 µA". */
export function formatQuantity(value: number, unit: string, locale: string): string {
  if (!Number.isFinite(value)) return '';
  if (value === 0 || UNPREFIXED.has(unit)) return `${numberFormat(locale).format(value)} ${unit}`.trim();
  const magnitude = Math.abs(value);
  const prefix = [...PREFIXES].reverse().find((candidate) => magnitude >= candidate.factor * 0.9995) ?? PREFIXES[0];
  return `${numberFormat(locale).format(value / prefix.factor)} ${prefix.symbol}${unit}`.trim();
}

export type QuantityParse = { ok: true; value: number } | { ok: false; message: 'units.notANumber' | 'units.wrongUnit' };

const PREFIX_FACTORS: Record<string, number> = { p: 1e-12, n: 1e-9, u: 1e-6, µ: 1e-6, μ: 1e-6, m: 1e-3, k: 1e3, K: 1e3, M: 1e6, G: 1e9 };

/**
 * "1.5kV", "1500 V", "1,5 kV" (German comma), "250m" (the unit may be left out), "4k7" (a prefix as
 * decimal point), for a quantity in `unit`. Anything else is refused with a message key.
 */
export function parseQuantity(input: string, unit: string): QuantityParse {
  const text = input.trim().replace(/\s+/g, '');
  if (!text) return { ok: false, message: 'units.notANumber' };
  const unitPattern = unit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A prefix used as the decimal point: 4k7 = 4.7k.
  const infix = new RegExp(`^(\\d+)([pnuµμmkKMG])(\\d+)(${unitPattern})?$`, 'i').exec(text);
  if (infix && PREFIX_FACTORS[infix[2]!] !== undefined) return { ok: true, value: scaled(Number(`${infix[1]}.${infix[3]}`), PREFIX_FACTORS[infix[2]!]!) };
  const match = /^([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:e[+-]?\d+)?)([^\d]*)$/i.exec(text);
  if (!match) return { ok: false, message: 'units.notANumber' };
  const number = Number(match[1]!.replace(',', '.'));
  if (!Number.isFinite(number)) return { ok: false, message: 'units.notANumber' };
  let rest = match[2]!;
  if (rest.toLowerCase().endsWith(unit.toLowerCase()) && unit) rest = rest.slice(0, rest.length - unit.length);
  else if (unit === 'Ω' && /ohms?$/i.test(rest)) rest = rest.replace(/ohms?$/i, '');
  if (rest === '') return { ok: true, value: number };
  const factor = PREFIX_FACTORS[rest];
  if (factor === undefined || rest.length !== 1) return { ok: false, message: 'units.wrongUnit' };
  return { ok: true, value: scaled(number, factor) };
}

/** 100 × 1e-6 is 0.00009999999999999999 in floating point: keep 12 significant digits. */
function scaled(number: number, factor: number): number {
  return Number((number * factor).toPrecision(12));
}
