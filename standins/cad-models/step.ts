import { type Outline } from '@voltaris/catalogue/package-outlines';
import type { Terminal } from '@voltaris/catalogue/land-patterns';

/**
 * A part's 3D model as ISO 10303-21 (STEP, AP214 "automotive_design"): a manifold solid B-rep
 * of its package's body in millimetres and one per lead or terminal (decision 0175), as an ECAD
 * library's model is. The body is a box of six planar faces,
 * or a cylinder (lying along x, resting on the board) of a cylindrical face with its seam edge
 * and two planar ends. The body sits on z = 0, centred on x and y. No library writes STEP in
 * JavaScript (the maintained ones, OpenCascade's ports, read it), so the file is written here;
 * tests read it back with OpenCascade (occt-import-js).
 */

type Vec = [number, number, number];

class StepWriter {
  private readonly lines: string[] = [];
  private next = 1;

  add(entity: string): number {
    const id = this.next;
    this.next += 1;
    this.lines.push(`#${id}=${entity};`);
    return id;
  }

  get data(): string[] {
    return this.lines;
  }
}

/** A STEP real: always with a point, never an exponent for the sizes of a component. */
function real(value: number): string {
  const text = String(Number(value.toFixed(6)));
  return /[.eE]/.test(text) ? text : `${text}.`;
}

const quoted = (text: string) => `'${text.replace(/'/g, "''").replace(/[^\x20-\x7e]/g, '?')}'`;
const ref = (id: number) => `#${id}`;
const list = (ids: number[]) => `(${ids.map(ref).join(',')})`;

function geometry(step: StepWriter) {
  const point = (p: Vec) => step.add(`CARTESIAN_POINT('',(${p.map(real).join(',')}))`);
  const direction = (d: Vec) => step.add(`DIRECTION('',(${d.map(real).join(',')}))`);
  const placement = (origin: Vec, axis: Vec, refDirection: Vec) => step.add(`AXIS2_PLACEMENT_3D('',${ref(point(origin))},${ref(direction(axis))},${ref(direction(refDirection))})`);
  const vertex = (p: Vec) => step.add(`VERTEX_POINT('',${ref(point(p))})`);
  return { point, direction, placement, vertex };
}

const minus = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const unit = (v: Vec): Vec => {
  const length = Math.hypot(...v);
  return [v[0] / length, v[1] / length, v[2] / length];
};

/** The faces of a box: corner indexes counter-clockwise seen from outside, and the outward normal. */
const BOX_FACES: Array<[number[], Vec]> = [
  [[0, 3, 2, 1], [0, 0, -1]],
  [[4, 5, 6, 7], [0, 0, 1]],
  [[0, 1, 5, 4], [0, -1, 0]],
  [[2, 3, 7, 6], [0, 1, 0]],
  [[3, 0, 4, 7], [-1, 0, 0]],
  [[1, 2, 6, 5], [1, 0, 0]],
];

function boxFaces(step: StepWriter, length: number, width: number, height: number): number[] {
  return boxFacesBetween(step, [-length / 2, -width / 2, 0], [length / 2, width / 2, height]);
}

