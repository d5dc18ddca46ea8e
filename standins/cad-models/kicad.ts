import { deflateRawSync, crc32 } from 'node:zlib';
import type { LandPattern, Pad } from '@voltaris/catalogue/land-patterns';

/**
 * A part's KiCad library files (decision 0175): the footprint (`.kicad_mod`, the package's land
 * pattern from land-patterns.ts with the STEP model linked) and the symbol (`.kicad_sym`, one pin
 * per pad, named as the family's datasheets name them), in the S-expression format KiCad 7 and
 * later read; and the ZIP an ECAD download is: STEP, footprint and symbol together.
 */

export interface KicadPart {
  partNumber: string;
  /** English product type (leveltwocategory): the symbol's reference and pin names. */
  productType: string;
  pattern: LandPattern;
  datasheetUrl?: string;
}

const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
const mm = (value: number) => String(Number(value.toFixed(4)));

/** The symbol's reference letters by family (IEEE 315 / KiCad library habits). */
const REFERENCE: Record<string, string> = {
  Fuses: 'F',
  'PTC Resettable Fuses': 'F',
  'TVS Diodes': 'D',
  Varistors: 'RV',
  'Gas Discharge Tubes': 'E',
  'Reed Switches': 'SW',
  'Reed Sensors': 'SW',
  'Temperature Sensors': 'TH',
  Thyristors: 'Q',
  MOSFETs: 'Q',
  IGBTs: 'Q',
  Relays: 'K',
};

/** Pin names by family and pad number; two-terminal parts without polarity are T1 and T2. */
const PIN_NAMES: Record<string, Record<string, string>> = {
  'TVS Diodes': { '1': 'K', '2': 'A', '3': 'A' },
  Thyristors: { '1': 'K', '2': 'A', '3': 'G', '4': 'A' },
  MOSFETs: { '1': 'G', '2': 'D', '3': 'S', '4': 'D' },
  IGBTs: { '1': 'G', '2': 'C', '3': 'E', '4': 'C' },
  Relays: { '1': 'LED+', '2': 'LED-', '3': 'LOAD1', '4': 'LOAD2', '5': 'LOAD3', '6': 'LOAD4' },
};

export function pinName(productType: string, pad: Pad, padCount: number): string {
  const named = PIN_NAMES[productType]?.[pad.number];
  if (named && !(productType === 'Relays' && padCount === 2)) return named;
  if (productType === 'Relays' && padCount === 2) return pad.number === '1' ? 'A1' : 'A2';
  if (productType === 'Gas Discharge Tubes' && padCount === 3) return ({ '1': 'T1', '2': 'G', '3': 'T2' } as Record<string, string>)[pad.number] ?? `P${pad.number}`;
  return padCount === 2 ? `T${pad.number}` : `P${pad.number}`;
}

const libraryName = (partNumber: string) => partNumber.replace(/[^A-Za-z0-9._-]/g, '_');

