import { describe, expect, it } from 'vitest';
import { queryValueViews, readQueryValues, searchedValues, valueFilterExpression, widenedValues, withValueFilter } from './query-values.ts';

const read = (query: string, language: 'en' | 'de' | 'ja-jp' | 'zh' = 'en', category?: string) => readQueryValues(query, { language, ...(category ? { category } : {}) });
const placed = (query: string, language: 'en' | 'de' | 'ja-jp' | 'zh' = 'en', category?: string) => read(query, language, category).values.map(({ field, value }) => [field, value]);

describe('quantities in a query, placed on the parameter of the category it names (REQ-SEARCH-22)', () => {
  it('reads 10 A, 500 mA and 0.5 A on a fuse as its rated current, the rest left as text', () => {
    expect(read('10 A fuse')).toMatchObject({ text: 'fuse', category: 'fuses', values: [{ field: 'ratedcurrent', value: 10, unit: 'A' }] });
    expect(placed('500 mA fuse')).toEqual([['ratedcurrent', 0.5]]);
    expect(placed('0.5 A fuse')).toEqual([['ratedcurrent', 0.5]]);
    expect(placed('fuse 10A')).toEqual([['ratedcurrent', 10]]);
    expect(placed('10 ma fuses')).toEqual([['ratedcurrent', 0.01]]);
  });

  it('reads two values of one query, each on its own parameter', () => {
    const reading = read('2 A 250 V fuse');
    expect(reading.values.map(({ field, value }) => [field, value])).toEqual([
      ['ratedcurrent', 2],
      ['ratedvoltage', 250],
    ]);
    expect(reading.text).toBe('fuse');
  });

  it('reads the German decimal comma, full-width digits and a value glued to Japanese or Chinese text', () => {
    expect(placed('Sicherung 1,5 A', 'de')).toEqual([['ratedcurrent', 1.5]]);
    expect(placed('Sicherung 10 A', 'de')).toEqual([['ratedcurrent', 10]]);
    expect(read('１０Ａ ヒューズ', 'ja-jp')).toMatchObject({ text: 'ヒューズ', values: [{ field: 'ratedcurrent', value: 10 }] });
    expect(read('10Aヒューズ', 'ja-jp')).toMatchObject({ text: 'ヒューズ', values: [{ field: 'ratedcurrent', value: 10 }] });
    expect(read('保险丝10A', 'zh')).toMatchObject({ text: '保险丝', values: [{ field: 'ratedcurrent', value: 10 }] });
  });

  it('places current and voltage by category: hold current on a PTC, AC voltage on a varistor, stand-off voltage on a TVS diode', () => {
    expect(placed('1.5 A ptc')).toEqual([['holdcurrent', 1.5]]);
    expect(placed('PTC resettable fuse 1.5 A')).toEqual([['holdcurrent', 1.5]]);
    expect(placed('polyfuse 500mA')).toEqual([['holdcurrent', 0.5]]);
    expect(placed('275 V varistor')).toEqual([['maxacvoltage', 275]]);
    expect(placed('varistor 350 VDC')).toEqual([['maxdcvoltage', 350]]);
    expect(placed('tvs diode 5 V')).toEqual([['standoffvoltage', 5]]);
  });

  it('reads kA, mΩ and °C onto the parameter whose range holds them', () => {
    expect(placed('fuse 10 kA')).toEqual([['breakingcapacity', 10000]]);
    expect(placed('fuse 50 mΩ')).toEqual([['coldresistance', 0.05]]);
    expect(placed('fuse 125 °C')).toEqual([['operatingtemperaturemax', 125]]);
    expect(placed('fuse -40 ℃')).toEqual([['operatingtemperaturemin', -40]]);
    expect(placed('mosfet 5 mohm')).toEqual([['onresistance', 0.005]]);
  });

  it('takes the category of the results when the query names none', () => {
    expect(placed('1.5 A', 'en', 'ptc')).toEqual([['holdcurrent', 1.5]]);
  });

  it('leaves as text what it cannot place: no category, no parameter of that unit, a part number', () => {
    expect(read('10 A')).toEqual({ text: '10 A', values: [] });
    expect(read('fuse 50 Hz')).toMatchObject({ text: 'fuse 50 Hz', values: [] });
    expect(read('fuse 3 F')).toMatchObject({ text: 'fuse 3 F', values: [] });
    expect(read('SMBJ10A')).toEqual({ text: 'SMBJ10A', values: [] });
    expect(read('V275LA20AP varistor')).toMatchObject({ text: 'V275LA20AP varistor', values: [] });
    expect(read('SMBJ5-5.0A tvs')).toMatchObject({ values: [] });
    // A second value for a parameter already read stays text.
    expect(read('fuse 10 A 20 A')).toMatchObject({ text: 'fuse 20 A', values: [{ value: 10 }] });
  });

  it('offers the query without each value, for its removable filter', () => {
    const reading = read('2 A 250 V fuse');
    expect(reading.values.map((value) => value.queryWithout)).toEqual(['250 V fuse', '2 A fuse']);
  });

  it('narrows by the Search API query syntax, a range within the category tolerance', () => {
    expect(valueFilterExpression(read('10 A fuse').values)).toBe('@ratedcurrent=9.99..10.01');
    expect(valueFilterExpression(read('2 A 250 V fuse').values)).toBe('@ratedcurrent=1.998..2.002 @ratedvoltage=249.75..250.25');
    expect(valueFilterExpression(read('fuse -40 °C').values)).toBe('@operatingtemperaturemin=-40.5..-39.5');
    expect(valueFilterExpression([])).toBe('');
  });

  it('widens to the nearest ratings on request, and names them so (1.5 A: no PTC holds exactly that)', () => {
    const state = { q: '1.5 A ptc', facets: {} };
    const wider = widenedValues(state, 'en')!;
    expect(withValueFilter('@language==English', searchedValues(wider, 'en'))).toBe('(@language==English) @holdcurrent=1.2..1.8');
    expect(queryValueViews(searchedValues(wider, 'en'), 'en')).toEqual([{ field: 'holdcurrent', near: true, label: 'Hold current', value: '1.5 A', queryWithout: 'ptc' }]);
    expect(widenedValues(wider, 'en')).toBeUndefined();
    expect(widenedValues({ q: 'fuse', facets: {} }, 'en')).toBeUndefined();
  });

  it('names the values in the page language, with the German decimal comma', () => {
    expect(queryValueViews(searchedValues({ q: 'Sicherung 1,5 A', facets: {} }, 'de'), 'de')).toEqual([{ field: 'ratedcurrent', label: 'Nennstrom', value: '1,5 A', queryWithout: 'Sicherung' }]);
    expect(queryValueViews(searchedValues({ q: '10Aヒューズ', facets: {} }, 'ja-JP'), 'ja-JP')[0]).toMatchObject({ label: '定格電流', value: '10 A' });
    expect(queryValueViews(searchedValues({ q: '1.5 A', facets: { category: ['Circuit Protection|PTC Resettable Fuses'] } }, 'en'), 'en')[0]).toMatchObject({ label: 'Hold current' });
  });
});
