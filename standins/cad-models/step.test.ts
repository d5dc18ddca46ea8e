import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { extentOf, outlineOf } from '@voltaris/catalogue/package-outlines';
import { landPatternOf } from '@voltaris/catalogue/land-patterns';
import { stepFile } from './step.ts';
import { SERIES_ADDITIONS, TYPE_RULES } from '../search/catalogue/series-rules.ts';

/**
 * The component-model files are real solids of the package's body: read back with OpenCascade
 * (occt-import-js, the reader CAD viewers use), each is one solid whose extent is the outline's.
 */

interface OcctMesh {
  attributes: { position: { array: number[] } };
  brep_faces: unknown[];
}
interface OcctResult {
  success: boolean;
  meshes: OcctMesh[];
}
const require = createRequire(import.meta.url);
const occtReady = (require('occt-import-js') as () => Promise<{ ReadStepFile(content: Uint8Array, params: null): OcctResult }>)();

const extentOfMeshes = (meshes: OcctMesh[]) => {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const mesh of meshes) {
    const positions = mesh.attributes.position.array;
    for (let i = 0; i < positions.length; i += 3) {
      for (let axis = 0; axis < 3; axis += 1) {
        min[axis] = Math.min(min[axis]!, positions[i + axis]!);
        max[axis] = Math.max(max[axis]!, positions[i + axis]!);
      }
    }
  }
  return max.map((value, axis) => value - min[axis]!);
};

const packages = [...new Set([...Object.values(TYPE_RULES).flatMap((rules) => rules.packages.map((pack) => pack.name)), ...Object.values(SERIES_ADDITIONS).flatMap((additions) => additions.map((addition) => addition.pack.name))])];

describe('component models', () => {
  it('have an outline for every package the catalogue makes', () => {
    for (const name of packages) expect(outlineOf(name), name).toBeDefined();
  });

  it('are STEP files OpenCascade reads as the package body\'s solid with its dimensions and a solid per lead or terminal', async () => {
    const occt = await occtReady;
    for (const name of packages) {
      const pattern = landPatternOf(name)!;
      const { outline } = pattern;
      const text = stepFile({ partNumber: '0451001.NR', packageName: name, outline, terminals: pattern.terminals, timeStamp: '2026-11-01T00:00:00' });
      expect(text).toMatch(/^ISO-10303-21;[\s\S]*FILE_SCHEMA\(\('AUTOMOTIVE_DESIGN[\s\S]*MANIFOLD_SOLID_BREP\('0451001\.NR'/);
      const result = occt.ReadStepFile(new TextEncoder().encode(text), null);
      expect(result.success, name).toBe(true);
      // The body and at least one lead per pad: a CAD tool shows where the part is soldered.
      expect(result.meshes.length, name).toBe(1 + pattern.terminals.length);
      expect(pattern.terminals.length, name).toBeGreaterThanOrEqual(pattern.pads.length);
      expect(result.meshes[0]!.brep_faces.length, name).toBe(outline.shape === 'box' ? 6 : 3);
      const measured = extentOfMeshes(result.meshes.slice(0, 1));
      extentOf(outline).forEach((expected, axis) => expect(measured[axis]!, `${name} axis ${axis}`).toBeCloseTo(expected, 1));
      for (const lead of result.meshes.slice(1)) expect(lead.brep_faces.length, name).toBe(6);
    }
    // OpenCascade meshes some 70 packages with their leads: seconds on a shared machine.
  }, 120_000);
});
