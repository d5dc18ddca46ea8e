import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { CatalogueDocument } from './catalogue/generate.ts';
import { encodeDocuments, openDocuments, type LazyDocuments } from './document-codec.ts';
import type { SearchIndexState } from './engine/index.ts';
import { sealSnapshot, SNAPSHOT_SUFFIX, snapshotPrefix, unsealSnapshot, type PrereadSnapshot } from './snapshot-seal.ts';
import type { CatalogueTerms } from './suggest.ts';

/**
 * The embedded search service on disk, so a restart neither generates the catalogue nor builds
 * the index again: the documents (document-codec.ts: at 100,000 products generating them took
 * 6-9 s, reading them back well under one), what the index derives from them, and the catalogue
 * terms the suggester takes. A snapshot is used only when its key matches: the catalogue's size
 * and seed, the sources of the generator, of the index and of the snapshot's own format, and the
 * V8 that wrote it. Anything else, or a file that does not read back whole, means generating and
 * building as before (and writing a new snapshot).
 */

/**
 * Raised whenever what a snapshot holds changes shape (2: the documents and suggester terms too;
 * 3: the checksum; 4: the documents' bytes after the serialized index, decoded where they lie).
 */
const FORMAT = 4;
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
 * generator and the index, the modules outside them that the generator reads (its imports), the
 * suggester's catalogue terms and the snapshot's own file format.
 */
const SOURCE_DIRS = ['standins/search/catalogue', 'standins/search/engine', 'standins/media', 'packages/catalogue/src', 'packages/protocol/src/coveo'].map((dir) => path.join(ROOT, dir));
const SOURCE_FILES = ['standins/search/snapshot.ts', 'standins/search/document-codec.ts', 'standins/search/suggest.ts'].map((file) => path.join(ROOT, file));

/** The files whose contents the snapshot key digests. */
export function snapshotSources(): string[] {
  const inDirs = SOURCE_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => /\.(ts|js)$/.test(file) && !/\.test\./.test(file))
      .sort()
      .map((name) => path.join(dir, name)),
  );
  return [...inDirs, ...SOURCE_FILES];
}

let sourcesDigest: string | undefined;
function digestOfSources(): string {
  if (sourcesDigest) return sourcesDigest;
  const hash = createHash('sha256');
  for (const file of snapshotSources()) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  sourcesDigest = hash.digest('hex');
  return sourcesDigest;
}

export function snapshotKey(products: number, seed: number, sources = digestOfSources(), day = new Date().toISOString().slice(0, 10)): string {
  // The day too: news and fairs are dated from the day the catalogue is generated (generate.ts).
  return createHash('sha256').update(JSON.stringify({ FORMAT, products, seed, sources, day, v8: process.versions.v8 })).digest('hex').slice(0, 24);
}

const fileName = (products: number, key: string) => `${snapshotPrefix(products)}${key}${SNAPSHOT_SUFFIX}`;

/** What a snapshot holds: the catalogue's documents, the index built from them, the suggester's terms. */
export interface SearchSnapshot {
  documents: readonly CatalogueDocument[];
  index: SearchIndexState;
  terms: CatalogueTerms;
}

/** The v8-serialized part of a snapshot: all but the documents, whose bytes follow it. */
export interface SnapshotHead {
  format: number;
  key: string;
  /** The length of the encoded documents after the serialized part. */
  documentsBytes: number;
  index: SearchIndexState;
  terms: CatalogueTerms;
}

/**
 * A snapshot's body (the bytes before the checksum trailer): an 8-byte header (the length of the
 * serialized part and a mark), the v8-serialized head, zeros to a multiple of 8, then the encoded
 * documents. The documents stay out of the serialization because `v8.deserialize` copies a typed
 * array it reads (83 MB at 100k products, fresh pages the main thread faulted in); here they are
 * decoded where the file's bytes already are.
 */
const BODY_MARK = 0x34445356; // 'VSD4'
const align8 = (n: number) => Math.ceil(n / 8) * 8;

export function layOutSnapshot(head: Omit<SnapshotHead, 'documentsBytes'>, documents: Uint8Array): Buffer {
  const serialized = v8.serialize({ ...head, documentsBytes: documents.byteLength } satisfies SnapshotHead);
  const header = Buffer.alloc(8);
  header.writeUInt32LE(serialized.length, 0);
  header.writeUInt32LE(BODY_MARK, 4);
  const padding = Buffer.alloc(align8(8 + serialized.length) - 8 - serialized.length);
  return Buffer.concat([header, serialized, padding, documents]);
}

