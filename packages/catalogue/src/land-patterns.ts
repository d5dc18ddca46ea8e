import { outlineOf, type Outline } from './package-outlines.ts';

/**
 * The terminals of each package and the land pattern a board needs for them (decision 0175): what
 * the component-model service draws as leads in the STEP model and writes as the KiCad footprint's
 * pads, and what the datasheet prints under "Package dimensions". Millimetres, nominal; x along the
 * terminals, y across, z up from the board (z = 0), the body centred on the origin as in the outline.
 *
 * Surface-mount pads follow IPC-7351B's nominal (density level B) land: Z = L + 2·Jt, G = S − 2·Jh,
 * X = W + 2·Js, with the toe, heel and side fillet goals of the terminal family and no tolerance
 * terms (nominal body, nominal pad). Through-hole pads take a hole 0.2 mm over the lead's diagonal
 * and an annular ring of at least 0.5 mm (IPC-7251 nominal).
 */

/** A metal part of the package, as a box from `min` to `max` (the STEP model's leads and terminals). */
export interface Terminal {
  min: [number, number, number];
  max: [number, number, number];
}

export interface Pad {
  /** Pad number as the symbol's pin number. */
  number: string;
  kind: 'smd' | 'thru_hole';
  shape: 'roundrect' | 'circle' | 'rect';
  x: number;
  y: number;
  /** Size along x and y. */
  width: number;
  height: number;
  drill?: number;
}

