import { PRODUCT_TYPES, type ContentLanguage, type Localized, type ParameterDefinition, type ProductType } from '@voltaris/catalogue/taxonomy';
import { formatQuantity, type UnitLanguage } from '~/lib/units.ts';

/**
 * Values with units in a search query (REQ-SEARCH-22, docs/decisions/0163): "10 A fuse", "500 mA",
 * "2 A 250 V", "1,5 A" (de), "10A", full-width "１０Ａ", kA, mΩ, °C, and a value glued to Japanese
 * or Chinese text ("10Aヒューズ", "保险丝10A"). Each is placed on the parameter of the category the
 * query names (or the results are in): current is a fuse's rated current, a PTC's hold current. A
 * placed value leaves the query's text and narrows the search as a range of the Search API's own
 * query syntax (`@ratedcurrent=9.99..10.01`, sent in `aq`); a value the reader cannot place stays
 * text. Pure and small: it runs on every distinct search (bench/query-reading.ts).
 */

export interface QueryValue {
  /** The catalogue's parameter (an index field) and its SI unit. */
  field: string;
  unit: string;
  /** In the unit itself (500 mA -> 0.5). */
  value: number;
  /** The range searched: the value within its category's tolerance. */
  low: number;
  high: number;
  /** The nearest ratings, searched when no part has the value itself. */
  nearLow: number;
  nearHigh: number;
  /** The product type (taxonomy key) whose parameter it is, and the parameter's name. */
  category: string;
  label: Localized;
  /** As typed (normalized), and the query without it: the removable filter's link. */
  typed: string;
  queryWithout: string;
}

export interface QueryValueReading {
  /** What is left to search as words. */
  text: string;
  /** The product type the query names, when it names one. */
  category?: string;
  values: QueryValue[];
  /** The values searched as their nearest ratings (no part had them all). */
  near?: boolean;
}

/**
 * The words that name each product type, besides its names in the taxonomy (product type, noun,
 * sub-categories in four languages). Checked in this order: a PTC resettable fuse, a thermal
 * fuse, a reed relay are named before a fuse or a reed switch is.
 */
const EXTRA_NAMES: Record<string, string[]> = {
  ptc: ['ptc', 'pptc', 'polyfuse', 'polyswitch', 'resettable', 'rückstellbar', 'リセッタブル', '自恢复'],
  'temperature-sensors': ['thermal fuse', 'thermal cutoff', 'ntc', 'thermistor', 'rtd', 'サーミスタ', '热敏电阻'],
  relays: ['relay', 'ssr', 'relais', 'リレー', '继电器'],
  'reed-sensors': ['reed sensor'],
  'reed-switches': ['reed switch', 'reedschalter'],
  tvs: ['tvs', 'esd diode', 'transil'],
  varistors: ['varistor', 'mov', 'バリスタ', '压敏'],
  gdt: ['gdt', 'gas discharge', 'surge arrester', 'gasableiter'],
  thyristors: ['thyristor', 'triac', 'scr', 'sidac', 'トライアック', '可控硅'],
  mosfets: ['mosfet'],
  igbts: ['igbt'],
  fuses: ['fuse', 'sicherung', 'ヒューズ', '保险丝', '熔断器', '熔丝'],
};
const ORDER = Object.keys(EXTRA_NAMES);

/**
 * Each category's tolerance (relative): the catalogue's ratings are nominal values, so a value
 * read matches its own rating and no neighbour (10 A, not 12.5 A), floating-point rounding aside.
 * Temperatures take half a degree either side.
 */
const TOLERANCE: Record<string, number> = { fuses: 0.001, ptc: 0.001, tvs: 0.001, varistors: 0.001, gdt: 0.001 };
const DEFAULT_TOLERANCE = 0.001;
const TEMPERATURE_TOLERANCE = 0.5;
/** The nearest ratings: a step either side of the preferred-number ladders (R10, E12) the catalogue rates in. */
const NEAR = 0.2;
const TEMPERATURE_NEAR = 10;

const LANGUAGE_OF: Record<UnitLanguage, ContentLanguage> = { en: 'en', de: 'de', 'ja-jp': 'ja', zh: 'zh' };

const TYPES = new Map(PRODUCT_TYPES.map((type) => [type.key, type]));
/** Names, lower-cased, by product type, in ORDER. */
const NAMES: Array<{ key: string; names: string[] }> = ORDER.filter((key) => TYPES.has(key)).map((key) => {
  const type = TYPES.get(key)!;
  const localized = [type.l2, type.noun, ...type.l3].flatMap((names) => Object.values(names));
  return { key, names: [...new Set([...EXTRA_NAMES[key]!, ...localized].map((name) => name.toLowerCase()))] };
});

