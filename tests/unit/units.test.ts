import { describe, expect, it } from 'vitest';
import { formatQuantity, parseQuantity } from '~/lib/units.ts';

describe('electrical quantities (issue 5)', () => {
  it('formats with the right prefix in four languages', () => {
    expect(formatQuantity(1500, 'V', 'en')).toBe('1.5 kV');
    expect(formatQuantity(1500, 'V', 'de')).toBe('1,5 kV');
    expect(formatQuantity(0.25, 'A', 'ja-JP')).toBe('250 mA');
    expect(formatQuantity(0.0001, 's', 'zh-CN')).toBe('100 µs');
    expect(formatQuantity(4700, 'Ω', 'de')).toBe('4,7 kΩ');
    expect(formatQuantity(1, 'A', 'en')).toBe('1 A');
    expect(formatQuantity(125, '°C', 'de')).toBe('125 °C');
    expect(formatQuantity(200000, 'A', 'en')).toBe('200 kA');
  });

  it('reads what an engineer types', () => {
    const volts = (text: string) => parseQuantity(text, 'V');
    expect(volts('1.5kV')).toEqual({ ok: true, value: 1500 });
    expect(volts('1500 V')).toEqual({ ok: true, value: 1500 });
    expect(volts('1,5 kV')).toEqual({ ok: true, value: 1500 });
    expect(volts('0.6 kV')).toEqual({ ok: true, value: 600 });
    expect(volts('100V')).toEqual({ ok: true, value: 100 });
    expect(parseQuantity('250m', 'A')).toEqual({ ok: true, value: 0.25 });
    expect(parseQuantity('0.25 A', 'A')).toEqual({ ok: true, value: 0.25 });
    expect(parseQuantity('4k7', 'Ω')).toEqual({ ok: true, value: 4700 });
    expect(parseQuantity('10 ohm', 'Ω')).toEqual({ ok: true, value: 10 });
    expect(parseQuantity('100 µs', 's')).toEqual({ ok: true, value: 0.0001 });
    expect(parseQuantity('100us', 's')).toEqual({ ok: true, value: 0.0001 });
  });

  it('refuses nonsense with a clear reason', () => {
    expect(parseQuantity('abc V', 'V')).toEqual({ ok: false, message: 'units.notANumber' });
    expect(parseQuantity('', 'V')).toEqual({ ok: false, message: 'units.notANumber' });
    expect(parseQuantity('5 A', 'V')).toEqual({ ok: false, message: 'units.wrongUnit' });
    expect(parseQuantity('5 xV', 'V')).toEqual({ ok: false, message: 'units.wrongUnit' });
  });
});