export interface LandPattern {
  packageName: string;
  outline: Outline;
  terminals: Terminal[];
  pads: Pad[];
  /** Centre distance of the terminals along their row (pitch), for the datasheet's drawing. */
  pitch: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Fillet goals (toe, heel, side) of IPC-7351B density level B by terminal family. */
const FILLETS = {
  chip: { toe: 0.35, heel: 0, side: 0 },
  smallChip: { toe: 0.15, heel: 0, side: 0 },
  moldedBody: { toe: 0.25, heel: 0.5, side: 0.05 },
  gullWing: { toe: 0.35, heel: 0.35, side: 0.03 },
} as const;

/** Two pads for two terminals at the ends of a body of length `span` (toe to toe), terminals `length` long and `width` wide. */
function twoEndPads(span: number, length: number, width: number, fillet: { toe: number; heel: number; side: number }): Pad[] {
  const z = span + 2 * fillet.toe;
  const g = Math.max(0.2, span - 2 * length - 2 * fillet.heel);
  const padLength = round((z - g) / 2);
  const padWidth = round(width + 2 * fillet.side);
  const centre = round((z + g) / 4);
  return [
    { number: '1', kind: 'smd', shape: 'roundrect', x: -centre, y: 0, width: padLength, height: padWidth },
    { number: '2', kind: 'smd', shape: 'roundrect', x: centre, y: 0, width: padLength, height: padWidth },
  ];
}

function throughHole(number: string, x: number, y: number, lead: number): Pad {
  const drill = round(Math.ceil((lead * Math.SQRT2 + 0.2) * 10) / 10);
  const size = round(Math.max(drill + 1, drill * 1.6));
  return { number, kind: 'thru_hole', shape: number === '1' ? 'rect' : 'circle', x, y, width: size, height: size, drill };
}

/** A straight lead from the board (and 3 mm through it) up to `top`, of square section `lead`. */
const legAt = (x: number, y: number, lead: number, top: number): Terminal => ({ min: [x - lead / 2, y - lead / 2, -3], max: [x + lead / 2, y + lead / 2, top] });

/** Gull-wing or flat leads: rows of pins across y, as SOT and SOP packages have them. */
interface LeadRow {
  /** Pin numbers in the row, along x. */
  pins: string[];
  side: -1 | 1;
  pitch: number;
  leadWidth: number;
  /** Lead length on the board (foot). */
  foot: number;
}

function leadedSmd(span: number, height: number, rows: LeadRow[], fillet = FILLETS.gullWing): { pads: Pad[]; terminals: Terminal[] } {
  const pads: Pad[] = [];
  const terminals: Terminal[] = [];
  for (const row of rows) {
    const z = span + 2 * fillet.toe;
    const padLength = round(row.foot + fillet.toe + fillet.heel);
    const centre = round(z / 2 - padLength / 2);
    row.pins.forEach((pin, index) => {
      const x = round((index - (row.pins.length - 1) / 2) * row.pitch);
      const width = round(row.leadWidth + 2 * fillet.side);
      pads.push({ number: pin, kind: 'smd', shape: 'roundrect', x, y: row.side * centre, width: row.leadWidth > 2 ? round(row.leadWidth) : width, height: padLength });
      const outer = row.side * (span / 2);
      const inner = row.side * (span / 2 - row.foot);
      terminals.push({ min: [x - row.leadWidth / 2, Math.min(outer, inner), 0], max: [x + row.leadWidth / 2, Math.max(outer, inner), Math.min(0.25, height / 4)] });
    });
  }
  return { pads, terminals };
}

/** Lead spacing of radial parts (varistor discs, PTC discs, beads) by body diameter: the 2.5/5/7.5/10 mm grid. */
const radialPitch = (diameter: number) => (diameter <= 3 ? 2.54 : diameter <= 9.5 ? 5 : diameter <= 17 ? 7.5 : 10);

function build(packageName: string, outline: Outline): Omit<LandPattern, 'packageName' | 'outline'> {
  if (outline.shape === 'box' && outline.style === 'chip') {
    const { length, width, height } = outline;
    const cap = round(Math.min(0.6, Math.max(0.25, length * 0.2)));
    const terminals: Terminal[] = [
      { min: [-length / 2 - 0.01, -width / 2 - 0.01, 0], max: [-length / 2 + cap, width / 2 + 0.01, height + 0.01] },
      { min: [length / 2 - cap, -width / 2 - 0.01, 0], max: [length / 2 + 0.01, width / 2 + 0.01, height + 0.01] },
    ];
    return { terminals, pads: twoEndPads(length, cap, width, length < 1.6 ? FILLETS.smallChip : FILLETS.chip), pitch: round(length - cap) };
  }
  if (outline.shape === 'box' && (outline.style === 'molded-smd' || (outline.style === 'dip' && packageName.startsWith('SOP')) || outline.style === 'tab-smd')) {
    const { length, width, height } = outline;
    if (packageName === 'SOT-23') {
      const { pads, terminals } = leadedSmd(2.4, height, [
        { pins: ['1', '2'], side: 1, pitch: 1.9, leadWidth: 0.4, foot: 0.5 },
        { pins: ['3'], side: -1, pitch: 1.9, leadWidth: 0.4, foot: 0.5 },
      ]);
      return { pads, terminals, pitch: 0.95 };
    }
    if (packageName.startsWith('SOP')) {
      const { pads, terminals } = leadedSmd(7, height, [
        { pins: ['1', '2'], side: 1, pitch: 2.54, leadWidth: 0.4, foot: 0.8 },
        { pins: ['4', '3'], side: -1, pitch: 2.54, leadWidth: 0.4, foot: 0.8 },
      ]);
      return { pads, terminals, pitch: 2.54 };
    }
    if (outline.style === 'tab-smd') {
      // SOT-223, DPAK and D²PAK: the leads on one side, the tab (the last pad) on the other.
      const leads = packageName === 'SOT-223' ? ['1', '2', '3'] : ['1', '3'];
      const pitch = packageName === 'SOT-223' ? 2.3 : packageName.startsWith('TO-252') ? 4.57 : 5.08;
      const tabWidth = packageName === 'SOT-223' ? 3 : round(length * 0.8);
      const span = round(width + 3.5);
      const { pads, terminals } = leadedSmd(span, height, [
        { pins: leads, side: 1, pitch, leadWidth: packageName === 'SOT-223' ? 0.7 : 0.8, foot: 1.2 },
        { pins: [leads.length === 3 ? '4' : '2'], side: -1, pitch, leadWidth: tabWidth, foot: 1.6 },
      ]);
      return { pads, terminals, pitch };
    }
    // Two terminals under the ends of a moulded body (DO-214, SOD): IPC-7351B's moulded-body land.
    const lead = round(Math.min(1.5, length * 0.25));
    const leadWidth = round(width * 0.55);
    const terminals: Terminal[] = [
      { min: [-length / 2 - 0.05, -leadWidth / 2, 0], max: [-length / 2 + lead, leadWidth / 2, 0.25] },
      { min: [length / 2 - lead, -leadWidth / 2, 0], max: [length / 2 + 0.05, leadWidth / 2, 0.25] },
    ];
    return { terminals, pads: twoEndPads(length + 0.1, lead, leadWidth, FILLETS.moldedBody), pitch: round(length - lead) };
  }
  if (outline.shape === 'box' && outline.style === 'dip') {
    // DIP-6, DIP-14 (two rows 7.62 mm apart) and SIP-4 (one row): 2.54 mm pitch, pin 1 bottom left, counted anticlockwise.
    const single = packageName.startsWith('SIP');
    const count = Number(/-(\d+)/.exec(packageName)?.[1] ?? 4);
    const perRow = single ? count : count / 2;
    const pitch = 2.54;
    const pads: Pad[] = [];
    const terminals: Terminal[] = [];
    for (let index = 0; index < count; index += 1) {
      const column = index % perRow;
      const bottom = single || index < perRow;
      const x = round(((bottom ? column : perRow - 1 - column) - (perRow - 1) / 2) * pitch);
      const y = single ? 0 : bottom ? 3.81 : -3.81;
      pads.push(throughHole(String(index + 1), x, y, 0.5));
      terminals.push(legAt(x, y, 0.5, 0.5));
    }
    return { pads, terminals, pitch };
  }
  if (outline.shape === 'box' && outline.style === 'transistor') {
    // TO-92 and TO-220/247 style: three leads in a row under the body.
    const pitch = packageName === 'TO-92' ? 1.27 : packageName.startsWith('TO-220') ? 2.54 : 5.45;
    const lead = packageName === 'TO-92' ? 0.45 : packageName.startsWith('TO-220') ? 0.8 : 1.2;
    const pads = ['1', '2', '3'].map((number, index) => throughHole(number, round((index - 1) * pitch), 0, lead));
    return { pads, terminals: pads.map((pad) => legAt(pad.x, 0, lead, 0.5)), pitch };
  }
  if (outline.shape === 'cylinder' && (outline.style === 'radial' || outline.style === 'disc')) {
    // A disc standing on its edge (axis along x), two wires down from it, `pitch` apart across y.
    const pitch = radialPitch(outline.diameter);
    const lead = outline.diameter <= 3 ? 0.5 : 0.8;
    const pads = [throughHole('1', 0, -pitch / 2, lead), throughHole('2', 0, pitch / 2, lead)];
    return { pads, terminals: pads.map((pad) => legAt(0, pad.y, lead, outline.diameter / 2)), pitch };
  }
  if (outline.shape === 'cylinder' && (outline.style === 'axial' || outline.style === 'glass' || outline.style === 'cartridge')) {
    // Leads (or, for a cartridge fuse, its PCB clips' pins) bent down at both ends onto the 2.54 mm grid.
    const lead = outline.style === 'glass' ? 0.5 : outline.style === 'cartridge' ? 1 : outline.diameter > 4 ? 1.2 : 0.8;
    const pitch = round(Math.ceil((outline.length + 4) / 2.54) * 2.54);
    const axis = outline.diameter / 2;
    const pads = [throughHole('1', -pitch / 2, 0, lead), throughHole('2', pitch / 2, 0, lead)];
    const terminals: Terminal[] = pads.flatMap((pad) => {
      const outward = Math.sign(pad.x);
      const end = outward * (outline.length / 2);
      return [
        { min: [Math.min(end, pad.x) - lead / 2, -lead / 2, axis - lead / 2], max: [Math.max(end, pad.x) + lead / 2, lead / 2, axis + lead / 2] },
        legAt(pad.x, 0, lead, axis),
      ];
    });
    return { pads, terminals, pitch };
  }
  // Parts bolted, clipped or wired rather than soldered (NH and blade fuses, straps, modules, relays
  // for DIN rail, sensors): two terminals at the ends, as through holes for their pins or screws.
  const [length] = outline.shape === 'box' ? [outline.length] : [outline.length];
  const height = outline.shape === 'box' ? outline.height : outline.diameter;
  const pitch = round(Math.max(2.54, length * 0.7));
  const lead = 1.2;
  const pads = [throughHole('1', -pitch / 2, 0, lead), throughHole('2', pitch / 2, 0, lead)];
  return { pads, terminals: pads.map((pad) => legAt(pad.x, 0, lead, Math.min(2, height / 2))), pitch };
}

const cache = new Map<string, LandPattern>();

/** The package's terminals and land pattern; undefined for a package the catalogue does not make. */
export function landPatternOf(packageName: string): LandPattern | undefined {
  const found = cache.get(packageName);
  if (found) return found;
  const outline = outlineOf(packageName);
  if (!outline) return undefined;
  const pattern = { packageName, outline, ...build(packageName, outline) };
  cache.set(packageName, pattern);
  return pattern;
}
