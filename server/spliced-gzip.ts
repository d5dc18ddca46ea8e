import { constants, crc32, deflateRawSync } from 'node:zlib';
import Negotiator from 'negotiator';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * A gzip body made of fixed parts compressed once, with short texts (a CSP nonce, a visitor's own
 * part of the page) spliced between them for each response (decisions 0032, 0035). Each part is
 * deflated on its own and ends byte-aligned (a sync flush), so the bytes between two parts can be
 * stored blocks: the text as it is, with nothing to compress. Deflate's back-references never cross
 * a part, since each part had a compressor of its own. Per response this costs the CRC-32 of the
 * spliced texts, no compression.
 */
export class SplicedGzip {
  private readonly deflated: Buffer[];
  /** Each part's CRC-32 and the operator that shifts a CRC past its length (see combineCrc). */
  private readonly partCrcs: number[];
  private readonly partShifts: number[];
  private readonly plainLength: number;
  /** Shifts by length spliced: the nonce's is the same in every response, a slot's often is. */
  private readonly shifts = new Map<number, number>();

  constructor(parts: Buffer[], level = 6) {
    this.partCrcs = parts.map((part) => continueCrc(part, 0));
    this.partShifts = parts.map((part) => shiftFor(part.length));
    this.deflated = parts.map((part, index) =>
      deflateRawSync(part, { level, finishFlush: index === parts.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH }),
    );
    this.plainLength = parts.reduce((length, part) => length + part.length, 0);
  }

  /** Compressed size of the fixed parts (what a copy keeps in memory). */
  get bytes(): number {
    return this.deflated.reduce((length, part) => length + part.length, 0);
  }

  /**
   * The body with `between[i]` spliced after part i (one fewer than the parts; a single buffer is
   * spliced between every pair), as buffers to write in order.
   */
  frames(between: Buffer | readonly Buffer[]): Buffer[] {
    const texts = Buffer.isBuffer(between) ? this.deflated.slice(1).map(() => between) : between;
    if (texts.length !== this.deflated.length - 1) throw new RangeError(`${this.deflated.length} parts take ${this.deflated.length - 1} texts, not ${texts.length}`);
    let crc = 0;
    let length = this.plainLength;
    const frames: Buffer[] = [GZIP_HEADER];
    this.deflated.forEach((part, index) => {
      if (index > 0) {
        const text = texts[index - 1]!;
        for (let from = 0; from < text.length; from += MAX_STORED) {
          const piece = text.subarray(from, from + MAX_STORED);
          frames.push(storedBlockHeader(piece.length), piece);
        }
        crc = combineCrc(crc, continueCrc(text, 0), this.shiftFor(text.length));
        length += text.length;
      }
      frames.push(part);
      crc = combineCrc(crc, this.partCrcs[index]!, this.partShifts[index]!);
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length % 2 ** 32, 4);
    frames.push(trailer);
    return frames;
  }

  private shiftFor(length: number): number {
    let shift = this.shifts.get(length);
    if (shift === undefined) {
      if (this.shifts.size >= 256) this.shifts.clear();
      shift = shiftFor(length);
      this.shifts.set(length, shift);
    }
    return shift;
  }
}

/** A stored block holds at most this many bytes. */
const MAX_STORED = 0xffff;

/** A non-final stored block's header: type 00, then LEN and NLEN (the header bits end byte-aligned after a sync flush). */
function storedBlockHeader(length: number): Buffer {
  return Buffer.from([0, length & 0xff, length >> 8, ~length & 0xff, (~length >> 8) & 0xff]);
}

/**
 * zlib's crc32 answers its initial value, 0, when handed no data pointer, which an empty buffer
 * can have: an empty buffer must leave the running CRC alone.
 */
function continueCrc(data: Buffer, crc: number): number {
  return data.length === 0 ? crc : crc32(data, crc);
}

/*
 * CRC-32 of a concatenation from the CRCs of its pieces, as zlib's crc32_combine does it: the CRC
 * of A then B is (CRC of A, times x^(8 * length of B), modulo the polynomial) xor (CRC of B). The
 * multiplier depends only on B's length, so a copy computes it once per part, and a response
 * costs a few multiplications instead of reading the whole body.
 */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial, in CRC-32's reflected bit order. */
function multiplyModPoly(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31. */
const X_TO_2_TO_K = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k += 1) table.push(multiplyModPoly(table[k - 1]!, table[k - 1]!));
  return table;
})();

/** The operator that moves a CRC past `length` bytes: x^(8 * length) modulo the polynomial. */
function shiftFor(length: number): number {
  let shift = 0x80000000;
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k += 1) if (n % 2) shift = multiplyModPoly(X_TO_2_TO_K[k % 32]!, shift);
  return shift;
}

function combineCrc(crcBefore: number, crcAfter: number, shiftAfter: number): number {
  return (multiplyModPoly(shiftAfter, crcBefore) ^ crcAfter) >>> 0;
}

/** Whether an Accept-Encoding header takes gzip, as the compression middleware reads it (negotiator). */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return acceptEncoding ? new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(['gzip']) === 'gzip' : false;
}
