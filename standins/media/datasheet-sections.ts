import type { LandPattern } from '@voltaris/catalogue/land-patterns';
import type { ContentLanguage, ParameterDefinition, ProductType } from '@voltaris/catalogue/taxonomy';

/**
 * What a series datasheet promises beyond its ratings table (decision 0174): the operating
 * temperature range of the series, the conditions each value is measured at, and the package's
 * dimensions and land pattern, the same outline and pads the STEP model and KiCad footprint have
 * (land-patterns.ts). Conditions are written in the symbols datasheets use in every language.
 */

type Phrase = Record<ContentLanguage, string>;
export const SECTION_LABELS = {
  temperature: { en: 'Operating temperature range', de: 'Betriebstemperaturbereich', ja: '動作温度範囲', zh: '工作温度范围' },
  conditions: { en: 'Measuring conditions', de: 'Messbedingungen', ja: '測定条件', zh: '测量条件' },
  parameter: { en: 'Parameter', de: 'Kennwert', ja: '項目', zh: '参数' },
  condition: { en: 'Condition', de: 'Bedingung', ja: '条件', zh: '条件' },
  dimensions: { en: 'Package dimensions (mm)', de: 'Gehäuseabmessungen (mm)', ja: 'パッケージ寸法（mm）', zh: '封装尺寸（mm）' },
  package: { en: 'Package', de: 'Gehäuse', ja: 'パッケージ', zh: '封装' },
  body: { en: 'Body', de: 'Körper', ja: '本体', zh: '本体' },
  terminals: { en: 'Terminals', de: 'Anschlüsse', ja: '端子数', zh: '引脚数' },
  pitch: { en: 'Pitch', de: 'Raster', ja: 'ピッチ', zh: '间距' },
  land: { en: 'Land pattern (IPC-7351B nominal)', de: 'Lötpad-Layout (IPC-7351B nominal)', ja: 'ランドパターン（IPC-7351B 標準）', zh: '焊盘图形（IPC-7351B 标称）' },
  pads: { en: 'pads', de: 'Pads', ja: 'パッド', zh: '焊盘' },
  hole: { en: 'hole', de: 'Bohrung', ja: '穴径', zh: '孔径' },
} satisfies Record<string, Phrase>;

/** The condition of a value, by product type key and field, else by field; the ambient temperature otherwise. */
const CONDITIONS: Record<string, string> = {
  'varistors.clampingvoltage': 'I = I_P, 8/20 µs',
  'tvs.clampingvoltage': 'I = I_PP, 10/1000 µs',
  varistorvoltage: 'I = 1 mA DC, T_A = 25 °C',
  maxacvoltage: '50/60 Hz, T_A = 85 °C',
  maxdcvoltage: 'T_A = 85 °C',
  peaksurgecurrent: '8/20 µs, 1 pulse',
  energyrating: '10/1000 µs, 1 pulse',
  capacitance: 'f = 1 kHz, 1 V RMS',
  junctioncapacitance: 'f = 1 MHz, V_R = 0 V',
  breakdownvoltage: 'I_T = 1 mA, T_A = 25 °C',
  standoffvoltage: 'I_R = 1 µA max.',
  leakagecurrent: 'V = V_RWM, T_A = 25 °C',
  peakpulsecurrent: '10/1000 µs',
  peakpulsepower: '10/1000 µs, T_A = 25 °C',
  ratedcurrent: 'T_A = 25 °C, free air',
  ratedvoltage: 'AC/DC, T_A = 25 °C',
  breakingcapacity: 'at rated voltage',
  meltingi2t: 'I = 10 × I_N, t < 1 ms',
  coldresistance: 'I = 10 % I_N, T_A = 25 °C',
  voltagedrop: 'I = I_N, T_A = 25 °C',
  holdcurrent: 'T_A = 25 °C, still air',
  tripcurrent: 'T_A = 25 °C, still air',
  timetotrip: 'I = 5 × I_hold, T_A = 25 °C',
  maxcurrent: 'at V_max',
  maxvoltage: 'T_A = 25 °C',
  dcsparkovervoltage: 'dV/dt = 100 V/s',
  impulsesparkovervoltage: 'dV/dt = 1 kV/µs',
  impulsedischargecurrent: '8/20 µs, 10 pulses',
  arcvoltage: 'I = 1 A',
  insulationresistance: '100 V DC',
  onresistance: 'V_GS = 10 V, T_J = 25 °C',
  thresholdvoltage: 'V_DS = V_GS, I_D = 250 µA',
  draincurrent: 'T_C = 25 °C',
  drainsourcevoltage: 'V_GS = 0 V, T_J = 25 °C',
  gatecharge: 'V_GS = 10 V',
  inputcapacitance: 'V_DS = 25 V, f = 1 MHz',
  collectorcurrent: 'T_C = 25 °C',
  collectoremittervoltage: 'V_GE = 0 V, T_J = 25 °C',
  saturationvoltage: 'V_GE = 15 V, I_C = I_C nom., T_J = 25 °C',
  switchingenergy: 'V_GE = ±15 V, I_C = I_C nom., T_J = 125 °C',
  shortcircuittime: 'V_GE = 15 V, T_J = 150 °C',
  onstatecurrent: 'T_C = 80 °C, 180° conduction',
  gatetriggercurrent: 'V_D = 12 V, R_L = 33 Ohm',
  holdingcurrent: 'gate open, T_J = 25 °C',
  criticalrateofrise: 'T_J = 125 °C, gate open',
  peakoffstatevoltage: 'T_J = 125 °C',
  surgecurrent: 't_p = 10 ms, half sine',
  contactresistance: '1 V DC, 10 mA',
  contactrating: 'resistive load',
  contactcurrent: 'resistive load',
  switchingcurrent: 'resistive load',
  switchingvoltage: 'resistive load',
  carrycurrent: 'contact closed, T_A = 25 °C',
  operatetime: 'at rated coil voltage, bounce excluded',
  coilvoltage: 'DC',
  coilpower: 'at rated coil voltage',
  isolationvoltage: 'AC, 1 min',
  sensitivity: 'test coil per IEC 62246-1',
  operatedistance: 'reference magnet, on axis',
  resistanceat25: 'T = 25 °C, P = 0.1 mW',
  resistancemin: 'T = 25 °C',
  betavalue: 'B 25/85',
  tolerance: 'T = 25 °C',
  dissipationconstant: 'still air',
  thermaltimeconstant: 'still air, 63.2 %',
  powerdissipation: 'T_A = 25 °C',
};

