import type { Random } from './random.ts';
import { roundSignificant } from './random.ts';
import type { Localized } from '@voltaris/catalogue/taxonomy';
import { packageName } from '@voltaris/catalogue/package-names';

/**
 * How the parts of one series relate, per product type, the way a component engineer reads a
 * datasheet: a series is one package and one series-wide rating (a fuse's voltage, a TVS diode's
 * pulse power, a varistor's disc size...), its parts step the primary rating along a preferred
 * number series, and every other parameter follows from that step by the type's physics.
 */

/** Renard R10: fuse currents. */
export const R10 = [1, 1.25, 1.6, 2, 2.5, 3.15, 4, 5, 6.3, 8];
export const E12 = [1, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2];
export const E24 = [1, 1.1, 1.2, 1.3, 1.5, 1.6, 1.8, 2, 2.2, 2.4, 2.7, 3, 3.3, 3.6, 3.9, 4.3, 4.7, 5.1, 5.6, 6.2, 6.8, 7.5, 8.2, 9.1];
/** Renard R20. */
export const R20 = [1, 1.12, 1.25, 1.4, 1.6, 1.8, 2, 2.24, 2.5, 2.8, 3.15, 3.55, 4, 4.5, 5, 5.6, 6.3, 7.1, 8, 9];

/** Every decade of `base` between min and max (inclusive), rounded to 3 significant digits. */
export function preferredValues(base: number[], min: number, max: number): number[] {
  const out: number[] = [];
  for (let exponent = Math.floor(Math.log10(min)) - 1; exponent <= Math.ceil(Math.log10(max)); exponent += 1) {
    for (const mantissa of base) {
      const value = roundSignificant(mantissa * 10 ** exponent, 3);
      if (value >= min * 0.9999 && value <= max * 1.0001) out.push(value);
    }
  }
  return out;
}

/** Stand-off voltages of the industry's TVS families (SMAJ/SMBJ/SMCJ 5.0 to 440 V, ESD arrays from 3.3 V). */
export const TVS_STANDOFF = [
  3.3, 5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 43, 45, 48, 51,
  54, 58, 60, 64, 70, 75, 78, 85, 90, 100, 110, 120, 130, 150, 160, 170, 180, 188, 200, 220, 250, 300, 350, 400, 440,
];
/** Hold currents of radial and SMD polymer PTC families. */
export const PTC_HOLD = [0.05, 0.1, 0.14, 0.2, 0.25, 0.3, 0.4, 0.5, 0.65, 0.75, 0.9, 1.1, 1.35, 1.6, 1.85, 2, 2.5, 3, 3.75, 4, 5, 6, 7, 8, 9, 11, 14];
/** Maximum continuous AC voltages of metal-oxide varistor families. */
export const MOV_AC = [11, 14, 17, 20, 25, 30, 35, 40, 50, 60, 75, 95, 115, 130, 140, 150, 175, 230, 250, 275, 300, 320, 385, 420, 440, 460, 510, 550, 575, 625, 660, 680, 750, 1000, 1100];
/** DC spark-over voltages of 2- and 3-electrode GDT families. */
export const GDT_SPARKOVER = [75, 90, 145, 150, 200, 230, 250, 300, 350, 400, 420, 470, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 3500, 4500];
/** Drain-source voltage classes of power MOSFETs. */
export const MOSFET_VDS = [20, 30, 40, 55, 60, 75, 100, 150, 200, 250, 300, 500, 600, 650, 800, 1000, 1200, 1500, 1700, 2500, 3300, 4500];
/** R10 fuse currents; below 1 A in whole milliamperes as the part number writes them (".063"), so 2.5 and 3.15 mA are 3 mA. */
export const FUSE_CURRENTS = [...new Set(preferredValues(R10, 0.002, 1000).map((amps) => (amps < 1 ? Math.round(amps * 1000) / 1000 : amps)))];
/** On-state currents as thyristor makers rate them (whole amperes from 1 A; the part number carries them). */
export const THYRISTOR_CURRENTS = [0.8, 1, 1.5, 2, 3, 4, 6, 8, 10, 12, 15, 16, 20, 25, 30, 35, 40, 55, 65, 70];
/** Collector currents as IGBT makers rate them, whole amperes (the part number carries them). */
export const IGBT_CURRENTS = [10, 15, 20, 25, 30, 40, 50, 60, 75, 100, 120, 150, 200, 225, 300, 400, 450, 600, 800, 900, 1200, 1400, 1800];
/** Standard relay coil voltages (DC). */
export const COIL_VOLTAGES = [3, 4.5, 5, 6, 9, 12, 18, 24, 36, 48, 60, 100, 110, 125, 200, 220, 240];