/** A name of three Latin letters or fewer (ptc, tvs, mov) counts only as a word of its own. */
const SHORT_LATIN = /^[a-z]{1,3}$/;

function namedCategory(lower: string): string | undefined {
  for (const { key, names } of NAMES) {
    for (const name of names) {
      const at = lower.indexOf(name);
      if (at < 0) continue;
      if (!SHORT_LATIN.test(name)) return key;
      const before = lower[at - 1] ?? ' ';
      const after = lower[at + name.length] ?? ' ';
      if (!/[a-z0-9]/.test(before) && !/[a-z0-9]/.test(after)) return key;
    }
  }
  return undefined;
}

/** The category of a category facet's selected path ("Circuit Protection|Fuses|..."), by its product type name. */
export function categoryOfPath(path: string | undefined): string | undefined {
  const l2 = path?.split('|')[1];
  return l2 ? PRODUCT_TYPES.find((type) => type.l2.en === l2)?.key : undefined;
}

/**
 * A number, a prefix and a unit; not inside a Latin word or a number (SMBJ10A, V275LA20AP,
 * 0451.001) but next to Japanese or Chinese text. Read on NFKC text (full-width forms, ℃, Ω).
 */
const QUANTITY = /(?<![\p{Script=Latin}\p{N}.,/-])(-?)(\d+(?:[.,]\d+)?)\s?([kKMmμun]?)(ohms?|Ohms?|VAC|VDC|Vac|Vdc|°C|°c|[AaVvΩWJs])(?![\p{Script=Latin}\p{N}])/gu;

const UNIT_OF: Record<string, string> = { a: 'A', v: 'V', vac: 'V', vdc: 'V', ω: 'Ω', ohm: 'Ω', ohms: 'Ω', w: 'W', j: 'J', s: 's', '°c': '°C' };
const PREFIX: Record<string, number> = { '': 1, k: 1e3, K: 1e3, M: 1e6, m: 1e-3, μ: 1e-6, u: 1e-6, n: 1e-9 };

function numberOf(text: string, language: UnitLanguage): number {
  // "1,500 V" groups thousands in English; "1,5 A" is a decimal comma (German, and a typo elsewhere).
  if (language !== 'de' && /^\d{1,3},\d{3}$/.test(text)) return Number(text.replace(',', ''));
  return Number(text.replace(',', '.'));
}

function fits(parameter: ParameterDefinition, value: number): boolean {
  if (parameter.unit === '°C') return value >= parameter.min - 30 && value <= parameter.max + 30;
  return value >= parameter.min / 2 && value <= parameter.max * 2;
}

/** The parameter of a type a value is: of its unit, the primary rating first, whose range holds it. */
function parameterFor(type: ProductType, unit: string, value: number, kind: string): ParameterDefinition | undefined {
  const candidates = type.parameters
    .filter((parameter) => parameter.unit === unit)
    .sort((a, b) => Number(b.field === type.primary) - Number(a.field === type.primary))
    // 350 VDC: the DC voltage before the AC one.
    .sort((a, b) => Number(kind !== '' && b.field.includes(kind)) - Number(kind !== '' && a.field.includes(kind)));
  return candidates.find((parameter) => fits(parameter, value));
}

