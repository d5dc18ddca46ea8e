import { outlineOf } from '@voltaris/catalogue/package-outlines';
import type { ProductType } from '@voltaris/catalogue/taxonomy';
import type { PackageRule } from './series-rules.ts';

/**
 * What an engineer chooses a part by besides its ratings (docs/decisions/0170): lifecycle,
 * compliance, AEC-Q qualification and each family's own choice (fuse speed, TVS polarity, varistor
 * disc size, relay contact form). Every value is a function of the series (or the part number's
 * suffix) and a hash of the series code, never a draw from the series' random stream: the parts,
 * stock and ratings of the catalogue stay what they were.
 */

export type Lifecycle = 'active' | 'nrnd' | 'obsolete';
export type AecQ = 'AEC-Q100' | 'AEC-Q101' | 'AEC-Q200';
export type FuseSpeed = 'very-fast' | 'fast' | 'medium' | 'time-lag';
export type Polarity = 'unidirectional' | 'bidirectional';

/** The fields a part carries (index field names, lower case as Coveo's). */
export interface ChoosingFields {
  lifecycle: Lifecycle;
  rohs: boolean;
  reach: boolean;
  halogenfree: boolean;
  aecq?: AecQ;
  fusespeed?: FuseSpeed;
  polarity?: Polarity;
  contactform?: string;
  /** Varistors: the disc's nominal diameter in metres, as the part number's size code gives it (V275LA20E: 20 mm). */
  discsize?: number;
}

/** A stable number 0..99 for a series code and a purpose, independent of the generator's streams. */
function percentile(code: string, purpose: string): number {
  let hash = 2166136261;
  const text = `${purpose}/${code}`;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return (hash >>> 0) % 100;
}

/** Passive parts qualify to AEC-Q200, discrete semiconductors to AEC-Q101 (AEC-Q100 is for ICs, which the catalogue does not make). */
const AECQ_OF_TYPE: Record<string, AecQ | undefined> = {
  fuses: 'AEC-Q200',
  ptc: 'AEC-Q200',
  varistors: 'AEC-Q200',
  gdt: 'AEC-Q200',
  'reed-switches': 'AEC-Q200',
  'reed-sensors': 'AEC-Q200',
  'temperature-sensors': 'AEC-Q200',
  tvs: 'AEC-Q101',
  thyristors: 'AEC-Q101',
  mosfets: 'AEC-Q101',
  igbts: 'AEC-Q101',
};

/** Contact forms each relay category is made in (NEMA/ANSI names: Form A normally open, B normally closed, C change-over). */
const CONTACT_FORMS: Record<string, string[]> = {
  'Protection Relays': ['1 Form C', '2 Form C'],
  'Solid-State Relays': ['1 Form A', '1 Form B'],
  'Reed Relays': ['1 Form A', '1 Form B', '1 Form C', '2 Form A'],
  'Power Relays': ['1 Form A', '1 Form C'],
  Contactors: ['3 Form A'],
};

/** A fuse's speed from its melting I²t per A² of rating (series-rules.ts: `speed`): semiconductor fuses let least through. */
function fuseSpeed(speed: number | undefined): FuseSpeed {
  if (speed === undefined || speed <= 0.25) return 'very-fast';
  if (speed <= 0.6) return 'fast';
  if (speed <= 1.2) return 'medium';
  return 'time-lag';
}

/** Bodies without halogenated flame retardants: chips, moulded SMD packages, glass and metal; others by series. */
const HALOGEN_FREE_STYLES = new Set(['chip', 'molded-smd', 'tab-smd', 'glass', 'cartridge', 'dip']);

export function choosingFields(input: {
  type: ProductType;
  seriesCode: string;
  pack: PackageRule;
  l3: string;
  grade: string;
  suffix: string;
  constants: Record<string, number>;
}): ChoosingFields {
  const { type, seriesCode, pack, l3, grade, suffix, constants } = input;
  const life = percentile(seriesCode, 'lifecycle');
  const lifecycle: Lifecycle = life < 7 ? 'nrnd' : life < 11 ? 'obsolete' : 'active';
  const style = outlineOf(pack.name)?.style;
  const fields: ChoosingFields = {
    lifecycle,
    // Series made before the RoHS exemptions ran out, and only those, may be non-compliant.
    rohs: lifecycle !== 'obsolete' || percentile(seriesCode, 'rohs') >= 50,
    reach: percentile(seriesCode, 'reach') >= 3,
    halogenfree: (style !== undefined && HALOGEN_FREE_STYLES.has(style)) || percentile(seriesCode, 'halogen') < 40,
  };
  // TVS diodes say it in the number (SMBJ15CAQ: Q is AEC-Q101); other types by their grade.
  const qualified = type.key === 'tvs' ? suffix.endsWith('Q') : grade === 'Automotive Grade';
  const aecq = qualified ? AECQ_OF_TYPE[type.key] : undefined;
  if (aecq) fields.aecq = aecq;
  if (type.key === 'fuses') fields.fusespeed = fuseSpeed(constants.speed);
  // The same rule as the cross-reference reads a TVS number with (part-numbers.ts: C in the suffix).
  if (type.key === 'tvs') fields.polarity = suffix.startsWith('C') ? 'bidirectional' : 'unidirectional';
  if (type.key === 'relays') {
    const forms = CONTACT_FORMS[l3] ?? ['1 Form A'];
    fields.contactform = forms[percentile(seriesCode, 'contactform') % forms.length]!;
  }
  const disc = /^Disc (\d+) mm$/.exec(pack.name);
  if (type.key === 'varistors' && disc) fields.discsize = Number(disc[1]) / 1000;
  return fields;
}

/** Words that are not agency approvals: compliance and qualification have fields of their own. */
export const NOT_APPROVALS = new Set(['RoHS', 'AEC-Q100', 'AEC-Q101', 'AEC-Q200']);

interface SuccessorCandidate {
  partNumber: string;
  l2: string;
  pack: string;
  primary: number;
  series: string;
  lifecycle: Lifecycle;
}

/**
 * The part a not-for-new-designs or obsolete part is replaced by: an active part of the same type
 * and package with the nearest primary rating, from another series where there is one.
 */
export function successors(parts: SuccessorCandidate[]): Map<string, string> {
  const pools = new Map<string, SuccessorCandidate[]>();
  const add = (key: string, part: SuccessorCandidate) => {
    const list = pools.get(key);
    if (list) list.push(part);
    else pools.set(key, [part]);
  };
  for (const part of parts) {
    if (part.lifecycle !== 'active') continue;
    add(`${part.l2}|${part.pack}`, part);
    add(part.l2, part);
  }
  for (const pool of pools.values()) pool.sort((a, b) => a.primary - b.primary);
  const out = new Map<string, string>();
  for (const part of parts) {
    if (part.lifecycle === 'active') continue;
    const pool = pools.get(`${part.l2}|${part.pack}`) ?? pools.get(part.l2) ?? [];
    // The first active part rated at least as high, then outwards to the nearest of another series.
    let low = 0;
    let high = pool.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (pool[middle]!.primary < part.primary) low = middle + 1;
      else high = middle;
    }
    let best: SuccessorCandidate | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let i = Math.max(0, low - 40); i < Math.min(pool.length, low + 40); i += 1) {
      const candidate = pool[i]!;
      const distance = Math.abs(Math.log(candidate.primary / part.primary)) + (candidate.series === part.series ? 100 : 0);
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    if (best) out.set(part.partNumber, best.partNumber);
  }
  return out;
}