export function conditionOf(type: ProductType, parameter: ParameterDefinition): string {
  return CONDITIONS[`${type.key}.${parameter.field}`] ?? CONDITIONS[parameter.field] ?? 'T_A = 25 °C';
}

const number = (value: number, lang: ContentLanguage) => {
  const text = String(Number(value.toFixed(2)));
  return lang === 'de' ? text.replace('.', ',') : text;
};

/** The range a family is rated for where its parts carry no limits of their own (metal-oxide discs and relays to +85 °C). */
const FAMILY_RANGE: Record<string, [number, number]> = { varistors: [-40, 85], gdt: [-40, 90], relays: [-40, 85], 'reed-switches': [-40, 125] };

/** "-55 °C to +150 °C" from the parts' own limits, else the family's rating (FAMILY_RANGE, -55 °C to +125 °C). */
export function temperatureRange(type: ProductType, values: Array<Record<string, number>>, lang: ContentLanguage): string {
  const mins = values.map((v) => v.operatingtemperaturemin).filter((v): v is number => typeof v === 'number');
  const maxes = values.map((v) => v.operatingtemperaturemax).filter((v): v is number => typeof v === 'number');
  const [familyLow, familyHigh] = FAMILY_RANGE[type.key] ?? [-55, 125];
  const low = mins.length ? Math.min(...mins) : familyLow;
  const high = maxes.length ? Math.max(...maxes) : familyHigh;
  const signed = (value: number) => `${value < 0 ? '-' : '+'}${number(Math.abs(value), lang)} °C`;
  const to = { en: 'to', de: 'bis', ja: '～', zh: '至' }[lang];
  return `${signed(low)} ${to} ${signed(high)}`;
}

/** The dimension lines of the package: body, terminals and pitch, the land pattern's pads. */
export function dimensionLines(pattern: LandPattern, lang: ContentLanguage): string[] {
  const { outline } = pattern;
  const n = (value: number) => number(value, lang);
  const body =
    outline.shape === 'box'
      ? `${SECTION_LABELS.body[lang]}: L ${n(outline.length)} × W ${n(outline.width)} × H ${n(outline.height)}`
      : `${SECTION_LABELS.body[lang]}: D ${n(outline.diameter)} × L ${n(outline.length)}`;
  const sizes = [...new Set(pattern.pads.map((pad) => `${n(pad.width)} × ${n(pad.height)}${pad.drill ? ` (${SECTION_LABELS.hole[lang]} ${n(pad.drill)})` : ''}`))];
  return [
    `${SECTION_LABELS.package[lang]}: ${pattern.packageName}`,
    body,
    `${SECTION_LABELS.terminals[lang]}: ${pattern.pads.length}, ${SECTION_LABELS.pitch[lang]} ${n(pattern.pitch)}`,
    `${SECTION_LABELS.land[lang]}: ${pattern.pads.length} ${SECTION_LABELS.pads[lang]} ${sizes.join(', ')}`,
  ];
}
