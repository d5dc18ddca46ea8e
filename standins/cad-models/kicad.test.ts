import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { landPatternOf } from '@voltaris/catalogue/land-patterns';
import { childrenNamed, parseSExpr, valuesOf, type SExpr } from '../../tests/support/sexpr.ts';
import { SERIES_ADDITIONS, TYPE_RULES } from '../search/catalogue/series-rules.ts';
import { kicadFootprint, kicadSymbol, zipArchive } from './kicad.ts';

/** The KiCad files of the ECAD download, read back as KiCad reads them: S-expressions (decision 0175). */

const packages = [...new Set([...Object.values(TYPE_RULES).flatMap((rules) => rules.packages.map((pack) => pack.name)), ...Object.values(SERIES_ADDITIONS).flatMap((additions) => additions.map((addition) => addition.pack.name))])];

const padsOf = (footprint: SExpr) =>
  childrenNamed(footprint, 'pad').map((pad) => ({ number: pad[1], kind: pad[2], at: valuesOf(pad, 'at').map(Number), size: valuesOf(pad, 'size').map(Number), drill: Number(valuesOf(pad, 'drill')[0] ?? Number.NaN) }));

describe('KiCad footprints and symbols', () => {
  it('parse as S-expressions with a pad per terminal of the package, of the land pattern\'s size', () => {
    for (const name of packages) {
      const pattern = landPatternOf(name)!;
      const footprint = parseSExpr(kicadFootprint({ partNumber: '0451001.NR', productType: 'Fuses', pattern }));
      expect(Array.isArray(footprint) && footprint[0], name).toBe('footprint');
      const pads = padsOf(footprint);
      expect(pads.length, name).toBe(pattern.pads.length);
      pads.forEach((pad, index) => {
        expect(pad.size, name).toEqual([pattern.pads[index]!.width, pattern.pads[index]!.height]);
        expect(pad.at, name).toEqual([pattern.pads[index]!.x, pattern.pads[index]!.y]);
      });
      // A surface-mount pad covers its terminal's foot on the board; a hole takes the lead.
      for (const pad of pattern.pads.filter((one) => one.kind === 'smd')) {
        const foot = pattern.terminals.find((terminal) => terminal.min[0] <= pad.x + pad.width / 2 && terminal.max[0] >= pad.x - pad.width / 2 && terminal.min[1] <= pad.y + pad.height / 2 && terminal.max[1] >= pad.y - pad.height / 2);
        expect(foot, `${name} pad ${pad.number}`).toBeDefined();
      }
      for (const pad of pattern.pads.filter((one) => one.kind === 'thru_hole')) expect(pad.width, name).toBeGreaterThanOrEqual(pad.drill! + 0.99);
      expect(valuesOf(childrenNamed(footprint, 'model')[0]!, 'offset')).toHaveLength(0);
      expect(String(childrenNamed(footprint, 'model')[0]![1])).toBe('${KIPRJMOD}/0451001.NR.stp');
    }
  });

  it('give a 1206 chip fuse two IPC-7351B nominal pads, an SMB diode two, SOT-23 three, TO-220 three holes, DIP-14 fourteen', () => {
    const pads = (name: string) => padsOf(parseSExpr(kicadFootprint({ partNumber: 'X1', productType: 'Fuses', pattern: landPatternOf(name)! })));
    const chip = pads('1206');
    expect(chip.map((pad) => pad.kind)).toEqual(['smd', 'smd']);
    // Z = 3.2 + 2·0.35 = 3.9, G = 3.2 − 2·0.6 = 2.0: pads (3.9 − 2.0) / 2 = 0.95 long, 1.6 wide, centres ±1.48.
    expect(chip[0]!.size).toEqual([0.95, 1.6]);
    expect(chip.map((pad) => pad.at[0])).toEqual([-1.48, 1.48]);
    expect(pads('SMB (DO-214AA)')).toHaveLength(2);
    expect(pads('SOT-23')).toHaveLength(3);
    expect(pads('TO-220AB').map((pad) => pad.kind)).toEqual(['thru_hole', 'thru_hole', 'thru_hole']);
    expect(pads('DIP-14')).toHaveLength(14);
    const disc = pads('Disc 20 mm');
    expect(Math.abs(disc[1]!.at[1]! - disc[0]!.at[1]!)).toBe(10);
  });

  it('name every pin of the symbol, one per pad number', () => {
    for (const [name, productType, names] of [
      ['SMB (DO-214AA)', 'TVS Diodes', ['K', 'A']],
      ['TO-247', 'IGBTs', ['G', 'C', 'E']],
      ['TO-220AB', 'MOSFETs', ['G', 'D', 'S']],
      ['Disc 14 mm', 'Varistors', ['T1', 'T2']],
    ] as const) {
      const symbol = parseSExpr(kicadSymbol({ partNumber: 'X1', productType, pattern: landPatternOf(name)! }));
      expect(Array.isArray(symbol) && symbol[0]).toBe('kicad_symbol_lib');
      const pins = childrenNamed(symbol, 'pin', true);
      expect(pins.map((pin) => String(childrenNamed(pin, 'name')[0]![1])), name).toEqual(names);
      expect(pins.map((pin) => String(childrenNamed(pin, 'number')[0]![1])), name).toEqual(names.map((_, index) => String(index + 1)));
    }
  });

  it('pack STEP, footprint and symbol in a ZIP an unzip tool reads', () => {
    const zip = zipArchive([{ name: 'a.txt', content: 'hello' }, { name: 'b/c.txt', content: 'world' }], new Date('2026-11-01T00:00:00Z'));
    expect(zip.readUInt32LE(0)).toBe(0x04034b50);
    const nameLength = zip.readUInt16LE(26);
    const packed = zip.readUInt32LE(18);
    expect(inflateRawSync(zip.subarray(30 + nameLength, 30 + nameLength + packed)).toString()).toBe('hello');
    expect(zip.readUInt32LE(zip.length - 22)).toBe(0x06054b50);
    expect(zip.readUInt16LE(zip.length - 12)).toBe(2);
  });
});