export interface PackageRule {
  /** The package as the datasheet names it. */
  name: string;
  /** Index into L4_MOUNTING (0 SMD, 1 through hole, 2 module). */
  mounting: 0 | 1 | 2;
  /** Indexes into the type's L3 list this package belongs to. */
  l3: number[];
  /** The span of the primary rating this package is made in. */
  min: number;
  max: number;
  /** Series stems that name this package (SMBJ is an SMB part); a stem named nowhere takes any package of its category (each type keeps such stems, so every package is made). */
  stems?: string[];
}

/** What one series fixes: drawn once, shared by every part. */
export type SeriesConstants = Record<string, number>;

interface TypeRules {
  /** The primary rating's preferred values, ascending. */
  ladder: number[];
  packages: PackageRule[];
  /** Fields every part of a series shares (besides the package). */
  seriesFields: string[];
  /** The series-wide values, drawn from the series' own random stream. */
  series(random: Random, pack: PackageRule): SeriesConstants;
  /** All parameter values of the part with primary value `x`. */
  part(x: number, s: SeriesConstants, pack: PackageRule): Record<string, number>;
}

const r3 = (value: number) => roundSignificant(value, 3);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const pick = <T>(random: Random, items: readonly T[]) => random.pick(items);
const temps = (random: Random, hot: number[], cold: number[]) => ({ operatingtemperaturemax: pick(random, hot), operatingtemperaturemin: pick(random, cold) });

