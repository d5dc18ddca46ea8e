/**
 * Electrical quantities for people: every parameter is stored in its SI base unit (A, V, Ω, W, F,
 * s, ...) and shown with the SI prefix that keeps 1 to 3 integer digits (1.5 kV, 250 mA, 100 µs,
 * 4.7 kΩ), with the language's decimal separator. Range inputs accept what an engineer types:
 * "1.5kV", "1500 V", "250m", "0.25 A", "4k7", "1,5 kV" in German. `Intl.NumberFormat` has no volt,
 * ampere or ohm units, hence this module. Shared by the server and the browser.
 */

import { formatNumber } from './format.ts';

export type UnitLanguage = 'en' | 'de' | 'ja-jp' | 'zh';

const LOCALE_TAGS: Record<UnitLanguage, string> = { en: 'en', de: 'de', 'ja-jp': 'ja-JP', zh: 'zh-CN' };

/** SI prefixes from giga to pico; micro is written µ (U+00B5) and typed as µ, μ (U+03BC) or u. */
export const SI_PREFIXES = [
  { symbol: 'G', factor: 1e9 },
  { symbol: 'M', factor: 1e6 },
  { symbol: 'k', factor: 1e3 },
  { symbol: '', factor: 1 },
  { symbol: 'm', factor: 1e-3 },
  { symbol: 'µ', factor: 1e-6 },
  { symbol: 'n', factor: 1e-9 },
  { symbol: 'p', factor: 1e-12 },
] as const;

/** Units shown without a prefix: temperatures, ratios and I²t (a prefixed A²s reads ambiguously). */
const UNPREFIXED = new Set(['°C', '%', 'K', 'A²s', 'W/K']);

/** Other spellings of a unit symbol people type. Lower-cased. */
const UNIT_ALIASES: Record<string, string[]> = {
  Ω: ['ω', 'ohm', 'ohms', 'r'],
  '°C': ['c', 'degc', '°c'],
  'A²s': ['a2s', 'a^2s', 'a²s'],
  'V/s': ['v/s'],
  'W/K': ['w/k'],
};

const PREFIX_BY_TYPED: Record<string, number> = {
  G: 1e9,
  M: 1e6,
  k: 1e3,
  K: 1e3, // "1.5KV": a capital K is a common way to type kilo.
  m: 1e-3,
  µ: 1e-6,
  μ: 1e-6,
  u: 1e-6,
  n: 1e-9,
  p: 1e-12,
};

function cleanFloat(value: number): number {
  return Number(value.toPrecision(12));
}

/** The prefix for a value in base units: the largest whose factor does not exceed |value|. */
function prefixFor(value: number): (typeof SI_PREFIXES)[number] {
  const magnitude = Math.abs(value);
  if (magnitude === 0) return SI_PREFIXES[3];
  // Rounding to 3 significant digits can carry over (999.9 mA -> 1000 mA): decide on the rounded value.
  const rounded = Number(magnitude.toPrecision(3));
  return SI_PREFIXES.find((prefix) => rounded >= prefix.factor * 0.9999999) ?? SI_PREFIXES[7];
}

/**
 * 1500, "V" -> "1.5 kV"; 0.25, "A", "de" -> "250 mA"; 4700, "Ω", "de" -> "4,7 kΩ"; 0.0001, "s" -> "100 µs".
 * Three significant digits: enough to tell parts apart, as datasheets print them.
 */
export function formatQuantity(value: number, unit: string, language: UnitLanguage = 'en'): string {
  if (!Number.isFinite(value)) return '';
  const locale = LOCALE_TAGS[language];
  if (UNPREFIXED.has(unit)) {
    return `${formatNumber(value, locale, { maximumSignificantDigits: 4 })} ${unit}`;
  }
  const prefix = prefixFor(value);
  const mantissa = cleanFloat(value / prefix.factor);
  return `${formatNumber(mantissa, locale, { maximumSignificantDigits: 3 })} ${prefix.symbol}${unit}`;
}

/** How a value would be typed back into a range input ("1.5kV" style, '.' decimal in every language). */
export function quantityInputValue(value: number, unit: string): string {
  if (UNPREFIXED.has(unit)) return `${cleanFloat(value)}`;
  const prefix = prefixFor(value);
  return `${Number((value / prefix.factor).toPrecision(3))}${prefix.symbol === 'µ' ? 'µ' : prefix.symbol}${unit}`;
}

