/**
 * How part numbers carry their rating, the way the industry writes them, per product type: one
 * module for the generator (which issues the numbers) and the site's cross-reference (which reads
 * ours and other makers' numbers back into a product type, a rating and, where the number says so,
 * a package).
 *
 *   fuses      0451 001. MR    series (4 digits), amperes in 4 characters with the point where it falls
 *                              (".500" 500 mA, "01.5" 1.5 A, "010." 10 A), suffix (Littelfuse 0451, 0215...)
 *   ptc        RXEF 050 X      hold current in hundredths of an ampere (RXEF050 0.5 A, RGEF1400 14 A)
 *   tvs        SMBJ 5.0 A      reverse stand-off voltage, one decimal below 10 V (SMBJ5.0A, SMBJ15CA)
 *   varistors  V 275 LA 20 E   "V", maximum AC voltage, series, disc size in mm or chip size (V275LA20AP)
 *   gdt        CG2 230 L       DC spark-over voltage (CG2230L)
 *   reed       MDSR-15 DT      sensitivity in ampere-turns / operate distance in mm after a hyphen
 *   ntc        NTC 103 J       resistance at 25 °C as the 3-digit EIA code (103 = 10 kΩ), tolerance letter
 *   thyristors S8 016 R        on-state current, 3 characters ("016" 16 A, "0X8" 0.8 A) (S8016R)
 *   MOSFETs    IXFH 26 N 50 P  drain current, channel, drain-source voltage in tens of volts (IXFH26N50P)
 *   IGBTs      IXGH 40 N 60    collector current, N, collector-emitter voltage in tens of volts
 *   relays     SE-012 S        coil voltage, 3 characters ("012" 12 V, "4V5" 4.5 V)
 *
 * Where a series code ends in a digit and the rating code starts with one, a hyphen keeps them
 * apart (SP30-5.0A), except in the fixed-width codes (fuses, thyristors, NTCs), which need none.
 * REQ-VALID-9: a part number is at most 10 characters; when the whole does not fit, the suffix
 * goes first (and for MOSFETs and IGBTs then the current).
 */

export interface PartNumberInput {
  typeKey: string;
  series: string;
  /** The part's parameter values (the rating and, for MOSFETs and IGBTs, the other figure the number carries). */
  values: Record<string, number>;
  suffix: string;
  /** The package name as the catalogue writes it ("Disc 20 mm", "0603"). */
  packageName: string;
  /** MOSFETs: a P-channel part (P in place of N). */
  pChannel?: boolean;
}

/** What a part number says: its product type, the rating field and value, and what else it names. */
export interface PartNumberReading {
  typeKey: string;
  field: string;
  value: number;
  /** The series (family) code as typed: ours when it is one of our series. */
  series: string;
  suffix: string;
  /** The package the number names, as our catalogue writes it, when it names one. */
  packageName?: string;
  /** TVS diodes: bidirectional (C in the suffix). */
  bidirectional?: boolean;
}

export const MAX_PART_NUMBER_LENGTH = 10;

const trimNumber = (value: number) => String(Number(value.toPrecision(6)));

/** 0.5 -> ".500", 1.5 -> "01.5", 1.25 -> "1.25", 10 -> "010.", 315 -> "315.": four characters, the point where it falls. */
export function fuseAmpereCode(amperes: number): string {
  if (amperes < 1) return `.${String(Math.round(amperes * 1000)).padStart(3, '0')}`;
  const text = trimNumber(amperes);
  const [whole, fraction = ''] = text.split('.');
  if (!fraction) return `${whole!.padStart(3, '0')}.`.slice(-4);
  return `${whole}.${fraction}`.padStart(4, '0');
}