const clean = (value: number) => Number(value.toPrecision(12));
const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Reads a query's values with units (see the module comment). */
export function readQueryValues(query: string, options: { language: UnitLanguage; category?: string }): QueryValueReading {
  const text = query.normalize('NFKC').replace(/\u2212/g, '-');
  const named = namedCategory(text.toLowerCase());
  const category = named ?? options.category;
  const type = category ? TYPES.get(category) : undefined;
  const found: Array<{ start: number; end: number; value: Omit<QueryValue, 'queryWithout'> }> = [];
  if (type) {
    for (const match of text.matchAll(QUANTITY)) {
      const [whole, sign, digits, prefixTyped, unitTyped] = match as unknown as [string, string, string, string, string];
      const start = match.index;
      const lowerUnit = unitTyped.toLowerCase();
      const unit = UNIT_OF[lowerUnit] ?? unitTyped;
      // A sign only on a temperature, and only where a word starts ("-40 °C", not "5-40 A").
      if (sign && (unit !== '°C' || /\S/.test(text[start - 1] ?? ' '))) continue;
      // Nobody means megaamperes or megavolts: "500 MA" is typed in capitals for mA.
      const factor = (unit === 'A' || unit === 'V') && prefixTyped === 'M' ? 1e-3 : PREFIX[prefixTyped]!;
      if (unit === '°C' && prefixTyped) continue;
      const value = clean((sign ? -1 : 1) * numberOf(digits, options.language) * factor);
      const parameter = parameterFor(type, unit, value, lowerUnit.startsWith('v') && lowerUnit.length === 3 ? lowerUnit.slice(1) : '');
      if (!parameter || found.some((other) => other.value.field === parameter.field)) continue;
      const tolerance = unit === '°C' ? TEMPERATURE_TOLERANCE : Math.abs(value) * (TOLERANCE[type.key] ?? DEFAULT_TOLERANCE);
      const near = unit === '°C' ? TEMPERATURE_NEAR : Math.abs(value) * NEAR;
      found.push({
        start,
        end: start + whole.length,
        value: { field: parameter.field, unit, value, low: clean(value - tolerance), high: clean(value + tolerance), nearLow: clean(value - near), nearHigh: clean(value + near), category: type.key, label: parameter.label, typed: spaced(whole) },
      });
    }
  }
  const without = (skip: (index: number) => boolean) => {
    let out = '';
    let at = 0;
    found.forEach((one, index) => {
      if (!skip(index)) return;
      out += `${text.slice(at, one.start)} `;
      at = one.end;
    });
    return spaced(out + text.slice(at));
  };
  return {
    text: without(() => true),
    ...(named ? { category: named } : {}),
    values: found.map((one, index) => ({ ...one.value, queryWithout: without((other) => other === index) })),
  };
}

/** Number as the query syntax takes it: plain decimals, never an exponent (1e-7). */
function expressionNumber(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** The values as an advanced query: each a range of its field, all of them required. */
export function valueFilterExpression(values: readonly Pick<QueryValue, 'field' | 'low' | 'high'>[]): string {
  return values.map(({ field, low, high }) => `@${field}=${expressionNumber(low)}..${expressionNumber(high)}`).join(' ');
}

/** A value the page shows as a removable filter: the parameter's name and the value in the page's language, the query without it. */
export interface QueryValueView {
  field: string;
  /** Searched as its nearest ratings: no part has the value itself. */
  near?: boolean;
  label: string;
  value: string;
  queryWithout: string;
}

const UNIT_LANGUAGES: Record<string, UnitLanguage> = { en: 'en', de: 'de', ja: 'ja-jp', zh: 'zh' };

/** The unit language of a search locale (en, de, ja-JP, zh-CN). */
export function unitLanguageOf(locale: string): UnitLanguage {
  return UNIT_LANGUAGES[locale.slice(0, 2).toLowerCase()] ?? 'en';
}

const readings = new WeakMap<object, QueryValueReading>();

/**
 * The reading of one search's query: the category named, else the one its category facet selects.
 * Kept per URL state object, so the request and the page's view read it once.
 */
export function searchedValues(state: { q: string; facets: Record<string, string[]> }, locale: string): QueryValueReading {
  let reading = readings.get(state);
  if (!reading) {
    const category = categoryOfPath(state.facets.category?.[0]);
    reading = readQueryValues(state.q, { language: unitLanguageOf(locale), ...(category ? { category } : {}) });
    readings.set(state, reading);
  }
  return reading;
}

/** The advanced query of a search: the page's language filter and the values read, all required. */
export function withValueFilter(languageFilter: string, reading: QueryValueReading): string {
  const values = valueFilterExpression(reading.near ? reading.values.map((value) => ({ field: value.field, low: value.nearLow, high: value.nearHigh })) : reading.values);
  return values ? `(${languageFilter}) ${values}` : languageFilter;
}

/**
 * The same search with its values widened to their nearest ratings (a new state object, read as
 * such), for a search no part matched; undefined when it read no values.
 */
export function widenedValues<State extends { q: string; facets: Record<string, string[]> }>(state: State, locale: string): State | undefined {
  const reading = searchedValues(state, locale);
  if (reading.values.length === 0 || reading.near) return undefined;
  const wider = { ...state };
  readings.set(wider, { ...reading, near: true });
  return wider;
}

/** The values as the page names them, in its language (1,5 A in German). */
export function queryValueViews(reading: QueryValueReading, locale: string): QueryValueView[] {
  const language = unitLanguageOf(locale);
  return reading.values.map((value) => ({
    field: value.field,
    ...(reading.near ? { near: true } : {}),
    label: value.label[LANGUAGE_OF[language]],
    value: formatQuantity(value.value, value.unit, language),
    queryWithout: value.queryWithout,
  }));
}