export type QuantityError = 'empty' | 'notANumber' | 'wrongUnit';

/**
 * A value that does not parse names what went wrong; the page says it with the dictionary's
 * `units.error.<error>`, filled with `values`.
 */
export type ParsedQuantity = { ok: true; value: number } | { ok: false; error: QuantityError; values: { input: string; unit: string; example: string } };

function exampleFor(unit: string): string {
  if (UNPREFIXED.has(unit)) return `85 ${unit}`;
  return `1.5k${unit}, 1500 ${unit}, 250m`;
}

function unitMatches(typed: string, unit: string): boolean {
  if (typed === unit || typed === unit.normalize('NFKC')) return true;
  const lower = typed.toLowerCase();
  return lower === unit.toLowerCase() || (UNIT_ALIASES[unit] ?? []).includes(lower);
}

/** A number as typed: "1.5", "1,5" (German decimal comma), "1,500" (English grouping), "-40", "1e3". */
function parseNumber(text: string, language: UnitLanguage): number | undefined {
  let normalized = text.replace(/[\s\u00a0\u202f]/g, '');
  if (language === 'de') {
    // German: "1.500,5" -> 1500.5; a lone comma is the decimal separator; "1.000" and
    // "1.000.000" are thousands, as the page itself writes them ("1.5" stays one and a half).
    if (normalized.includes(',')) normalized = normalized.replace(/\./g, '').replace(',', '.');
    else if (/^[-+]?\d{1,3}(\.\d{3})+$/.test(normalized)) normalized = normalized.replace(/\./g, '');
  } else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(normalized)) {
    normalized = normalized.replace(/,/g, '');
  } else {
    normalized = normalized.replace(',', '.');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(normalized)) return undefined;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * "1.5kV", "1500 V", "250m", "0.25 A", "4k7", "100 µs", "1,5 kV" (de) -> the value in base units.
 * Anything else answers with what went wrong and what to type, for a message in the visitor's language.
 */
export function parseQuantity(input: string, unit: string, language: UnitLanguage = 'en'): ParsedQuantity {
  // Full-width digits and letters (a Japanese or Chinese input method), the ohm sign and the
  // micro sign become their plain forms: "５Ａ" is 5 A. ("²" becomes "2": unitMatches knows.) A
  // pasted datasheet value has the minus sign U+2212, which NFKC leaves.
  const text = input.normalize('NFKC').replace(/\u2212/g, '-').trim();
  const fail = (error: QuantityError): ParsedQuantity => ({ ok: false, error, values: { input: input.trim(), unit, example: exampleFor(unit) } });
  if (!text) return fail('empty');

  // RKM code as on resistors and part numbers: "4k7" = 4.7k, "2R5" = 2.5 (R stands for the decimal point).
  const rkm = /^(\d+)([GMkKmµμunpR])(\d+)\s*(.*)$/.exec(text);
  if (rkm && (rkm[4] === '' || unitMatches(rkm[4]!, unit))) {
    const factor = rkm[2] === 'R' ? 1 : PREFIX_BY_TYPED[rkm[2]!]!;
    return { ok: true, value: cleanFloat(Number(`${rkm[1]}.${rkm[3]}`) * factor) };
  }

  const match = /^([-+]?[\d\s.,]*\d(?:[eE][-+]?\d+)?|[-+]?[.,]\d+)\s*(.*)$/.exec(text);
  if (!match) return fail('notANumber');
  const number = parseNumber(match[1]!, language);
  if (number === undefined) return fail('notANumber');
  const rest = match[2]!.trim();
  // For metres a lone "m" is the unit itself (250m = 250 m); for every other unit it is milli.
  if (rest === '' || unitMatches(rest, unit)) return { ok: true, value: cleanFloat(number) };

  // A prefix, then the unit or nothing: "k", "kV", "m", "mA", "µs", "us", "kohm".
  const prefix = rest[0]!;
  const factor = PREFIX_BY_TYPED[prefix];
  const after = rest.slice(1).trim();
  if (factor !== undefined && !UNPREFIXED.has(unit) && (after === '' || unitMatches(after, unit))) {
    return { ok: true, value: cleanFloat(number * factor) };
  }
  if (/^[a-zA-Zµμ°Ω²/]+$/.test(rest) && /[a-zA-Z°Ω]/.test(rest)) return fail('wrongUnit');
  return fail('notANumber');
}