export function readFuseAmpereCode(code: string): number | undefined {
  // Typed without the point (0451005MR), three digits are whole amperes.
  if (/^\d{3}$/.test(code)) return Number(code);
  if (!/^[\d.]{4}$/.test(code) || code.split('.').length !== 2) return undefined;
  const value = Number(code.endsWith('.') ? code.slice(0, -1) : code);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** TVS stand-off: 5 -> "5.0", 6.5 -> "6.5", 15 -> "15". */
export const tvsVoltageCode = (volts: number) => (volts < 10 ? volts.toFixed(1) : trimNumber(volts));

/** 10000 -> "103": two significant digits and the number of zeros (EIA-96 style resistor code). */
export function eiaCode(ohms: number): string {
  const exponent = Math.floor(Math.log10(ohms)) - 1;
  const mantissa = Math.round(ohms / 10 ** exponent);
  if (exponent < 0) return `${String(mantissa).charAt(0)}R${String(mantissa).charAt(1)}`;
  return `${mantissa}${exponent}`;
}

export function readEiaCode(code: string): number | undefined {
  const match = /^(\d)(\d)(\d)$/.exec(code);
  if (match) return Number(`${match[1]}${match[2]}`) * 10 ** Number(match[3]);
  const decimal = /^(\d)R(\d)$/.exec(code);
  return decimal ? Number(`${decimal[1]}.${decimal[2]}`) : undefined;
}

/** A rating in three characters with a letter for the decimal point: 16 -> "016", 0.8 -> "0X8", 4.5 -> "4V5". */
function letterPointCode(value: number, letter: string): string {
  const text = trimNumber(value);
  if (!text.includes('.')) return text.padStart(3, '0');
  const [whole, fraction] = text.split('.');
  return `${whole}${letter}${fraction}`.padStart(3, '0');
}

function readLetterPointCode(code: string, letter: string): number | undefined {
  const text = code.replace(letter, '.');
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

/** Tens of volts: 500 -> "50", 55 -> "5.5". */
const tensOfVolts = (volts: number) => trimNumber(volts / 10);

const joined = (series: string, code: string) => (/\d$/.test(series) && /^\d/.test(code) ? `${series}-${code}` : `${series}${code}`);

/** The size code a varistor number carries: "Disc 20 mm" -> "20", "Block 40 mm" -> "40", "1206" -> "1206". */
export function varistorSizeCode(packageName: string): string {
  const disc = /^(?:Disc|Block) (\d+) mm$/.exec(packageName);
  return disc ? disc[1]!.padStart(2, '0') : packageName;
}

const VARISTOR_SIZES: Record<string, string> = { '05': 'Disc 5 mm', '07': 'Disc 7 mm', '10': 'Disc 10 mm', '14': 'Disc 14 mm', '20': 'Disc 20 mm', '25': 'Disc 25 mm', '32': 'Disc 32 mm', '34': 'Disc 34 mm', '40': 'Block 40 mm', '0402': '0402', '0603': '0603', '0805': '0805', '1206': '1206', '1210': '1210', '1812': '1812', '2220': '2220' };

/**
 * Family prefixes of fuses and TVS diodes across makers, with the package they name (ours are
 * among them; the rest are other makers' families that cross-reference to ours by rating).
 */
const FUSE_FAMILIES: Record<string, string> = {
  '0437': '0603',
  '0438': '0603',
  '0466': '1206',
  '0467': '1206',
  '0451': '2410',
  '0452': '2410',
  '0215': '5 × 20 mm',
  '0216': '5 × 20 mm',
  '0217': '5 × 20 mm',
  '0218': '5 × 20 mm',
  '0235': '6.3 × 32 mm',
  '0312': '6.3 × 32 mm',
  '0313': '6.3 × 32 mm',
  '0314': '6.3 × 32 mm',
  '0257': 'ATO',
  '0287': 'ATO',
  '0440': '0402',
  '0448': '0402',
};
const TVS_FAMILIES: Record<string, string> = {
  SMAJ: 'SMA (DO-214AC)',
  P4SMA: 'SMA (DO-214AC)',
  SMBJ: 'SMB (DO-214AA)',
  P6SMB: 'SMB (DO-214AA)',
  SMCJ: 'SMC (DO-214AB)',
  '1.5SMC': 'SMC (DO-214AB)',
  SMDJ: 'DO-218AB',
  SMF: 'SOD-123FL',
  SA: 'DO-15',
  P6KE: 'DO-15',
  '1.5KE': 'DO-201',
  '5KP': 'DO-201',
};
/** TVS families numbered by their breakdown voltage, not the stand-off (P6KE6.8A: 6.8 V breakdown). */
const BREAKDOWN_NUMBERED = new Set(['P6KE', '1.5KE', 'P4SMA', 'P6SMB', '1.5SMC']);

interface Scheme {
  field: string;
  /** Candidate numbers in order of preference (the first of at most 10 characters is issued). */
  format(input: PartNumberInput): string[];
  /** Every reading of a typed number (upper case, spaces removed) under this scheme. */
  read(typed: string): PartNumberReading[];
}

const SERIES = '([A-Z0-9.]+?)';

function simple(typeKey: string, field: string, code: (value: number) => string, readCode: (code: string) => number | undefined, codePattern: string, options: { fixedWidth?: boolean; hyphen?: boolean } = {}): Scheme {
  const pattern = new RegExp(`^${SERIES}-?(${codePattern})([A-Z][A-Z0-9]*)?$`);
  return {
    field,
    format: ({ series, values, suffix }) => {
      const rating = code(values[field]!);
      const base = options.hyphen ? `${series}-${rating}` : options.fixedWidth ? `${series}${rating}` : joined(series, rating);
      return [`${base}${suffix}`, base];
    },
    read: (typed) => {
      const readings: PartNumberReading[] = [];
      if (!pattern.test(typed)) return readings;
      // Every split of series and rating the pattern allows (a series code may end in digits).
      for (let cut = 1; cut < typed.length; cut += 1) {
        const series = typed.slice(0, cut);
        const rest = typed.slice(cut).replace(/^-/, '');
        const one = new RegExp(`^(${codePattern})([A-Z][A-Z0-9]*)?$`).exec(rest);
        // A series of digits only (59) is read only where a hyphen sets it apart (59-3.3S).
        if (!one || series.endsWith('-') || (!/[A-Z]/.test(series) && typed.charAt(cut) !== '-')) continue;
        const value = readCode(one[1]!);
        if (value === undefined) continue;
        readings.push({ typeKey, field, value, series, suffix: one[2] ?? '' });
      }
      return readings;
    },
  };
}

const fuses: Scheme = {
  field: 'ratedcurrent',
  format: ({ series, values, suffix }) => {
    const base = `${series}${fuseAmpereCode(values.ratedcurrent!)}`;
    return [`${base}${suffix}`, base];
  },
  read: (typed) => {
    const readings: PartNumberReading[] = [];
    // 0451001.MR, 0451.500MR, 0451005MR (typed without the point), PVF010.
    const match = /^([A-Z]{2,4}|\d{4})([\d.]{4}|\d{3})([A-Z][A-Z0-9]*)?$/.exec(typed);
    if (match) {
      const value = readFuseAmpereCode(match[2]!);
      const family = FUSE_FAMILIES[match[1]!];
      if (value !== undefined) readings.push({ typeKey: 'fuses', field: 'ratedcurrent', value, series: match[1]!, suffix: match[3] ?? '', ...(family ? { packageName: family } : {}) });
    }
    return readings;
  },
};

const tvsCode = '\\d{1,3}(?:\\.\\d)?';
const tvs: Scheme = {
  field: 'standoffvoltage',
  format: ({ series, values, suffix }) => {
    const base = joined(series, tvsVoltageCode(values.standoffvoltage!));
    return [`${base}${suffix}`, base];
  },
  read: (typed) => {
    const readings: PartNumberReading[] = [];
    for (let cut = 1; cut < typed.length; cut += 1) {
      const series = typed.slice(0, cut);
      if (!/[A-Z]/.test(series) || series.endsWith('-')) continue;
      const one = new RegExp(`^-?(${tvsCode})([A-Z][A-Z0-9]*)?$`).exec(typed.slice(cut));
      if (!one) continue;
      const value = Number(one[1]);
      if (!(value > 0)) continue;
      const suffix = one[2] ?? '';
      const family = TVS_FAMILIES[series];
      const breakdown = BREAKDOWN_NUMBERED.has(series);
      readings.push({ typeKey: 'tvs', field: breakdown ? 'breakdownvoltage' : 'standoffvoltage', value, series, suffix, bidirectional: suffix.startsWith('C'), ...(family ? { packageName: family } : {}) });
    }
    return readings;
  },
};

const varistors: Scheme = {
  field: 'maxacvoltage',
  format: ({ series, values, suffix, packageName }) => {
    const base = `V${trimNumber(values.maxacvoltage!)}${series}${varistorSizeCode(packageName)}`;
    return [`${base}${suffix}`, base];
  },
  read: (typed) => {
    const readings: PartNumberReading[] = [];
    // V275LA20AP: V, 275 V AC, series LA, disc 20 mm, suffix AP. Our series codes may end in digits
    // (LA2, LA10), so every split of the digits after the letters into series and size is a reading.
    const match = /^V(\d{2,4})([A-Z]+)(\d{2,6})([A-Z][A-Z0-9]*)?$/.exec(typed);
    if (!match) return readings;
    const digits = match[3]!;
    for (const size of [digits.slice(-4), digits.slice(-2)]) {
      const packageName = VARISTOR_SIZES[size];
      if (!packageName || size.length > digits.length) continue;
      const series = `${match[2]}${digits.slice(0, digits.length - size.length)}`;
      readings.push({ typeKey: 'varistors', field: 'maxacvoltage', value: Number(match[1]), series, suffix: match[4] ?? '', packageName });
    }
    return readings;
  },
};

/**
 * MOSFETs and IGBTs: current, channel letter, voltage in tens of volts (IXFH26N50P). When that does
 * not fit, the figure that is not the rating goes: a MOSFET keeps its voltage (IXFN2N450), an IGBT
 * its current (MG122-400).
 */
function transistor(typeKey: string, current: string, voltage: string, primary: string): Scheme {
  return {
    field: primary,
    format: ({ series, values, suffix, pChannel }) => {
      const channel = pChannel ? 'P' : 'N';
      const amps = trimNumber(Math.round(values[current]!));
      const volts = tensOfVolts(values[voltage]!);
      const full = `${joined(series, amps)}${channel}${volts}`;
      const short = primary === voltage ? `${series}${channel}${volts}` : joined(series, amps);
      return [`${full}${suffix}`, full, `${short}${suffix}`, short];
    },
    read: (typed) => {
      const readings: PartNumberReading[] = [];
      for (let cut = 1; cut < typed.length; cut += 1) {
        const series = typed.slice(0, cut);
        if (!/^[A-Z][A-Z0-9]*$/.test(series)) continue;
        const match = /^-?(\d{1,4})?(?:([NP])(\d{1,3}(?:\.\d)?))?([A-Z][A-Z0-9]*)?$/.exec(typed.slice(cut));
        if (!match || (!match[1] && !match[3])) continue;
        const values: Record<string, number> = {};
        if (match[3]) values[voltage] = Number(match[3]) * 10;
        if (match[1]) values[current] = Number(match[1]);
        const value = values[primary];
        if (value !== undefined && value > 0) readings.push({ typeKey, field: primary, value, series, suffix: match[4] ?? '' });
      }
      return readings;
    },
  };
}

export const PART_NUMBER_SCHEMES: Record<string, Scheme> = {
  fuses,
  ptc: simple('ptc', 'holdcurrent', (amps) => String(Math.round(amps * 100)).padStart(3, '0'), (code) => Number(code) / 100, '\\d{3,4}'),
  tvs,
  varistors,
  gdt: simple('gdt', 'dcsparkovervoltage', (volts) => trimNumber(volts), (code) => Number(code), '\\d{2,4}'),
  'reed-switches': simple('reed-switches', 'sensitivity', (at) => trimNumber(at), (code) => Number(code), '\\d{1,3}', { hyphen: true }),
  'reed-sensors': simple('reed-sensors', 'operatedistance', (metres) => trimNumber(metres * 1000), (code) => Number(code) / 1000, '\\d{1,2}(?:\\.\\d)?', { hyphen: true }),
  'temperature-sensors': simple('temperature-sensors', 'resistanceat25', eiaCode, readEiaCode, '\\d{3}|\\dR\\d', { fixedWidth: true }),
  thyristors: simple('thyristors', 'onstatecurrent', (amps) => letterPointCode(amps, 'X'), (code) => readLetterPointCode(code, 'X'), '[\\dX]{3}', { fixedWidth: true }),
  mosfets: transistor('mosfets', 'draincurrent', 'drainsourcevoltage', 'drainsourcevoltage'),
  igbts: transistor('igbts', 'collectorcurrent', 'collectoremittervoltage', 'collectorcurrent'),
  relays: simple('relays', 'coilvoltage', (volts) => letterPointCode(volts, 'V'), (code) => readLetterPointCode(code, 'V'), '[\\dV]{3}', { hyphen: true }),
};

/** The part number a part is issued under: the first form of the type's scheme that fits in 10 characters. */
export function formatPartNumber(input: PartNumberInput): string | undefined {
  const scheme = PART_NUMBER_SCHEMES[input.typeKey];
  if (!scheme) return undefined;
  return scheme.format(input).map((candidate) => candidate.toUpperCase()).find((candidate) => candidate.length <= MAX_PART_NUMBER_LENGTH);
}

/** A typed number as the schemes read it: upper case, without spaces. */
export const normalizePartNumber = (typed: string) => typed.normalize('NFKC').toUpperCase().replace(/\s+/g, '');

/**
 * A part number as it is matched, however it was typed (docs/decisions/0160): NFKC, upper case,
 * without the spaces, periods, hyphens, slashes and plus signs people type or leave out
 * (`smbj 10a`, `0451001MR` for 0451001.MR). The index holds it in `partnumberkey`; the site asks
 * `@partnumberkey==<key>` of the query it reads.
 */
export const partNumberKey = (typed: string) => typed.normalize('NFKC').toUpperCase().replace(/[\s./+-]+/g, '');

/** The index field holding each part's partNumberKey (every Coveo source that feeds parts maps it). */
export const PART_NUMBER_KEY_FIELD = 'partnumberkey';

/** Every reading of a typed number, ours or another maker's, under every type's scheme. */
export function readPartNumber(typed: string): PartNumberReading[] {
  const text = normalizePartNumber(typed);
  return Object.values(PART_NUMBER_SCHEMES).flatMap((scheme) => scheme.read(text));
}