/** The faces of an axis-aligned box from corner `low` to corner `high` (a lead or terminal). */
function boxFacesBetween(step: StepWriter, low: Vec, high: Vec): number[] {
  const { placement, vertex, direction, point } = geometry(step);
  const [x0, y0, z0] = low;
  const [x1, y1, z1] = high;
  const corners: Vec[] = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  const vertices = corners.map(vertex);
  // Each of the 12 edges once, used forward by one face and backward by the other.
  const edges = new Map<string, { id: number; from: number }>();
  const edge = (from: number, to: number) => {
    const key = from < to ? `${from}-${to}` : `${to}-${from}`;
    let found = edges.get(key);
    if (!found) {
      const along = minus(corners[to]!, corners[from]!);
      const vector = step.add(`VECTOR('',${ref(direction(unit(along)))},${real(Math.hypot(...along))})`);
      const line = step.add(`LINE('',${ref(point(corners[from]!))},${ref(vector)})`);
      found = { id: step.add(`EDGE_CURVE('',${ref(vertices[from]!)},${ref(vertices[to]!)},${ref(line)},.T.)`), from };
      edges.set(key, found);
    }
    return step.add(`ORIENTED_EDGE('',*,*,${ref(found.id)},${found.from === from ? '.T.' : '.F.'})`);
  };
  return BOX_FACES.map(([indexes, normal]) => {
    const loop = step.add(`EDGE_LOOP('',${list(indexes.map((from, i) => edge(from, indexes[(i + 1) % indexes.length]!)))})`);
    const bound = step.add(`FACE_OUTER_BOUND('',${ref(loop)},.T.)`);
    const first = unit(minus(corners[indexes[1]!]!, corners[indexes[0]!]!));
    const plane = step.add(`PLANE('',${ref(placement(corners[indexes[0]!]!, normal, first))})`);
    return step.add(`ADVANCED_FACE('',(${ref(bound)}),${ref(plane)},.T.)`);
  });
}

function cylinderFaces(step: StepWriter, diameter: number, length: number): number[] {
  const { placement, vertex, direction, point } = geometry(step);
  const radius = diameter / 2;
  const [x0, x1] = [-length / 2, length / 2];
  const axis: Vec = [1, 0, 0];
  const up: Vec = [0, 0, 1];
  // The seam runs along the top, where each rim circle starts (its reference direction is up).
  const start: Vec = [x0, 0, diameter];
  const end: Vec = [x1, 0, diameter];
  const v0 = vertex(start);
  const v1 = vertex(end);
  const circle = (x: number) => step.add(`CIRCLE('',${ref(placement([x, 0, radius], axis, up))},${real(radius)})`);
  const rim0 = step.add(`EDGE_CURVE('',${ref(v0)},${ref(v0)},${ref(circle(x0))},.T.)`);
  const rim1 = step.add(`EDGE_CURVE('',${ref(v1)},${ref(v1)},${ref(circle(x1))},.T.)`);
  const seamLine = step.add(`LINE('',${ref(point(start))},${ref(step.add(`VECTOR('',${ref(direction(axis))},${real(length)})`))})`);
  const seam = step.add(`EDGE_CURVE('',${ref(v0)},${ref(v1)},${ref(seamLine)},.T.)`);
  const oriented = (edge: number, forward: boolean) => step.add(`ORIENTED_EDGE('',*,*,${ref(edge)},${forward ? '.T.' : '.F.'})`);
  // The side: round the first rim, along the seam, back round the second rim, back down the seam.
  const sideLoop = step.add(`EDGE_LOOP('',${list([oriented(rim0, true), oriented(seam, true), oriented(rim1, false), oriented(seam, false)])})`);
  const surface = step.add(`CYLINDRICAL_SURFACE('',${ref(placement([x0, 0, radius], axis, up))},${real(radius)})`);
  const side = step.add(`ADVANCED_FACE('',(${ref(step.add(`FACE_OUTER_BOUND('',${ref(sideLoop)},.T.)`))}),${ref(surface)},.T.)`);
  const end0 = step.add(
    `ADVANCED_FACE('',(${ref(step.add(`FACE_OUTER_BOUND('',${ref(step.add(`EDGE_LOOP('',(${ref(oriented(rim0, false))}))`))},.T.)`))}),${ref(step.add(`PLANE('',${ref(placement([x0, 0, radius], [-1, 0, 0], up))})`))},.T.)`,
  );
  const end1 = step.add(
    `ADVANCED_FACE('',(${ref(step.add(`FACE_OUTER_BOUND('',${ref(step.add(`EDGE_LOOP('',(${ref(oriented(rim1, true))}))`))},.T.)`))}),${ref(step.add(`PLANE('',${ref(placement([x1, 0, radius], axis, up))})`))},.T.)`,
  );
  return [side, end0, end1];
}

