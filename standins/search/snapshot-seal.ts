import { crc32 } from 'node:zlib';

/**
 * How a search index snapshot file is named and sealed: what both its readers share, the main
 * thread (snapshot.ts) and the worker thread that reads it during a restart (snapshot-read.worker.ts,
 * which imports this module and nothing heavier).
 */

/** How every snapshot of this catalogue size is named, before its key. */
export const snapshotPrefix = (products: number) => `search-index-${products}-`;
export const SNAPSHOT_SUFFIX = '.snapshot';

/**
 * The file is the snapshot's body and an 8-byte trailer: a mark and the CRC-32 of all that comes
 * before it. The codec's own checks catch a file cut short or a reference out of range, not a
 * changed byte inside a string or a number; the CRC catches any change of up to 32 bits in a row
 * and all but one in four billion others. CRC-32 (zlib's, with the processor's carry-less
 * multiply) reads the 158 MB of a 100k snapshot in about 50 ms, a cryptographic digest in 110-250.
 */
const TRAILER_MARK = 0x53565843; // 'CXVS' in little-endian bytes: the snapshot carries its CRC
const TRAILER_BYTES = 8;

/**
 * A snapshot file read and checked elsewhere (a worker thread, snapshot-prefetch.ts): the bytes
 * before the trailer once their CRC-32 matched, or why they did not.
 */
export type PrereadSnapshot = { file: string; body: Uint8Array; problem?: undefined } | { file: string; problem: string; body?: undefined };

/** The snapshot's bytes with the trailer that lets a reader check them. */
export function sealSnapshot(body: Uint8Array): Buffer {
  const trailer = Buffer.alloc(TRAILER_BYTES);
  trailer.writeUInt32LE(TRAILER_MARK, 0);
  trailer.writeUInt32LE(crc32(body), 4);
  return Buffer.concat([body, trailer]);
}

/** The bytes before the trailer (a view of `bytes`), once their CRC-32 matches it; an error otherwise. */
export function unsealSnapshot(bytes: Buffer): Buffer {
  if (bytes.length < TRAILER_BYTES || bytes.readUInt32LE(bytes.length - TRAILER_BYTES) !== TRAILER_MARK) throw new Error('no checksum trailer: cut short or not a snapshot');
  const body = bytes.subarray(0, bytes.length - TRAILER_BYTES);
  if (crc32(body) !== bytes.readUInt32LE(bytes.length - 4)) throw new Error('the checksum does not match: the file was changed or damaged');
  return body;
}
