import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { translator } from '../../app/cms/use-site-shell.ts';
import { displayUnit, formatQuantity, parseQuantity, quantityInputValue, type UnitLanguage } from '../../app/lib/units.ts';

const value = (input: string, unit: string, language: UnitLanguage = 'en') => {
  const parsed = parseQuantity(input, unit, language);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

/** What the page says for a value that does not parse: the dictionary's phrase of its error. */
const messageOf = (input: string, unit: string, language: UnitLanguage, file: string) => {
  const parsed = parseQuantity(input, unit, language);
  if (parsed.ok) return undefined;
  const t = translator(parseYaml(readFileSync(`fixtures/content/dictionary/${file}.yaml`, 'utf8')) as Record<string, string>);
  return t(`units.error.${parsed.error}`, parsed.values);
};

describe('formatQuantity', () => {
  it('picks the prefix that keeps 1 to 3 integer digits', () => {
    expect(formatQuantity(1500, 'V')).toBe('1.5 kV');
    expect(formatQuantity(0.25, 'A')).toBe('250 mA');
    expect(formatQuantity(0.0001, 's')).toBe('100 µs');
    expect(formatQuantity(4700, 'Ω')).toBe('4.7 kΩ');
    expect(formatQuantity(3.3e-12, 'F')).toBe('3.3 pF');
    expect(formatQuantity(600, 'V')).toBe('600 V');
    expect(formatQuantity(0, 'A')).toBe('0 A');
  });
  it('rounds to three significant digits without carrying into a wrong prefix', () => {
    expect(formatQuantity(0.99996, 'A')).toBe('1 A');
    expect(formatQuantity(123456, 'Ω')).toBe('123 kΩ');
  });
  it('leaves temperatures and I²t unprefixed', () => {
    expect(formatQuantity(-40, '°C')).toBe('-40 °C');
    expect(formatQuantity(0.0005, 'A²s')).toBe('0.0005 A²s');
  });
  // Datasheets write dV/dt in V/µs, a small I²t as a power of ten, and a four-digit rating whole.
  it('writes each unit as datasheets do: V/µs, I²t in powers of ten, three significant digits unless the value has four', () => {
    expect(formatQuantity(2e8, 'V/s')).toBe('200 V/µs');
    expect(formatQuantity(1e9, 'V/s')).toBe('1,000 V/µs');
    expect(formatQuantity(1.5e9, 'V/s', 'de')).toBe('1.500 V/µs');
    expect(formatQuantity(0.00000138, 'A²s')).toBe('1.38 × 10⁻⁶ A²s');
    expect(formatQuantity(0.00000138, 'A²s', 'de')).toBe('1,38 × 10⁻⁶ A²s');
    expect(formatQuantity(0.0000999999, 'A²s')).toBe('1 × 10⁻⁴ A²s');
    expect(formatQuantity(12.5, 'A²s')).toBe('12.5 A²s');
    expect(formatQuantity(1465, 'V')).toBe('1.465 kV');
    expect(formatQuantity(6500, 'A', 'de')).toBe('6,5 kA');
    expect(formatQuantity(0.0025, 'Ω')).toBe('2.5 mΩ');
    expect(formatQuantity(0.00002, 's')).toBe('20 µs');
    expect(displayUnit('V/s')).toBe('V/µs');
    expect(displayUnit('A')).toBe('A');
  });
  it('reads V/µs and powers of ten back as the page writes them', () => {
    expect(value('200 V/µs', 'V/s')).toBe(2e8);
    expect(value('200', 'V/s')).toBe(2e8);
    expect(value('200 v/us', 'V/s')).toBe(2e8);
    expect(value('1.5 kV/µs', 'V/s')).toBe(1.5e9);
    expect(value('200 MV/s', 'V/s')).toBe(2e8);
    expect(value(quantityInputValue(2e8, 'V/s'), 'V/s')).toBe(2e8);
    expect(value('1.38 × 10⁻⁶ A²s', 'A²s')).toBeCloseTo(1.38e-6, 15);
  });
  it('uses the decimal separator of each of the four languages', () => {
    expect(formatQuantity(1500, 'V', 'en')).toBe('1.5 kV');
    expect(formatQuantity(1500, 'V', 'de')).toBe('1,5 kV');
    expect(formatQuantity(4700, 'Ω', 'de')).toBe('4,7 kΩ');
    expect(formatQuantity(1500, 'V', 'ja-jp')).toBe('1.5 kV');
    expect(formatQuantity(0.25, 'A', 'zh')).toBe('250 mA');
  });
  it('gives a value back in the form an input accepts', () => {
    expect(quantityInputValue(1500, 'V')).toBe('1.5kV');
    expect(value(quantityInputValue(0.0001, 's'), 's')).toBe(0.0001);
  });
});

describe('parseQuantity', () => {
  it('reads what engineers type', () => {
    expect(value('1.5kV', 'V')).toBe(1500);
    expect(value('1500 V', 'V')).toBe(1500);
    expect(value('250m', 'A')).toBe(0.25);
    expect(value('0.25 A', 'A')).toBe(0.25);
    expect(value('100 µs', 's')).toBe(0.0001);
    expect(value('100us', 's')).toBe(0.0001);
    expect(value('100 μs', 's')).toBe(0.0001);
    expect(value('4k7', 'Ω')).toBe(4700);
    expect(value('2R5', 'A')).toBe(2.5);
    expect(value('4.7 kohm', 'Ω')).toBe(4700);
    expect(value('1.5KV', 'V')).toBe(1500);
    expect(value('0.6 kV', 'V')).toBe(600);
    expect(value('100V', 'V')).toBe(100);
    expect(value('-40', '°C')).toBe(-40);
    expect(value('1e3 V', 'V')).toBe(1000);
    expect(value('1,500 V', 'V')).toBe(1500);
  });
  it('makes "1.5kV" and "1500 V" the same filter', () => {
    expect(value('1.5kV', 'V')).toBe(value('1500 V', 'V'));
  });
  it('reads the German decimal comma', () => {
    expect(value('1,5 kV', 'V', 'de')).toBe(1500);
    expect(value('0,25 A', 'A', 'de')).toBe(0.25);
    expect(value('1.500,5 V', 'V', 'de')).toBe(1500.5);
  });
  it('rejects nonsense with a clear message in four languages', () => {
    expect(parseQuantity('abc V', 'V', 'en')).toMatchObject({ ok: false, error: 'notANumber' });
    expect(messageOf('abc V', 'V', 'en', 'en')).toBe('"abc V" is not a value in V. Type a number with an optional prefix, e.g. 1.5kV, 1500 V, 250m.');
    expect(messageOf('abc V', 'V', 'de', 'de')).toContain('„abc V“ ist kein Wert in V');
    expect(messageOf('abc V', 'V', 'ja-jp', 'ja-jp')).toContain('「abc V」はVの値ではありません');
    expect(messageOf('abc V', 'V', 'zh', 'zh-cn')).toContain('“abc V”不是以V为单位的数值');
    expect(messageOf('5 A', 'V', 'de', 'de')).toBe('„5 A“ ist nicht in V angegeben. Geben Sie einen Wert in V ein, z. B. 1.5kV, 1500 V, 250m.');
  });
  // A range box's placeholder shows the range's end as the page writes it ("1.000.000 A²s" in
  // German): typed back, it must mean the same value. German wrote "1.000 A" for a thousand and the
  // filter read one ampere.
  it('reads back every value as the page writes it, in four languages', () => {
    const cases: Array<[number, string]> = [[1_000_000, 'A²s'], [1000, '°C'], [1500, '°C'], [1e-7, 'A²s'], [1.38e-6, 'A²s'], [1.5e9, 'V/s'], [2e7, 'V/s'], [1465, 'V'], [0.25, 'A'], [4700, 'Ω'], [1500, 'V'], [2e-6, 's'], [12_300, '%']];
    for (const language of ['en', 'de', 'ja-jp', 'zh'] as const) {
      for (const [amount, unit] of cases) {
        const written = formatQuantity(amount, unit, language);
        expect(value(written, unit, language), `${language} ${written}`).toBeCloseTo(amount, 12);
      }
    }
  });
  it('reads German thousands groups as a German writes them', () => {
    expect(value('1.000 A', 'A', 'de')).toBe(1000);
    expect(value('1.000.000', 'A²s', 'de')).toBe(1_000_000);
    expect(value('1.5 kV', 'V', 'de')).toBe(1500);
  });
  // A Japanese or Chinese input method types full-width digits and letters unless switched off.
  it('reads full-width digits, letters and signs', () => {
    expect(value('５Ａ', 'A', 'ja-jp')).toBe(5);
    expect(value('１．５ｋＶ', 'V', 'zh')).toBe(1500);
    expect(value('８５　Ａ²ｓ', 'A²s', 'ja-jp')).toBe(85);
    expect(value('4.7 kΩ', 'Ω')).toBe(4700);
    expect(value('4.7 k\u2126', 'Ω')).toBe(4700);
  });
  // Datasheets and word processors print a negative temperature with the minus sign U+2212.
  it('reads the typographic minus sign of a pasted value', () => {
    expect(value('−40 °C', '°C')).toBe(-40);
    expect(value('−55', '°C', 'de')).toBe(-55);
  });
  it('names a wrong unit as such', () => {
    expect(parseQuantity('5 A', 'V')).toMatchObject({ ok: false, error: 'wrongUnit' });
    expect(parseQuantity('5 mA', 'V')).toMatchObject({ ok: false, error: 'wrongUnit' });
    expect(parseQuantity('', 'V')).toMatchObject({ ok: false, error: 'empty' });
    expect(parseQuantity('1..5 V', 'V')).toMatchObject({ ok: false, error: 'notANumber' });
  });
});
