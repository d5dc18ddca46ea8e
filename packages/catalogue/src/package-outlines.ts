/**
 * The body of each package the catalogue makes, as its outline drawing gives it (millimetres,
 * nominal): what the component-model service draws as a STEP solid and what the product picture
 * shows. `box` is length × width × height on the board (x along the terminals); `cylinder` is a
 * diameter and a length along x (cartridge fuses, axial diodes, glass reed switches) or, for a
 * disc, a thickness standing on the board.
 */

/** How a body sits and is connected: what the product picture draws around the outline. */
export type OutlineStyle =
  | 'chip'
  | 'molded-smd'
  | 'cartridge'
  | 'blade'
  | 'knife'
  | 'disc'
  | 'axial'
  | 'radial'
  | 'strap'
  | 'glass'
  | 'transistor'
  | 'tab-smd'
  | 'module'
  | 'din-rail'
  | 'dip'
  | 'sensor';

export type Outline =
  | { shape: 'box'; length: number; width: number; height: number; style: OutlineStyle }
  | { shape: 'cylinder'; diameter: number; length: number; style: OutlineStyle };

const box = (length: number, width: number, height: number, style: OutlineStyle): Outline => ({ shape: 'box', length, width, height, style });
const cylinder = (diameter: number, length: number, style: OutlineStyle): Outline => ({ shape: 'cylinder', diameter, length, style });