/** The head and the documents' bytes (a view, not a copy) of a body layOutSnapshot made; an error otherwise. */
export function openSnapshotBody(body: Uint8Array): { head: Partial<SnapshotHead> | undefined; documents: Uint8Array } {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  if (body.byteLength < 8 || view.getUint32(4, true) !== BODY_MARK) throw new Error('not a snapshot of this layout');
  const serializedEnd = 8 + view.getUint32(0, true);
  if (serializedEnd > body.byteLength) throw new Error('cut short');
  const head = v8.deserialize(body.subarray(8, serializedEnd)) as Partial<SnapshotHead> | undefined;
  const documents = body.subarray(Math.min(align8(serializedEnd), body.byteLength));
  if (head?.documentsBytes !== documents.byteLength) throw new Error('the documents are not whole');
  return { head, documents };
}

/**
 * The snapshot of this key, or undefined (none yet, or one that does not read back whole).
 * `preread`: the file as a worker thread read and checked it (snapshot-prefetch.ts), used when it
 * is this key's file; otherwise the file is read here.
 */
export function readSnapshot(dir: string, products: number, key: string, onProblem: (problem: string) => void, preread?: PrereadSnapshot): (Omit<SearchSnapshot, 'documents'> & { documents: LazyDocuments<CatalogueDocument>; readIn: 'worker' | 'main thread' }) | undefined {
  const file = path.join(dir, fileName(products, key));
  const fromWorker = preread && path.resolve(preread.file) === path.resolve(file) ? preread : undefined;
  let bytes: Buffer | undefined;
  if (!fromWorker) {
    try {
      bytes = readFileSync(file);
    } catch {
      return undefined;
    }
  }
  try {
    let body: Uint8Array;
    if (fromWorker) {
      if (fromWorker.problem !== undefined) throw new Error(fromWorker.problem);
      body = fromWorker.body;
    } else {
      body = unsealSnapshot(bytes!);
    }
    const { head: saved, documents: encoded } = openSnapshotBody(body);
    if (saved?.format !== FORMAT || saved.key !== key) throw new Error('written for another key');
    const { index, terms } = saved;
    if (typeof index?.size !== 'number' || !(index.postingIds instanceof Int32Array) || !(index.termIds instanceof Map)) throw new Error('not an index state');
    if (!Array.isArray(terms?.partNumbers) || !Array.isArray(terms.seriesCounts)) throw new Error('no suggester terms');
    // Checked whole here; each document made when first asked for (decision 0129).
    const documents = openDocuments<CatalogueDocument>(encoded);
    if (documents.length !== index.size) throw new Error(`${documents.length} documents for an index of ${index.size}`);
    return { documents, index, terms, readIn: fromWorker ? 'worker' : 'main thread' };
  } catch (error) {
    onProblem(`the search snapshot ${file} does not read back (${error instanceof Error ? error.message : String(error)}): generating the catalogue and building the index`);
    rmSync(file, { force: true });
    return undefined;
  }
}

/**
 * Writes the snapshot under its key (a temporary file renamed into place, so a reader never sees
 * half a file and two processes may write at once) and removes snapshots of other keys for this
 * size, those of the first format (`.v8`) included.
 */
export function writeSnapshot(dir: string, products: number, key: string, snapshot: SearchSnapshot, onProblem: (problem: string) => void): boolean {
  const file = path.join(dir, fileName(products, key));
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const body = layOutSnapshot({ format: FORMAT, key, index: snapshot.index, terms: snapshot.terms }, encodeDocuments(snapshot.documents));
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, sealSnapshot(body));
    renameSync(temporary, file);
    for (const other of readdirSync(dir)) {
      if (other.startsWith(snapshotPrefix(products)) && other !== path.basename(file) && /\.(v8|snapshot)$/.test(other)) rmSync(path.join(dir, other), { force: true });
    }
    return true;
  } catch (error) {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing was written there
    }
    onProblem(`the search snapshot could not be written to ${dir} (${error instanceof Error ? error.message : String(error)}): the next start generates and builds again`);
    return false;
  }
}