export const TYPE_RULES: Record<string, TypeRules> = {
  fuses: {
    ladder: FUSE_CURRENTS,
    packages: [
      { name: '0603', mounting: 0, l3: [0], min: 0.063, max: 8, stems: ['0437'] },
      { name: '1206', mounting: 0, l3: [0, 2], min: 0.063, max: 20, stems: ['0466'] },
      { name: '2410', mounting: 0, l3: [0], min: 0.063, max: 15, stems: ['0451', '0452'] },
      { name: '5 × 20 mm', mounting: 1, l3: [1], min: 0.032, max: 16, stems: ['0215', '0218'] },
      { name: '6.3 × 32 mm', mounting: 1, l3: [1, 2], min: 0.1, max: 30, stems: ['0235'] },
      { name: 'ATO', mounting: 1, l3: [2], min: 1, max: 40, stems: ['0257'] },
      { name: '10 × 38 mm', mounting: 2, l3: [3, 1], min: 1, max: 32 },
      { name: 'NH00', mounting: 2, l3: [3], min: 16, max: 250 },
      { name: 'NH1', mounting: 2, l3: [3], min: 40, max: 630 },
      { name: '0402', mounting: 0, l3: [0], min: 0.002, max: 0.5, stems: ['0440'] },
    ],
    seriesFields: ['ratedvoltage', 'operatingtemperaturemax', 'operatingtemperaturemin'],
    series(random, pack) {
      // Voltage class and interrupting rating go with the body: small chips 32 to 63 V at 35 to 50 A,
      // glass cartridges 250 V (35 A, or 1.5 kA in ceramic), industrial bodies 500 to 690 V at 100 to 200 kA.
      const classes: Record<string, Array<[number, number]>> = {
        '0603': [[32, 50], [63, 35]],
        '1206': [[32, 50], [63, 50], [125, 50]],
        '2410': [[125, 50], [250, 100]],
        '5 × 20 mm': [[250, 35], [250, 1500]],
        '6.3 × 32 mm': [[250, 200], [250, 1500], [125, 10000]],
        ATO: [[32, 1000], [58, 1000]],
        '10 × 38 mm': [[500, 100000], [600, 200000]],
        NH00: [[500, 120000], [690, 120000]],
        NH1: [[500, 120000], [690, 100000]],
        '0402': [[24, 35], [32, 50]],
      };
      const [voltage, breaking] = pick(random, classes[pack.name] ?? [[250, 35]]);
      // Melting I²t per A² of rating: very fast (semiconductor) fuses let least through, time-lag most.
      const speed = pack.l3.includes(3) ? pick(random, [0.15, 0.25]) : pick(random, [0.4, 0.6, 1.2, 3]);
      return { ratedvoltage: voltage, breakingcapacity: breaking, speed, ...temps(random, [85, 125, 150], [-55, -40]) };
    },
    part(current, s) {
      // Cold resistance falls a little faster than 1/I (bigger elements), so the drop falls slowly too.
      const resistance = r3(clamp(0.11 * current ** -1.25, 0.00001, 1000));
      return {
        ratedcurrent: current,
        ratedvoltage: s.ratedvoltage!,
        // A glass fuse interrupts 35 A or ten times its rating, whichever is more.
        breakingcapacity: s.breakingcapacity === 35 ? Math.max(35, r3(10 * current)) : s.breakingcapacity!,
        meltingi2t: r3(clamp(s.speed! * current ** 2.2, 0.0000001, 1000000)),
        coldresistance: resistance,
        voltagedrop: r3(clamp(current * resistance * 1.4, 0.01, 2)),
        operatingtemperaturemax: s.operatingtemperaturemax!,
        operatingtemperaturemin: s.operatingtemperaturemin!,
      };
    },
  },
  ptc: {
    ladder: PTC_HOLD,
    packages: [
      { name: '0805', mounting: 0, l3: [0], min: 0.1, max: 1.1 },
      { name: '1206', mounting: 0, l3: [0], min: 0.05, max: 2 },
      { name: '1812', mounting: 0, l3: [0], min: 0.1, max: 3.75 },
      { name: '2920', mounting: 0, l3: [0], min: 0.3, max: 5 },
      { name: 'Radial disc', mounting: 1, l3: [1], min: 0.05, max: 14 },
      { name: 'Strap', mounting: 1, l3: [2], min: 0.65, max: 9 },
    ],
    seriesFields: ['maxvoltage', 'maxcurrent', 'operatingtemperaturemax'],
    series(random) {
      // Higher voltage ratings take less fault current (the polymer must absorb V × I when it trips).
      const [voltage, fault] = pick(random, [[6, 100], [16, 100], [30, 40], [60, 40], [72, 40], [250, 10], [600, 10]] as Array<[number, number]>);
      return { maxvoltage: voltage, maxcurrent: fault, operatingtemperaturemax: pick(random, [85, 125]) };
    },
    part(hold, s) {
      return {
        holdcurrent: hold,
        tripcurrent: r3(hold * 2),
        maxvoltage: s.maxvoltage!,
        maxcurrent: s.maxcurrent!,
        // More thermal mass: larger ratings take longer to trip at the same multiple of their rating.
        timetotrip: r3(clamp(0.6 * hold ** 0.9, 0.01, 30)),
        resistancemin: r3(clamp(0.14 * hold ** -1.5, 0.001, 20)),
        powerdissipation: r3(clamp(0.4 + 0.25 * hold, 0.3, 4)),
        operatingtemperaturemax: s.operatingtemperaturemax!,
      };
    },
  },
  tvs: {
    ladder: TVS_STANDOFF,
    packages: [
      { name: 'SMA (DO-214AC)', mounting: 0, l3: [0], min: 5, max: 440, stems: ['SMAJ'] },
      { name: 'SMB (DO-214AA)', mounting: 0, l3: [0], min: 5, max: 440, stems: ['SMBJ'] },
      { name: 'SMC (DO-214AB)', mounting: 0, l3: [0], min: 5, max: 440, stems: ['SMCJ'] },
      { name: 'DO-218AB', mounting: 0, l3: [0], min: 10, max: 43, stems: ['SMDJ'] },
      { name: 'SOD-123FL', mounting: 0, l3: [0], min: 5, max: 188, stems: ['SMF'] },
      { name: 'DO-15', mounting: 1, l3: [1], min: 5, max: 440, stems: ['SA'] },
      { name: 'DO-201', mounting: 1, l3: [1], min: 5, max: 440 },
      { name: 'SOT-23', mounting: 0, l3: [2], min: 3.3, max: 36, stems: ['SP30'] },
      { name: 'SOD-323', mounting: 0, l3: [2], min: 3.3, max: 36, stems: ['AQ24'] },
    ],
    seriesFields: ['peakpulsepower', 'operatingtemperaturemax'],
    series(random, pack) {
      const power: Record<string, number> = {
        'SMA (DO-214AC)': 400,
        'SMB (DO-214AA)': 600,
        'SMC (DO-214AB)': 1500,
        'DO-218AB': 6600,
        'SOD-123FL': 200,
        'DO-15': 600,
        'DO-201': 1500,
        'SOT-23': 200,
        'SOD-323': 200,
      };
      return { peakpulsepower: power[pack.name] ?? 600, array: pack.l3.includes(2) ? 1 : 0, operatingtemperaturemax: pick(random, [150, 175]) };
    },
    part(standoff, s) {
      const clamping = r3(standoff * 1.6);
      // Below about 10 V the junction is a low-voltage zener and leaks far more.
      const leakage = standoff <= 6 ? 0.0008 : standoff <= 7 ? 0.0005 : standoff <= 8 ? 0.0001 : standoff <= 10 ? 0.00002 : 0.000001;
      const capacitance = s.array ? 0.00000000003 * (standoff / 3.3) ** -0.7 : 0.000000004 * (s.peakpulsepower! / 600) * (standoff / 5) ** -0.85;
      return {
        standoffvoltage: standoff,
        breakdownvoltage: r3(standoff * 1.11),
        clampingvoltage: clamping,
        peakpulsepower: s.peakpulsepower!,
        peakpulsecurrent: r3(s.peakpulsepower! / clamping),
        leakagecurrent: leakage,
        junctioncapacitance: r3(clamp(capacitance, 0.0000000000003, 0.00000001)),
        operatingtemperaturemax: s.operatingtemperaturemax!,
      };
    },
  },
  varistors: {
    ladder: MOV_AC,
    packages: [
      { name: 'Disc 7 mm', mounting: 1, l3: [0], min: 11, max: 460, stems: ['LA', 'ZA', 'RA', 'DA'] },
      { name: 'Disc 10 mm', mounting: 1, l3: [0], min: 11, max: 680, stems: ['LA', 'ZA', 'RA', 'DA'] },
      { name: 'Disc 14 mm', mounting: 1, l3: [0], min: 11, max: 1000, stems: ['LA', 'ZA', 'RA', 'DA'] },
      { name: 'Disc 20 mm', mounting: 1, l3: [0], min: 11, max: 1100, stems: ['LA', 'ZA', 'RA', 'DA'] },
      { name: 'Block 40 mm', mounting: 2, l3: [0], min: 130, max: 1100, stems: ['BA'] },
      { name: '0603', mounting: 0, l3: [1], min: 11, max: 40, stems: ['ML', 'MH'] },
      { name: '1206', mounting: 0, l3: [1], min: 11, max: 50, stems: ['ML', 'MH'] },
      { name: '1812', mounting: 0, l3: [1], min: 11, max: 60, stems: ['ML', 'MH'] },
    ],
    seriesFields: ['peaksurgecurrent'],
    series(_random, pack) {
      // The disc area sets the surge current, and energy per volt and capacitance per volt with it.
      const size: Record<string, [number, number, number]> = {
        'Disc 7 mm': [1200, 0.07, 0.00000006],
        'Disc 10 mm': [2500, 0.15, 0.00000012],
        'Disc 14 mm': [4500, 0.3, 0.00000025],
        'Disc 20 mm': [6500, 0.55, 0.0000005],
        'Block 40 mm': [40000, 2.6, 0.0000016],
        '0603': [30, 0.003, 0.000000005],
        '1206': [150, 0.01, 0.00000001],
        '1812': [500, 0.04, 0.00000002],
      };
      const [surge, joulesPerVolt, faradVolts] = size[pack.name] ?? [2500, 0.15, 0.00000012];
      return { peaksurgecurrent: surge, joulesPerVolt, faradVolts };
    },
    part(ac, s) {
      return {
        maxacvoltage: ac,
        maxdcvoltage: r3(ac * 1.28),
        varistorvoltage: r3(ac * 1.56),
        clampingvoltage: r3(ac * 2.6),
        peaksurgecurrent: s.peaksurgecurrent!,
        energyrating: r3(clamp(s.joulesPerVolt! * ac, 0.01, 10000)),
        capacitance: r3(clamp(s.faradVolts! / ac, 0.00000000001, 0.00000002)),
      };
    },
  },
  gdt: {
    ladder: GDT_SPARKOVER,
    packages: [
      { name: '5 × 5 mm (2-electrode)', mounting: 0, l3: [0], min: 75, max: 1000 },
      { name: '8 × 6 mm (2-electrode)', mounting: 1, l3: [0], min: 75, max: 1000 },
      { name: '8 × 10 mm (3-electrode)', mounting: 1, l3: [1], min: 75, max: 1000 },
      { name: '16 × 10 mm (2-electrode)', mounting: 1, l3: [0], min: 230, max: 4500 },
    ],
    seriesFields: ['impulsedischargecurrent', 'insulationresistance', 'capacitance', 'arcvoltage'],
    series(random, pack) {
      const current: Record<string, number> = { '5 × 5 mm (2-electrode)': 5000, '8 × 6 mm (2-electrode)': 10000, '8 × 10 mm (3-electrode)': 20000, '16 × 10 mm (2-electrode)': 40000 };
      return { impulsedischargecurrent: current[pack.name] ?? 10000, insulationresistance: pick(random, [1e9, 1e10]), capacitance: pick(random, [0.000000000001, 0.0000000000015]), arcvoltage: pick(random, [10, 15, 20]) };
    },
    part(sparkover, s) {
      return {
        dcsparkovervoltage: sparkover,
        // At 1 kV/µs the gas needs a few hundred volts more than at a slow DC ramp.
        impulsesparkovervoltage: r3(clamp(400 + sparkover, 400, 6000)),
        impulsedischargecurrent: s.impulsedischargecurrent!,
        insulationresistance: s.insulationresistance!,
        capacitance: s.capacitance!,
        arcvoltage: s.arcvoltage!,
      };
    },
  },
  'reed-switches': {
    // Sensitivity bands in ampere-turns: the parts of a series are one glass size sorted by gap.
    ladder: preferredValues(E24, 10, 68),
    packages: [
      { name: 'Glass 7 mm', mounting: 1, l3: [0], min: 10, max: 33 },
      { name: 'Glass 10 mm', mounting: 1, l3: [0], min: 10, max: 47 },
      { name: 'Glass 14 mm', mounting: 1, l3: [0, 1], min: 12, max: 56 },
      { name: 'Glass 20 mm', mounting: 1, l3: [1], min: 15, max: 68 },
      { name: 'SMD 10 mm', mounting: 0, l3: [0], min: 10, max: 39 },
    ],
    seriesFields: ['switchingvoltage', 'switchingcurrent', 'carrycurrent', 'contactresistance', 'operatetime'],
    series(random, pack) {
      const ratings: Record<string, Array<[number, number, number]>> = {
        'Glass 7 mm': [[100, 0.25, 0.5], [170, 0.25, 0.5]],
        'Glass 10 mm': [[175, 0.5, 1.2], [200, 0.5, 1]],
        'Glass 14 mm': [[200, 1, 2], [250, 1, 2.5]],
        'Glass 20 mm': [[400, 2, 3], [1000, 1, 5]],
        'SMD 10 mm': [[100, 0.5, 1], [175, 0.5, 1]],
      };
      const [voltage, current, carry] = pick(random, ratings[pack.name] ?? [[200, 0.5, 1]]);
      return { switchingvoltage: voltage, switchingcurrent: current, carrycurrent: carry, contactresistance: pick(random, [0.1, 0.15]), operatetime: pick(random, [0.0003, 0.0005, 0.0008]) };
    },
    part(sensitivity, s) {
      return {
        sensitivity,
        switchingvoltage: s.switchingvoltage!,
        switchingcurrent: s.switchingcurrent!,
        carrycurrent: s.carrycurrent!,
        contactresistance: s.contactresistance!,
        // A less sensitive switch has a wider contact gap, so it stands off more voltage.
        breakdownvoltage: r3(clamp(sensitivity * (s.switchingvoltage! > 300 ? 60 : 15), 150, 4000)),
        operatetime: s.operatetime!,
      };
    },
  },
  'reed-sensors': {
    ladder: preferredValues(E24, 0.003, 0.03),
    packages: [
      { name: 'Flange mount', mounting: 1, l3: [0], min: 0.003, max: 0.022 },
      { name: 'Cylindrical M8', mounting: 1, l3: [0, 2], min: 0.003, max: 0.015 },
      { name: 'Cylindrical M12', mounting: 1, l3: [0, 2], min: 0.005, max: 0.03 },
      { name: 'Float stem', mounting: 2, l3: [1], min: 0.005, max: 0.03 },
      { name: 'SMD overmould', mounting: 0, l3: [0], min: 0.003, max: 0.012 },
    ],
    seriesFields: ['switchingvoltage', 'switchingcurrent', 'contactrating', 'cablelength', 'operatingtemperaturemax', 'operatingtemperaturemin'],
    series(random) {
      const [voltage, current, power] = pick(random, [[30, 0.2, 3], [100, 0.5, 10], [200, 0.5, 10], [300, 1, 100]] as Array<[number, number, number]>);
      return { switchingvoltage: voltage, switchingcurrent: current, contactrating: power, cablelength: pick(random, [0.1, 0.3, 0.5, 1, 2]), ...temps(random, [85, 105, 125], [-40, -25]) };
    },
    part(distance, s) {
      return {
        operatedistance: distance,
        switchingvoltage: s.switchingvoltage!,
        switchingcurrent: s.switchingcurrent!,
        contactrating: s.contactrating!,
        cablelength: s.cablelength!,
        operatingtemperaturemax: s.operatingtemperaturemax!,
        operatingtemperaturemin: s.operatingtemperaturemin!,
      };
    },
  },
  'temperature-sensors': {
    ladder: preferredValues(E12, 100, 1000000),
    packages: [
      { name: '0402', mounting: 0, l3: [0], min: 100, max: 470000 },
      { name: '0603', mounting: 0, l3: [0], min: 100, max: 1000000 },
      { name: 'Epoxy bead', mounting: 1, l3: [0], min: 100, max: 1000000 },
      { name: 'Glass-sealed DO-35', mounting: 1, l3: [0], min: 1000, max: 1000000 },
      { name: 'Thin-film Pt element', mounting: 1, l3: [1], min: 100, max: 1000 },
      { name: 'Probe with lug', mounting: 2, l3: [0, 2], min: 1000, max: 100000 },
    ],
    seriesFields: ['tolerance', 'dissipationconstant', 'thermaltimeconstant', 'operatingtemperaturemax', 'operatingtemperaturemin'],
    series(random, pack) {
      const thermal: Record<string, [number, number]> = {
        '0402': [0.0008, 3],
        '0603': [0.001, 4],
        'Epoxy bead': [0.0015, 10],
        'Glass-sealed DO-35': [0.002, 7],
        'Thin-film Pt element': [0.002, 6],
        'Probe with lug': [0.008, 45],
      };
      const [dissipation, timeConstant] = thermal[pack.name] ?? [0.0015, 10];
      return { tolerance: pick(random, [0.5, 1, 2, 3, 5]), dissipationconstant: dissipation, thermaltimeconstant: timeConstant, ...temps(random, [105, 125, 150], [-55, -40]) };
    },
    part(r25, s) {
      return {
        resistanceat25: r25,
        // Higher-resistance NTC materials have a steeper curve.
        betavalue: Math.round(3000 + 250 * Math.log10(r25 / 100)),
        tolerance: s.tolerance!,
        dissipationconstant: s.dissipationconstant!,
        thermaltimeconstant: s.thermaltimeconstant!,
        operatingtemperaturemax: s.operatingtemperaturemax!,
        operatingtemperaturemin: s.operatingtemperaturemin!,
      };
    },
  },
  thyristors: {
    ladder: THYRISTOR_CURRENTS,
    packages: [
      { name: 'TO-92', mounting: 1, l3: [0, 1, 2], min: 0.8, max: 2 },
      { name: 'SOT-223', mounting: 0, l3: [0, 1], min: 0.8, max: 4 },
      { name: 'TO-252 (DPAK)', mounting: 0, l3: [0, 1], min: 1, max: 12.5 },
      { name: 'TO-220AB', mounting: 1, l3: [0, 1], min: 4, max: 40 },
      { name: 'TO-263 (D²PAK)', mounting: 0, l3: [0, 1], min: 4, max: 40 },
      { name: 'TO-218X', mounting: 1, l3: [0, 1], min: 20, max: 70 },
      { name: 'DO-214AA', mounting: 0, l3: [2], min: 0.8, max: 1.25 },
    ],
    seriesFields: ['peakoffstatevoltage', 'criticalrateofrise', 'operatingtemperaturemax'],
    series(random) {
      return {
        peakoffstatevoltage: pick(random, [200, 400, 600, 800, 1000, 1200, 1600]),
        sensitive: random.chance(0.3) ? 1 : 0,
        criticalrateofrise: pick(random, [20000000, 50000000, 200000000, 1000000000]),
        operatingtemperaturemax: pick(random, [110, 125, 150]),
      };
    },
    part(current, s) {
      // A larger die needs more gate drive and holds on at a higher current; sensitive-gate series need far less.
      const gate = r3(clamp((s.sensitive ? 0.00005 : 0.005) * current ** 0.6, 0.000005, 0.1));
      return {
        onstatecurrent: current,
        peakoffstatevoltage: s.peakoffstatevoltage!,
        gatetriggercurrent: gate,
        holdingcurrent: r3(clamp(gate * (s.sensitive ? 20 : 1.5), 0.0005, 0.1)),
        surgecurrent: r3(clamp(12 * current, 10, 950)),
        criticalrateofrise: s.criticalrateofrise!,
        operatingtemperaturemax: s.operatingtemperaturemax!,
      };
    },
  },
  mosfets: {
    ladder: MOSFET_VDS,
    packages: [
      { name: 'TO-252 (DPAK)', mounting: 0, l3: [0, 1], min: 20, max: 650 },
      { name: 'TO-263 (D²PAK)', mounting: 0, l3: [0, 1, 2], min: 40, max: 1200, stems: ['IXTA'] },
      { name: 'TO-220', mounting: 1, l3: [0, 1], min: 40, max: 1000, stems: ['IXTP'] },
      { name: 'TO-247', mounting: 1, l3: [0, 1, 2], min: 100, max: 1700, stems: ['IXFH'] },
      { name: 'TO-264', mounting: 1, l3: [0], min: 200, max: 1500, stems: ['IXFK'] },
      { name: 'SOT-227B', mounting: 2, l3: [0, 2], min: 100, max: 1700, stems: ['IXFN'] },
      { name: 'ISOPLUS i4-PAK', mounting: 1, l3: [0], min: 1000, max: 4500 },
    ],
    seriesFields: ['powerdissipation', 'gatecharge', 'inputcapacitance', 'thresholdvoltage', 'operatingtemperaturemax'],
    series(random, pack) {
      const power: Record<string, number> = { 'TO-252 (DPAK)': 100, 'TO-263 (D²PAK)': 300, 'TO-220': 300, 'TO-247': 700, 'TO-264': 1000, 'SOT-227B': 1250, 'ISOPLUS i4-PAK': 500 };
      const pd = power[pack.name] ?? 300;
      // One die size per series: its gate charge and input capacitance do not depend on the voltage class.
      const die = pd / 300;
      return {
        powerdissipation: pd,
        gatecharge: r3(clamp(0.00000008 * die, 0.000000005, 0.0000015)),
        inputcapacitance: r3(clamp(0.000000004 * die, 0.0000000002, 0.00000005)),
        thresholdvoltage: pick(random, [2, 2.5, 3, 3.5, 4, 4.5]),
        silicon: pick(random, [1, 1, 0.4]),
        operatingtemperaturemax: pick(random, [150, 175]),
        die,
      };
    },
    part(vds, s) {
      // On-resistance of one die area grows with about the 2.4th power of the blocking voltage
      // (the silicon limit); the current the package can carry follows from I²R = P.
      const onresistance = r3(clamp((0.012 * s.silicon! * (vds / 100) ** 2.4) / s.die!, 0.0008, 100));
      const current = clamp(Math.sqrt(s.powerdissipation! / (onresistance * 2.5)), 1, 600);
      return {
        drainsourcevoltage: vds,
        draincurrent: current >= 10 ? Math.round(current) : r3(current),
        onresistance,
        gatecharge: s.gatecharge!,
        inputcapacitance: s.inputcapacitance!,
        powerdissipation: s.powerdissipation!,
        thresholdvoltage: s.thresholdvoltage!,
        operatingtemperaturemax: s.operatingtemperaturemax!,
      };
    },
  },
  igbts: {
    ladder: IGBT_CURRENTS,
    packages: [
      { name: 'TO-247', mounting: 1, l3: [0], min: 10, max: 200, stems: ['IXGH', 'IXYH'] },
      { name: 'TO-264', mounting: 1, l3: [0], min: 40, max: 250 },
      { name: 'SOT-227B', mounting: 2, l3: [0, 1], min: 40, max: 400, stems: ['IXGN'] },
      { name: '62 mm module', mounting: 2, l3: [1], min: 100, max: 800, stems: ['MG12'] },
      { name: '172 × 89 mm module', mounting: 2, l3: [1], min: 400, max: 1800, stems: ['MG17'] },
    ],
    seriesFields: ['collectoremittervoltage', 'saturationvoltage', 'shortcircuittime', 'operatingtemperaturemax'],
    series(random) {
      const [voltage, saturation] = pick(random, [[600, 1.6], [650, 1.7], [1200, 2], [1700, 2.3], [3300, 2.8]] as Array<[number, number]>);
      return { collectoremittervoltage: voltage, saturationvoltage: saturation, shortcircuittime: pick(random, [0.000005, 0.00001]), operatingtemperaturemax: pick(random, [150, 175]) };
    },
    part(current, s) {
      return {
        collectoremittervoltage: s.collectoremittervoltage!,
        collectorcurrent: current,
        saturationvoltage: s.saturationvoltage!,
        // Switching energy scales with the current switched and the voltage class.
        switchingenergy: r3(clamp(0.00012 * current * (s.collectoremittervoltage! / 1200), 0.0001, 1)),
        powerdissipation: r3(clamp(4.5 * current, 100, 6000)),
        shortcircuittime: s.shortcircuittime!,
        operatingtemperaturemax: s.operatingtemperaturemax!,
      };
    },
  },
  relays: {
    // One contact system per series, offered for each standard coil voltage.
    ladder: COIL_VOLTAGES,
    packages: [
      { name: 'DIN rail 22.5 mm', mounting: 2, l3: [0], min: 5, max: 240 },
      { name: 'DIN rail 45 mm', mounting: 2, l3: [0], min: 12, max: 240 },
      { name: 'SOP-4', mounting: 0, l3: [1], min: 3, max: 48 },
      { name: 'DIP-6', mounting: 1, l3: [1], min: 3, max: 60 },
      { name: 'SIP-4', mounting: 1, l3: [2], min: 3, max: 48 },
      { name: 'DIP-14', mounting: 1, l3: [2], min: 3, max: 48 },
    ],
    seriesFields: ['contactcurrent', 'switchingvoltage', 'coilpower', 'operatetime', 'isolationvoltage', 'operatingtemperaturemax'],
    series(random, pack) {
      const ratings: Record<string, Array<[number, number, number]>> = {
        'DIN rail 22.5 mm': [[5, 250, 1.2], [8, 250, 1.5]],
        'DIN rail 45 mm': [[10, 400, 2], [16, 690, 2]],
        'SOP-4': [[0.12, 60, 0.05], [0.35, 400, 0.05]],
        'DIP-6': [[0.5, 250, 0.075], [1, 100, 0.075]],
        'SIP-4': [[0.5, 200, 0.125], [1, 100, 0.25]],
        'DIP-14': [[0.5, 200, 0.25], [1, 200, 0.5]],
      };
      const [current, voltage, coil] = pick(random, ratings[pack.name] ?? [[1, 100, 0.25]]);
      return {
        contactcurrent: current,
        switchingvoltage: voltage,
        coilpower: coil,
        operatetime: pack.l3.includes(1) ? 0.0005 : pack.l3.includes(2) ? 0.001 : pick(random, [0.01, 0.015, 0.02]),
        isolationvoltage: pick(random, [1500, 2500, 3750, 5000]),
        operatingtemperaturemax: pick(random, [70, 85, 105]),
      };
    },
    part(coil, s) {
      return {
        coilvoltage: coil,
        contactcurrent: s.contactcurrent!,
        switchingvoltage: s.switchingvoltage!,
        coilpower: s.coilpower!,
        operatetime: s.operatetime!,
        isolationvoltage: s.isolationvoltage!,
        operatingtemperaturemax: s.operatingtemperaturemax!,
      };
    },
  },
};