export function kicadFootprint({ partNumber, pattern, productType }: KicadPart): string {
  const name = libraryName(partNumber);
  const smd = pattern.pads.every((pad) => pad.kind === 'smd');
  const [bodyX, bodyY] = pattern.outline.shape === 'box' ? [pattern.outline.length, pattern.outline.width] : [pattern.outline.length, pattern.outline.diameter];
  const half = (values: number[]) => Math.max(...values.map(Math.abs));
  const reachX = half([bodyX / 2, ...pattern.pads.map((pad) => Math.abs(pad.x) + pad.width / 2)]);
  const reachY = half([bodyY / 2, ...pattern.pads.map((pad) => Math.abs(pad.y) + pad.height / 2)]);
  // IPC-7351B courtyard excess for density level B: 0.25 mm round the body and pads.
  const courtyard = [reachX + 0.25, reachY + 0.25];
  const pad = (one: Pad) =>
    one.kind === 'smd'
      ? `  (pad ${quote(one.number)} smd roundrect (at ${mm(one.x)} ${mm(one.y)}) (size ${mm(one.width)} ${mm(one.height)}) (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25))`
      : `  (pad ${quote(one.number)} thru_hole ${one.shape === 'rect' ? 'rect' : 'circle'} (at ${mm(one.x)} ${mm(one.y)}) (size ${mm(one.width)} ${mm(one.height)}) (drill ${mm(one.drill ?? 0.8)}) (layers "*.Cu" "*.Mask"))`;
  const text = (kind: string, value: string, y: number, layer: string) => `  (fp_text ${kind} ${quote(value)} (at 0 ${mm(y)}) (layer ${quote(layer)}) (effects (font (size 1 1) (thickness 0.15))))`;
  const rect = (x: number, y: number, layer: string, width: number) => `  (fp_rect (start ${mm(-x)} ${mm(-y)}) (end ${mm(x)} ${mm(y)}) (stroke (width ${width}) (type solid)) (fill none) (layer ${quote(layer)}))`;
  return [
    `(footprint ${quote(name)} (version 20221018) (generator "voltaris_cad_models")`,
    '  (layer "F.Cu")',
    `  (descr ${quote(`${partNumber} ${productType}, package ${pattern.packageName}: IPC-7351B nominal land pattern, ${pattern.pads.length} pads`)})`,
    `  (tags ${quote(`${pattern.packageName} Voltaris`)})`,
    `  (attr ${smd ? 'smd' : 'through_hole'})`,
    text('reference', 'REF**', -courtyard[1]! - 1, 'F.SilkS'),
    text('value', partNumber, courtyard[1]! + 1, 'F.Fab'),
    rect(bodyX / 2, bodyY / 2, 'F.Fab', 0.1),
    rect(courtyard[0]!, courtyard[1]!, 'F.CrtYd', 0.05),
    ...pattern.pads.map(pad),
    `  (model ${quote(`\${KIPRJMOD}/${name}.stp`)} (offset (xyz 0 0 0)) (scale (xyz 1 1 1)) (rotate (xyz 0 0 0)))`,
    ')',
    '',
  ].join('\n');
}

export function kicadSymbol({ partNumber, pattern, productType, datasheetUrl }: KicadPart): string {
  const name = libraryName(partNumber);
  const pads = [...new Map(pattern.pads.map((pad) => [pad.number, pad])).values()].sort((a, b) => Number(a.number) - Number(b.number));
  const rows = Math.ceil(pads.length / 2);
  const top = rows * 1.27 + 1.27;
  const font = '(effects (font (size 1.27 1.27)))';
  const pins = pads.map((pad, index) => {
    const left = index % 2 === 0;
    const y = top - 2.54 * (Math.floor(index / 2) + 1) + 1.27;
    return `      (pin passive line (at ${mm(left ? -7.62 : 7.62)} ${mm(y)} ${left ? 0 : 180}) (length 2.54) (name ${quote(pinName(productType, pad, pads.length))} ${font}) (number ${quote(pad.number)} ${font}))`;
  });
  const property = (key: string, value: string, y: number, hidden = false) => `    (property ${quote(key)} ${quote(value)} (at 0 ${mm(y)} 0) (effects (font (size 1.27 1.27))${hidden ? ' hide' : ''}))`;
  return [
    '(kicad_symbol_lib (version 20220914) (generator "voltaris_cad_models")',
    `  (symbol ${quote(name)} (in_bom yes) (on_board yes)`,
    property('Reference', REFERENCE[productType] ?? 'U', top + 1.27),
    property('Value', partNumber, -top - 1.27),
    property('Footprint', `Voltaris:${name}`, -top - 3.81, true),
    property('Datasheet', datasheetUrl ?? '', -top - 6.35, true),
    property('ki_description', `${productType}, ${pattern.packageName}`, 0, true),
    `    (symbol ${quote(`${name}_0_1`)}`,
    `      (rectangle (start -5.08 ${mm(top)}) (end 5.08 ${mm(-top)}) (stroke (width 0.254) (type default)) (fill (type background)))`,
    '    )',
    `    (symbol ${quote(`${name}_1_1`)}`,
    ...pins,
    '    )',
    '  )',
    ')',
    '',
  ].join('\n');
}

/** A ZIP archive (PKWARE APPNOTE 6.3, deflated entries, no extras) of the given files. */
export function zipArchive(files: Array<{ name: string; content: string | Buffer }>, date: Date): Buffer {
  const dosTime = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const dosDate = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const data = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
    const packed = deflateRawSync(data);
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(dosTime, 10);
    header.writeUInt16LE(dosDate, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    locals.push(header, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(dosTime, 12);
    central.writeUInt16LE(dosDate, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += header.length + name.length + packed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
