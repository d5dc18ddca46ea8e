import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PrereadSnapshot } from './snapshot-seal.ts';

/**
 * Reading and checking the search index snapshot in a worker thread (decision 0108), so that a
 * restart's main thread loads and compiles the site's modules meanwhile: at 100,000 products the
 * file is 158 MB, its read 0.1 s and its CRC-32 0.08 s. The worker hands the checked bytes over
 * (the ArrayBuffer is transferred, not copied); deserializing the index and decoding the documents
 * stay on the main thread, where they are used (objects cannot cross isolates without a copy).
 *
 * The worker does not know the snapshot's key (the digest of the sources the main thread hashes):
 * it reads the one snapshot of this size in the directory, and readSnapshot uses its bytes only
 * when that file is the key's file; otherwise it reads as before. A damaged file comes back as a
 * problem, and the index is built as for any snapshot that does not read back.
 *
 * The built demo's entry (standins/boot.ts) starts the read before it imports the site's bundle;
 * the launcher asks for it again, which gives the same read (a second bundle of this module shares
 * it through `globalThis`) or starts one (tests, `npm run dev`).
 */

/** Where the demo keeps the search index snapshot in its data directory. */
export const searchSnapshotDir = (dataDir: string) => path.resolve(dataDir, 'search-index');

const READS = Symbol.for('voltaris.search-snapshot-reads');
type Reads = Map<string, Promise<PrereadSnapshot | undefined>>;
const reads = ((globalThis as { [READS]?: Reads })[READS] ??= new Map());

/**
 * The checked bytes of the one snapshot of `products` in `dir`, read in a worker thread; undefined
 * when there is none (or several, or the thread could not run): the caller reads as before.
 * Asked twice for the same place, the same read; once taken, the bytes are the caller's.
 */
export function prefetchSnapshot(dir: string, products: number): Promise<PrereadSnapshot | undefined> {
  const where = `${path.resolve(dir)}\0${products}`;
  let read = reads.get(where);
  if (!read) {
    read = readInWorker(path.resolve(dir), products);
    reads.set(where, read);
  }
  return read;
}

/** Forgets a read once taken, so a later start in the same process (tests) reads the file anew. */
export function takePrefetchedSnapshot(dir: string, products: number): Promise<PrereadSnapshot | undefined> {
  const read = prefetchSnapshot(dir, products);
  reads.delete(`${path.resolve(dir)}\0${products}`);
  return read;
}

/** The reader thread's entry: beside this module in the built site (build/node), or its TypeScript loader's. */
const READER = new URL('./snapshot-read.worker.mjs', import.meta.url);

function readInWorker(dir: string, products: number): Promise<PrereadSnapshot | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(READER, {
        workerData: { dir, products },
        // Its own small heap: it holds the file's bytes (outside the heap) and nothing else.
        resourceLimits: { maxOldGenerationSizeMb: 64 },
      });
    } catch {
      resolve(undefined);
      return;
    }
    worker.once('message', (read: PrereadSnapshot | undefined) => resolve(read));
    // A thread that fails says nothing: the main thread reads the file itself.
    worker.once('error', () => resolve(undefined));
    worker.once('exit', () => resolve(undefined));
  });
}