/**
 * Series a type's rotation of stems and packages does not make, each with its package, markets and
 * the series-wide ratings that make it what it is: the DC photovoltaic fuses (gPV, IEC 60269-6 and
 * UL 2579) of 1000 V and 1500 V strings, and the 20-40 A power relays and contactors of inverters,
 * chargers and motor starters. They come first, out of their type's share (an eighth of it at
 * most), from streams of their own, so the regular series stay what they were.
 */
export interface SeriesAddition {
  /** The series code (unique across the catalogue; the part numbers start with it). */
  code: string;
  pack: PackageRule;
  markets: string[];
  approvals: string[];
  /** What a part is called ("PV fuse"), in place of the type's noun. */
  noun: Localized;
  /** Series-wide values that override the type's drawn ones. */
  constants: SeriesConstants;
}

const PV_FUSE: Localized = { en: 'gPV photovoltaic fuse', de: 'gPV-Photovoltaiksicherung', ja: 'gPV太陽光発電用ヒューズ', zh: 'gPV光伏熔断器' };
const POWER_RELAY: Localized = { en: 'power relay', de: 'Leistungsrelais', ja: 'パワーリレー', zh: '功率继电器' };
const CONTACTOR: Localized = { en: 'contactor', de: 'Schütz', ja: '電磁接触器', zh: '接触器' };
const PV_10X38: PackageRule = { name: '10 × 38 mm gPV', mounting: 2, l3: [1], min: 1, max: 32 };
const PV_10X85: PackageRule = { name: '10 × 85 mm gPV', mounting: 2, l3: [1], min: 2, max: 32 };
const POWER_RELAY_PCB: PackageRule = { name: 'PCB 32 × 27 mm', mounting: 1, l3: [3], min: 5, max: 48 };
const CONTACTOR_DIN: PackageRule = { name: 'DIN rail 45 mm, 3-pole', mounting: 2, l3: [4], min: 24, max: 240 };

