import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { SearchIndexState } from './engine/index.ts';

/**
 * The embedded search service's index on disk, so a restart does not build it again (at 100,000
 * products building takes four times as long as generating the documents). The documents are
 * generated again (deterministic, and cheaper to make than to read back); the snapshot keeps what
 * the index derives from them. A snapshot is used only when its key matches: the catalogue's size
 * and seed, the sources of the generator and of the index, and the V8 that wrote it. Anything else,
 * or a file that does not read back, means building as before.
 */

const FORMAT = 1;
/**
 * The repository's root: the sources are read from there whether this module runs as TypeScript
 * (standins/search/) or bundled into build/ by `npm run build`.
 */
function repositoryRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'standins', 'search', 'snapshot.ts'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}
const ROOT = repositoryRoot();
/**
 * The code whose output a snapshot holds: a change to any of it makes older snapshots stale. The
 * generator and the index, and the modules outside them that the generator reads (its imports).
 */
const SOURCE_DIRS = ['standins/search/catalogue', 'standins/search/engine', 'standins/media', 'packages/catalogue/src', 'packages/protocol/src/coveo'].map((dir) => path.join(ROOT, dir));

let sourcesDigest: string | undefined;
function digestOfSources(): string {
  if (sourcesDigest) return sourcesDigest;
  const hash = createHash('sha256');
  for (const dir of SOURCE_DIRS) {
    for (const name of readdirSync(dir).filter((file) => /\.(ts|js)$/.test(file) && !/\.test\./.test(file)).sort()) {
      hash.update(name).update(readFileSync(path.join(dir, name)));
    }
  }
  sourcesDigest = hash.digest('hex');
  return sourcesDigest;
}

export function snapshotKey(products: number, seed: number): string {
  return createHash('sha256').update(JSON.stringify({ FORMAT, products, seed, sources: digestOfSources(), v8: process.versions.v8 })).digest('hex').slice(0, 24);
}

const fileName = (products: number, key: string) => `search-index-${products}-${key}.v8`;

/** The index state of this key, or undefined (none yet, or one that does not read back). */
export function readIndexSnapshot(dir: string, products: number, key: string, onProblem: (problem: string) => void): SearchIndexState | undefined {
  const file = path.join(dir, fileName(products, key));
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    const state = v8.deserialize(bytes) as SearchIndexState;
    if (typeof state?.size !== 'number' || !(state.postingIds instanceof Int32Array) || !(state.termIds instanceof Map)) throw new Error('not an index state');
    return state;
  } catch (error) {
    onProblem(`the index snapshot ${file} does not read back (${error instanceof Error ? error.message : String(error)}): building the index`);
    rmSync(file, { force: true });
    return undefined;
  }
}

/**
 * Writes the state under its key (a temporary file renamed into place, so a reader never sees half
 * a file and two processes may write at once) and removes snapshots of other keys for this size.
 */
export function writeIndexSnapshot(dir: string, products: number, key: string, state: SearchIndexState, onProblem: (problem: string) => void): boolean {
  const file = path.join(dir, fileName(products, key));
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, v8.serialize(state));
    renameSync(temporary, file);
    for (const other of readdirSync(dir)) {
      if (other.startsWith(`search-index-${products}-`) && other !== path.basename(file) && other.endsWith('.v8')) rmSync(path.join(dir, other), { force: true });
    }
    return true;
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing was written there
    }
    onProblem(`the index snapshot could not be written to ${dir} (${error instanceof Error ? error.message : String(error)}): the next start builds the index again`);
    return false;
  }
}