export interface StepModel {
  /** The part number: the product's id and name. */
  partNumber: string;
  /** The package's name, in the product's description. */
  packageName: string;
  outline: Outline;
  /** The package's leads or terminals (land-patterns.ts), each a solid of its own beside the body. */
  terminals?: Terminal[];
  /** ISO 8601 time stamp of the file (the catalogue's, so a model's bytes do not change). */
  timeStamp: string;
}

/** The STEP file of a part's body. */
export function stepFile({ partNumber, packageName, outline, terminals = [], timeStamp }: StepModel): string {
  const step = new StepWriter();
  const context = step.add("APPLICATION_CONTEXT('core data for automotive mechanical design processes')");
  step.add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,${ref(context)})`);
  const productContext = step.add(`PRODUCT_CONTEXT('',${ref(context)},'mechanical')`);
  const definitionContext = step.add(`PRODUCT_DEFINITION_CONTEXT('part definition',${ref(context)},'design')`);
  const product = step.add(`PRODUCT(${quoted(partNumber)},${quoted(partNumber)},${quoted(`${packageName} body`)},(${ref(productContext)}))`);
  step.add(`PRODUCT_RELATED_PRODUCT_CATEGORY('part',$,(${ref(product)}))`);
  const formation = step.add(`PRODUCT_DEFINITION_FORMATION('','',${ref(product)})`);
  const definition = step.add(`PRODUCT_DEFINITION('design','',${ref(formation)},${ref(definitionContext)})`);
  const shape = step.add(`PRODUCT_DEFINITION_SHAPE('','',${ref(definition)})`);

  const millimetre = step.add('(LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.))');
  const radian = step.add('(NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.))');
  const steradian = step.add('(NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT())');
  const uncertainty = step.add(`UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),${ref(millimetre)},'distance_accuracy_value','confusion accuracy')`);
  const representationContext = step.add(
    `(GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((${ref(uncertainty)})) GLOBAL_UNIT_ASSIGNED_CONTEXT((${ref(millimetre)},${ref(radian)},${ref(steradian)})) REPRESENTATION_CONTEXT('Context #1','3D Context with UNIT and UNCERTAINTY'))`,
  );

  const faces = outline.shape === 'box' ? boxFaces(step, outline.length, outline.width, outline.height) : cylinderFaces(step, outline.diameter, outline.length);
  const shell = step.add(`CLOSED_SHELL('',${list(faces)})`);
  const solid = step.add(`MANIFOLD_SOLID_BREP(${quoted(partNumber)},${ref(shell)})`);
  // The metal a CAD tool shows soldered to the board: one box solid per lead, end cap or tab.
  const leads = terminals.map((terminal, index) => step.add(`MANIFOLD_SOLID_BREP(${quoted(`${partNumber} terminal ${index + 1}`)},${ref(step.add(`CLOSED_SHELL('',${list(boxFacesBetween(step, terminal.min, terminal.max))})`))})`));
  const origin = geometry(step).placement([0, 0, 0], [0, 0, 1], [1, 0, 0]);
  const representation = step.add(`ADVANCED_BREP_SHAPE_REPRESENTATION(${quoted(partNumber)},(${ref(origin)},${[solid, ...leads].map(ref).join(',')}),${ref(representationContext)})`);
  step.add(`SHAPE_DEFINITION_REPRESENTATION(${ref(shape)},${ref(representation)})`);

  return [
    'ISO-10303-21;',
    'HEADER;',
    `FILE_DESCRIPTION((${quoted(`3D model of ${partNumber}, package ${packageName}`)}),'2;1');`,
    `FILE_NAME(${quoted(`${partNumber}.stp`)},${quoted(timeStamp)},('Voltaris Components'),('Voltaris Components'),'embedded component-model service','','');`,
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...step.data,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}