export const SERIES_ADDITIONS: Record<string, SeriesAddition[]> = {
  fuses: [
    { code: 'PVF', pack: PV_10X38, markets: ['Energy'], approvals: ['UL', 'CSA', 'VDE'], noun: PV_FUSE, constants: { ratedvoltage: 1000, breakingcapacity: 20000 } },
    { code: 'PVX', pack: PV_10X85, markets: ['Energy'], approvals: ['UL', 'VDE'], noun: PV_FUSE, constants: { ratedvoltage: 1500, breakingcapacity: 30000 } },
    { code: 'PVH', pack: PV_10X38, markets: ['Energy', 'Industrial'], approvals: ['UL', 'CCC'], noun: PV_FUSE, constants: { ratedvoltage: 1000, breakingcapacity: 30000 } },
  ],
  relays: [
    { code: 'HCR20', pack: POWER_RELAY_PCB, markets: ['Energy', 'Industrial'], approvals: ['UL', 'VDE'], noun: POWER_RELAY, constants: { contactcurrent: 20, switchingvoltage: 250, coilpower: 0.9, isolationvoltage: 4000 } },
    { code: 'HCR30', pack: POWER_RELAY_PCB, markets: ['Energy', 'Industrial'], approvals: ['UL', 'VDE', 'CE'], noun: POWER_RELAY, constants: { contactcurrent: 30, switchingvoltage: 277, coilpower: 1.4, isolationvoltage: 4000 } },
    { code: 'HCR40', pack: POWER_RELAY_PCB, markets: ['Energy'], approvals: ['UL', 'VDE', 'CE'], noun: POWER_RELAY, constants: { contactcurrent: 40, switchingvoltage: 480, coilpower: 1.7, isolationvoltage: 5000 } },
    { code: 'VCT25', pack: CONTACTOR_DIN, markets: ['Industrial', 'Energy'], approvals: ['UL', 'CSA', 'CE'], noun: CONTACTOR, constants: { contactcurrent: 25, switchingvoltage: 690, coilpower: 2, operatetime: 0.02, isolationvoltage: 4000 } },
    { code: 'VCT40', pack: CONTACTOR_DIN, markets: ['Industrial'], approvals: ['UL', 'CSA', 'CE'], noun: CONTACTOR, constants: { contactcurrent: 40, switchingvoltage: 690, coilpower: 2, operatetime: 0.02, isolationvoltage: 4000 } },
  ],
};

/** The ladder steps a package is made in. */
export function packageSteps(rules: TypeRules, pack: PackageRule): number[] {
  return rules.ladder.filter((value) => value >= pack.min * 0.9999 && value <= pack.max * 1.0001);
}

/** The package as each language's datasheets write it (packages/catalogue/src/package-names.ts, which the site reads too). */
export function packageLabel(pack: PackageRule): Localized {
  return packageName(pack.name);
}