export const PACKAGE_OUTLINES: Record<string, Outline> = {
  // Chip sizes (EIA inch codes): length × width, the height of a chip fuse, PTC or varistor.
  '0402': box(1.0, 0.5, 0.35, 'chip'),
  '0603': box(1.6, 0.8, 0.45, 'chip'),
  '0805': box(2.0, 1.25, 0.85, 'chip'),
  '1206': box(3.2, 1.6, 0.85, 'chip'),
  '1812': box(4.5, 3.2, 0.85, 'chip'),
  '2410': box(6.1, 2.69, 2.69, 'chip'),
  '2920': box(7.4, 5.1, 0.85, 'chip'),
  // Cartridge fuses: diameter × length.
  '5 × 20 mm': cylinder(5.2, 20, 'cartridge'),
  '6.3 × 32 mm': cylinder(6.35, 31.8, 'cartridge'),
  '10 × 38 mm': cylinder(10.3, 38, 'cartridge'),
  '10 × 38 mm gPV': cylinder(10.3, 38, 'cartridge'),
  '10 × 85 mm gPV': cylinder(10.3, 85, 'cartridge'),
  ATO: box(19.1, 5.1, 18.5, 'blade'),
  NH00: box(78.5, 30, 47, 'knife'),
  NH1: box(135, 50, 60, 'knife'),
  'Radial disc': cylinder(7.4, 3, 'radial'),
  Strap: box(23, 4.5, 1.0, 'strap'),
  // TVS diodes.
  'SMA (DO-214AC)': box(4.3, 2.6, 2.1, 'molded-smd'),
  'SMB (DO-214AA)': box(4.3, 3.6, 2.2, 'molded-smd'),
  'SMC (DO-214AB)': box(6.9, 5.9, 2.2, 'molded-smd'),
  'DO-214AA': box(4.3, 3.6, 2.2, 'molded-smd'),
  'DO-218AB': box(10.0, 8.4, 4.6, 'molded-smd'),
  'SOD-123FL': box(2.8, 1.8, 1.0, 'molded-smd'),
  'SOD-323': box(1.7, 1.25, 0.9, 'molded-smd'),
  'SOT-23': box(2.9, 1.3, 1.0, 'molded-smd'),
  'DO-15': cylinder(3.6, 7.6, 'axial'),
  'DO-201': cylinder(5.3, 9.5, 'axial'),
  // Varistors: disc diameter (the coated body) × thickness; the block is a module.
  'Disc 7 mm': cylinder(9, 4, 'disc'),
  'Disc 10 mm': cylinder(12, 5, 'disc'),
  'Disc 14 mm': cylinder(16, 5.5, 'disc'),
  'Disc 20 mm': cylinder(22, 6, 'disc'),
  'Block 40 mm': box(53, 40, 20, 'module'),
  // Gas discharge tubes: diameter × length.
  '5 × 5 mm (2-electrode)': cylinder(5, 5, 'axial'),
  '8 × 6 mm (2-electrode)': cylinder(8, 6, 'axial'),
  '8 × 10 mm (3-electrode)': cylinder(8, 10, 'axial'),
  '16 × 10 mm (2-electrode)': cylinder(10, 16, 'axial'),
  // Reed switches: the glass capsule.
  'Glass 7 mm': cylinder(1.8, 7, 'glass'),
  'Glass 10 mm': cylinder(2.0, 10, 'glass'),
  'Glass 14 mm': cylinder(2.3, 14, 'glass'),
  'Glass 20 mm': cylinder(2.75, 20, 'glass'),
  'SMD 10 mm': box(10, 2.5, 2.2, 'molded-smd'),
  // Reed sensors.
  'Flange mount': box(25, 10, 6, 'sensor'),
  'Cylindrical M8': cylinder(8, 30, 'sensor'),
  'Cylindrical M12': cylinder(12, 40, 'sensor'),
  'Float stem': cylinder(25, 60, 'sensor'),
  'SMD overmould': box(10, 3, 2.5, 'molded-smd'),
  // Temperature sensors.
  'Epoxy bead': cylinder(2.5, 3, 'radial'),
  'Glass-sealed DO-35': cylinder(1.9, 4.0, 'axial'),
  'Thin-film Pt element': box(2.3, 2.0, 1.0, 'chip'),
  'Probe with lug': cylinder(4, 30, 'sensor'),
  // Thyristors, MOSFETs and IGBTs: the moulded body (without leads and tab).
  'TO-92': box(4.7, 3.7, 4.8, 'transistor'),
  'SOT-223': box(6.5, 3.5, 1.6, 'tab-smd'),
  'TO-252 (DPAK)': box(6.6, 6.1, 2.3, 'tab-smd'),
  'TO-263 (D²PAK)': box(10.2, 9.2, 4.5, 'tab-smd'),
  'TO-220AB': box(10, 4.5, 15, 'transistor'),
  'TO-220': box(10, 4.5, 15, 'transistor'),
  'TO-218X': box(15.5, 4.9, 20, 'transistor'),
  'TO-247': box(15.9, 5, 20.9, 'transistor'),
  'TO-264': box(20, 5, 26, 'transistor'),
  'ISOPLUS i4-PAK': box(20, 5, 26, 'transistor'),
  'SOT-227B': box(38, 25.4, 12, 'module'),
  '62 mm module': box(106, 62, 30, 'module'),
  '172 × 89 mm module': box(172, 89, 38, 'module'),
  // Relays.
  'DIN rail 22.5 mm': box(22.5, 90, 100, 'din-rail'),
  'DIN rail 45 mm': box(45, 90, 100, 'din-rail'),
  'DIN rail 45 mm, 3-pole': box(45, 85, 100, 'din-rail'),
  'SOP-4': box(4.4, 4.0, 2.0, 'dip'),
  'DIP-6': box(8.8, 6.5, 3.5, 'dip'),
  'SIP-4': box(20, 5, 8, 'dip'),
  'DIP-14': box(19.3, 6.5, 5, 'dip'),
  'PCB 32 × 27 mm': box(32, 27, 20, 'module'),
};

/** A package's outline; undefined for a package the catalogue does not make. */
export function outlineOf(packageName: string): Outline | undefined {
  return Object.hasOwn(PACKAGE_OUTLINES, packageName) ? PACKAGE_OUTLINES[packageName] : undefined;
}

/** The extent of the body along x, y and z in millimetres (a cylinder lies along x; a disc stands on its edge). */
export function extentOf(outline: Outline): [number, number, number] {
  if (outline.shape === 'box') return [outline.length, outline.width, outline.height];
  return [outline.length, outline.diameter, outline.diameter];
}
