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

/**
 * Units datasheets write in a fixed unit of their own, whatever the value: dV/dt in V/µs ("200 MV/s"
 * is how no datasheet writes 200 V/µs). Stored in the SI unit; shown and typed in the display unit.
 */
const DISPLAY_UNITS: Record<string, { symbol: string; factor: number; typed: string[] }> = {
  'V/s': { symbol: 'V/µs', factor: 1e-6, typed: ['v/µs', 'v/μs', 'v/us'] },
};

/** The unit a parameter is written in on the page ("V/µs" for a value stored in V/s). */
export function displayUnit(unit: string): string {
  return DISPLAY_UNITS[unit]?.symbol ?? unit;
}

/** I²t below this is written as a power of ten (1.38 × 10⁻⁶ A²s), as fuse datasheets print it, not "0.00000138". */
const SCIENTIFIC_BELOW = 1e-4;
const SUPERSCRIPTS: Record<string, string> = { '-': '⁻', '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹' };
const FROM_SUPERSCRIPT = Object.fromEntries(Object.entries(SUPERSCRIPTS).map(([plain, raised]) => [raised, plain]));

/**
 * Three significant digits, as datasheets print values; four where the value has exactly four
 * (a 1465 V rating is not "1.47 kV").
 */
function significantDigits(value: number): number {
  const exact = cleanFloat(value);
  return Number(value.toPrecision(3)) !== exact && Number(value.toPrecision(4)) === exact ? 4 : 3;
}

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
  const display = DISPLAY_UNITS[unit];
  if (display) {
    const shown = cleanFloat(value * display.factor);
    return `${formatNumber(shown, locale, { maximumSignificantDigits: significantDigits(shown) })} ${display.symbol}`;
  }
  if (UNPREFIXED.has(unit)) {
    if (value !== 0 && Math.abs(value) < SCIENTIFIC_BELOW) {
      const exponent = Math.floor(Math.log10(Math.abs(value)));
      let mantissa = cleanFloat(value / 10 ** exponent);
      let shownExponent = exponent;
      if (Math.abs(Number(mantissa.toPrecision(3))) >= 10) {
        mantissa /= 10;
        shownExponent += 1;
      }
      const raised = [...String(shownExponent)].map((c) => SUPERSCRIPTS[c] ?? c).join('');
      return `${formatNumber(mantissa, locale, { maximumSignificantDigits: 3 })} × 10${raised} ${unit}`;
    }
    return `${formatNumber(value, locale, { maximumSignificantDigits: 4 })} ${unit}`;
  }
  const prefix = prefixFor(value);
  const mantissa = cleanFloat(value / prefix.factor);
  return `${formatNumber(mantissa, locale, { maximumSignificantDigits: significantDigits(mantissa) })} ${prefix.symbol}${unit}`;
}

/** How a value would be typed back into a range input ("1.5kV" style, '.' decimal in every language). */
export function quantityInputValue(value: number, unit: string): string {
  const display = DISPLAY_UNITS[unit];
  if (display) return `${Number((value * display.factor).toPrecision(3))}${display.symbol}`;
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
  const display = DISPLAY_UNITS[unit];
  if (display) return `200 ${display.symbol}, 1.5k${display.symbol}`;
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
  // "1.38 × 10⁻⁶" (as the page writes a small I²t) is typed back as 1.38e-6; NFKC would make the
  // raised digits plain and lose the power, so it is read first.
  const text = input
    .replace(/\s*[×x]\s*10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)/g, (_, raised: string) => `e${[...raised].map((c) => FROM_SUPERSCRIPT[c] ?? c).join('')}`)
    .normalize('NFKC')
    .replace(/\u2212/g, '-')
    .trim();
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
  // A display unit, prefixed or not: "200 V/µs", "1.5 kV/µs" for a value stored in V/s.
  const display = DISPLAY_UNITS[unit];
  if (display) {
    const typed = rest.toLowerCase().normalize('NFKC');
    const symbols = [display.symbol.toLowerCase().normalize('NFKC'), ...display.typed.map((t) => t.normalize('NFKC'))];
    if (rest === '' || symbols.includes(typed)) return { ok: true, value: cleanFloat(number / display.factor) };
    const factor = PREFIX_BY_TYPED[rest[0]!];
    if (factor !== undefined && symbols.includes(rest.slice(1).trim().toLowerCase().normalize('NFKC'))) return { ok: true, value: cleanFloat((number * factor) / display.factor) };
  }
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
