import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { SNAPSHOT_SUFFIX, snapshotPrefix, unsealSnapshot, type PrereadSnapshot } from './snapshot-seal.ts';

// The thread that reads and checks the search index snapshot while a restart's main thread loads
// the site (snapshot-prefetch.ts, decision 0108). It answers once: the checked bytes (moved, not
// copied), why the file did not check, or nothing when there is no single file to read.
const { dir, products } = workerData as { dir: string; products: number };
const site = parentPort!;

function read(): { answer: PrereadSnapshot | undefined; transfer: ArrayBuffer[] } {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.startsWith(snapshotPrefix(products)) && name.endsWith(SNAPSHOT_SUFFIX));
  } catch {
    // No directory yet: no snapshot.
  }
  if (names.length !== 1) return { answer: undefined, transfer: [] };
  const file = path.join(dir, names[0]!);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { answer: undefined, transfer: [] };
  }
  let body: Buffer;
  try {
    body = unsealSnapshot(bytes);
  } catch (error) {
    return { answer: { file, problem: (error as Error).message }, transfer: [] };
  }
  // A buffer of its own (as readFileSync gives for files this size) moves; a small file's, from
  // Node's shared pool, is copied into one of its own first (moving the pool would take it from Node).
  const whole = body.byteOffset === 0 && body.buffer.byteLength === bytes.length;
  const own = whole ? new Uint8Array(body.buffer, 0, body.length) : new Uint8Array(body);
  return { answer: { file, body: own }, transfer: [own.buffer as ArrayBuffer] };
}

const { answer, transfer } = read();
site.postMessage(answer, transfer);
