/**
 * The generated documents in a compact binary form, for the index snapshot (snapshot.ts): at
 * 100,000 products, generating the catalogue takes 6-9 s and `JSON.parse` or `v8.deserialize` of
 * the same documents 3-5 s; this reads them back in well under a second.
 *
 * The documents are plain data (strings, numbers, booleans, arrays, objects). Every distinct
 * string is stored once, in one UTF-8 block split on NUL; numbers in a Float64Array; arrays and
 * objects as lists of value references, objects naming a shape (their keys, in order). Equal
 * arrays and objects are stored once and read back as one shared value: the catalogue repeats
 * the same category names, translations and lists across thousands of parts, and nothing changes
 * a document once generated. Every reference is checked against its table when the file is
 * opened, so a damaged file is an error, never a wrong catalogue; documents are made into objects
 * when first asked for (openDocuments).
 */

const MAGIC = 0x434f4456; // "VDOC"
const TRAILER = 0x454e4456; // "VDNE"

// A value reference: the kind in the low 3 bits, the index in its table above them.
const STRING = 0;
const NUMBER = 1;
const COMPOSITE = 2;
const CONSTANT = 3;
const CONSTANTS = [undefined, null, false, true] as const;
const KIND_ARRAY = 0;
const KIND_OBJECT = 1;
/** Arrays and objects of up to this many values are stored once however often they occur. */
const SHARED_UP_TO = 8;

export class DocumentCodecError extends Error {}

type Plain = string | number | boolean | null | undefined | Plain[] | { [key: string]: Plain };

/** The documents as bytes. Throws DocumentCodecError for values the format cannot hold. */
export function encodeDocuments(documents: readonly object[]): Buffer {
  const strings = new Map<string, number>();
  const numbers: number[] = [];
  const numberIds = new Map<number, number>();
  const shapes = new Map<string, number>();
  const shapeKeys: number[][] = [];
  const composites = new Map<string, number>();
  const kinds: number[] = [];
  const shapeOf: number[] = [];
  const refOffsets: number[] = [0];
  const refs: number[] = [];

  const stringId = (text: string) => {
    let id = strings.get(text);
    if (id === undefined) {
      if (text.includes('\0')) throw new DocumentCodecError('a string holds a NUL character');
      id = strings.size;
      strings.set(text, id);
    }
    return id;
  };
  const composite = (kind: number, shape: number, children: number[]) => {
    // Small values repeat (translations, lists of markets); documents and their fields never do.
    const key = children.length <= SHARED_UP_TO ? `${kind}:${shape}:${children.join(',')}` : undefined;
    let id = key === undefined ? undefined : composites.get(key);
    if (id === undefined) {
      id = kinds.length;
      if (key !== undefined) composites.set(key, id);
      kinds.push(kind);
      shapeOf.push(shape);
      for (const child of children) refs.push(child);
      refOffsets.push(refs.length);
    }
    return id;
  };
  // Children before their parent: reading in table order always finds a child already read.
  const encode = (value: Plain): number => {
    if (typeof value === 'string') return (stringId(value) << 3) | STRING;
    if (typeof value === 'number') {
      // -0 and NaN keep their identity in the Float64Array; a Map would fold -0 into 0.
      if (Object.is(value, -0) || Number.isNaN(value)) {
        numbers.push(value);
        return ((numbers.length - 1) << 3) | NUMBER;
      }
      let id = numberIds.get(value);
      if (id === undefined) {
        id = numbers.length;
        numbers.push(value);
        numberIds.set(value, id);
      }
      return (id << 3) | NUMBER;
    }
    if (value === undefined || value === null || typeof value === 'boolean') return (CONSTANTS.indexOf(value) << 3) | CONSTANT;
    if (Array.isArray(value)) return (composite(KIND_ARRAY, 0, value.map(encode)) << 3) | COMPOSITE;
    if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      const keys = Object.keys(value);
      if (keys.includes('__proto__')) throw new DocumentCodecError('a key named __proto__ cannot be stored');
      const shapeKey = keys.join('\0');
      let shape = shapes.get(shapeKey);
      if (shape === undefined) {
        shape = shapeKeys.length;
        shapes.set(shapeKey, shape);
        shapeKeys.push(keys.map(stringId));
      }
      return (
        (composite(
          KIND_OBJECT,
          shape,
          keys.map((key) => encode(value[key]))
        ) <<
          3) |
        COMPOSITE
      );
    }
    throw new DocumentCodecError(`a value of type ${typeof value} cannot be stored`);
  };
  const root = encode(documents as unknown as Plain[]);
  if (kinds.length >= 2 ** 28 || strings.size >= 2 ** 28 || numbers.length >= 2 ** 28) throw new DocumentCodecError('too many values');

  // One-byte strings (Latin-1, most of the catalogue) and the others in two blocks: each is read
  // back by copying (latin1, UTF-16), where decoding UTF-8 cost a quarter of the reading.
  const all = [...strings.keys()];
  const oneByte = all.filter(isOneByte);
  const twoByte = all.filter((text) => !isOneByte(text));
  const finalId = new Map<string, number>();
  [...oneByte, ...twoByte].forEach((text, id) => finalId.set(text, id));
  const renumber = (ref: number) => ((ref & 7) === STRING ? (finalId.get(all[ref >>> 3]!)! << 3) | STRING : ref);
  for (let k = 0; k < refs.length; k += 1) refs[k] = renumber(refs[k]!);
  for (const keys of shapeKeys) keys.forEach((id, k) => (keys[k] = finalId.get(all[id]!)!));
  const latin1 = Buffer.from(oneByte.join('\0'), 'latin1');
  const utf16 = Buffer.from(twoByte.join('\0'), 'utf16le');
  const shapeOffsets = [0];
  const shapeRefs: number[] = [];
  for (const keys of shapeKeys) {
    shapeRefs.push(...keys);
    shapeOffsets.push(shapeRefs.length);
  }
  const sections: Array<Uint8Array> = [
    Uint32Array.of(MAGIC, oneByte.length, latin1.length, twoByte.length, utf16.length, numbers.length, kinds.length, refs.length, shapeKeys.length, shapeRefs.length, renumber(root), 0),
    padded(latin1),
    padded(utf16),
    new Uint8Array(Float64Array.from(numbers).buffer),
    padded(Uint8Array.from(kinds)),
    new Uint8Array(Uint32Array.from(shapeOf).buffer),
    new Uint8Array(Uint32Array.from(refOffsets).buffer),
    new Uint8Array(Uint32Array.from(refs).buffer),
    new Uint8Array(Uint32Array.from(shapeOffsets).buffer),
    new Uint8Array(Uint32Array.from(shapeRefs).buffer),
    Uint32Array.of(TRAILER, 0),
  ].map((part) => new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
  return Buffer.concat(sections);
}

function isOneByte(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0xff) return false;
  return true;
}

/** Pads to a multiple of 8 bytes, so the typed arrays after it are aligned. */
function padded(bytes: Uint8Array): Uint8Array {
  const length = Math.ceil(bytes.length / 8) * 8;
  if (length === bytes.length) return bytes;
  const out = new Uint8Array(length);
  out.set(bytes);
  return out;
}

/**
 * The documents encodeDocuments wrote, opened for reading on demand (decision 0129). Every table
 * and every reference is checked here, so a damaged file is an error at once, never a wrong
 * catalogue later; but a document is only made into objects when it is first asked for: a restart
 * at 100,000 products spent half a second of its main thread and most of its GC building documents
 * that no request had asked for yet. Throws DocumentCodecError for anything it did not write.
 */
export function openDocuments<T = unknown>(bytes: Uint8Array): LazyDocuments<T> {
  // Typed arrays over the file need 8-byte alignment: copy the rare buffer that is not aligned.
  const data = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  let at = 0;
  const take = (length: number) => {
    if (length < 0 || at + length > data.byteLength) throw new DocumentCodecError('the file ends early');
    const start = at;
    at += length;
    return start;
  };
  const uint32s = (count: number) => new Uint32Array(data.buffer, data.byteOffset + take(count * 4), count);
  const header = uint32s(12);
  const [magic, oneByteCount, latin1Bytes, twoByteCount, utf16Bytes, numberCount, compositeCount, refCount, shapeCount, shapeRefCount, root] = header as unknown as number[];
  if (magic !== MAGIC) throw new DocumentCodecError('not a document file');
  const latin1Start = take(Math.ceil(latin1Bytes! / 8) * 8);
  const utf16Start = take(Math.ceil(utf16Bytes! / 8) * 8);
  const numbers = new Float64Array(data.buffer, data.byteOffset + take(numberCount! * 8), numberCount);
  const kinds = new Uint8Array(data.buffer, data.byteOffset + take(Math.ceil(compositeCount! / 8) * 8), compositeCount);
  const shapeOf = uint32s(compositeCount!);
  const refOffsets = uint32s(compositeCount! + 1);
  const refs = uint32s(refCount!);
  const shapeOffsets = uint32s(shapeCount! + 1);
  const shapeRefs = uint32s(shapeRefCount!);
  const trailer = uint32s(2);
  if (trailer[0] !== TRAILER || at !== data.byteLength) throw new DocumentCodecError('the file is not whole');

  const block = (start: number, length: number, encoding: 'latin1' | 'utf16le', count: number) => {
    const texts =
      count === 0
        ? []
        : Buffer.from(data.buffer, data.byteOffset + start, length)
            .toString(encoding)
            .split('\0');
    if (texts.length !== count) throw new DocumentCodecError('a string table does not match its count');
    return texts;
  };
  const strings = [...block(latin1Start, latin1Bytes!, 'latin1', oneByteCount!), ...block(utf16Start, utf16Bytes!, 'utf16le', twoByteCount!)];
  const shapes: Shape[] = [];
  for (let shape = 0; shape < shapeCount!; shape += 1) {
    const keys: string[] = [];
    for (let k = shapeOffsets[shape]!; k < shapeOffsets[shape + 1]!; k += 1) keys.push(checked(strings, shapeRefs[k]!));
    if (keys.includes('__proto__')) throw new DocumentCodecError('a key named __proto__');
    shapes.push({ keys, make: objectMaker(keys) });
  }
  // Every reference checked once, in table order, without building anything.
  const checkRef = (ref: number, before: number) => {
    const index = ref >>> 3;
    switch (ref & 7) {
      case STRING:
        if (index >= strings.length) throw new DocumentCodecError('a string reference is out of range');
        return;
      case NUMBER:
        if (index >= numbers.length) throw new DocumentCodecError('a number reference is out of range');
        return;
      case COMPOSITE:
        if (index >= before) throw new DocumentCodecError('a reference points forward');
        return;
      case CONSTANT:
        if (index >= CONSTANTS.length) throw new DocumentCodecError('an unknown constant');
        return;
      default:
        throw new DocumentCodecError('an unknown value kind');
    }
  };
  if (refOffsets[0] !== 0 || refOffsets[compositeCount!] !== refCount) throw new DocumentCodecError('the reference table does not match its count');
  for (let id = 0; id < compositeCount!; id += 1) {
    const from = refOffsets[id]!;
    const to = refOffsets[id + 1]!;
    if (to < from || to > refCount!) throw new DocumentCodecError('a value list is out of range');
    if (kinds[id] === KIND_OBJECT) {
      const shape = shapes[shapeOf[id]!];
      if (!shape || shape.keys.length !== to - from) throw new DocumentCodecError('an object does not match its shape');
    } else if (kinds[id] !== KIND_ARRAY) {
      throw new DocumentCodecError('an unknown composite kind');
    }
    for (let k = from; k < to; k += 1) checkRef(refs[k]!, id);
  }
  checkRef(root!, compositeCount!);
  if ((root! & 7) !== COMPOSITE || kinds[root! >>> 3] !== KIND_ARRAY) throw new DocumentCodecError('the file does not hold a list of documents');
  const list = root! >>> 3;
  return new LazyDocuments<T>({ strings, numbers, kinds, shapeOf, refOffsets, refs, shapes }, refs.subarray(refOffsets[list]!, refOffsets[list + 1]!));
}

interface Shape {
  keys: string[];
  make: ObjectMaker;
  /** Each key's position, made when a value is first looked up by key (LazyDocuments.valueAt). */
  positions?: Map<string, number>;
}

interface ValueTables {
  strings: string[];
  numbers: Float64Array;
  kinds: Uint8Array;
  shapeOf: Uint32Array;
  refOffsets: Uint32Array;
  refs: Uint32Array;
  shapes: Shape[];
}

/** What reading documents needs until all are made: the tables, the documents' references, the arrays and objects made so far (shared ones once). */
interface Reading {
  tables: ValueTables;
  documentRefs: Uint32Array;
  made: unknown[];
  valueOf: (ref: number) => unknown;
}

/**
 * The documents of a file openDocuments checked, each made into objects the first time it is
 * asked for and kept: asked again, a document is the same object. Reads like a read-only array
 * (length, at, iteration, forEach, map); `valueAt` reads one value of a document without making
 * the rest of it, for the walks over every document a start needs (hidden pages, title lengths).
 * The tables are views into the file's bytes (158 MB at 100k products): they are let go once every
 * document is made (makeAll).
 */
export class LazyDocuments<T = unknown> implements Iterable<T> {
  readonly length: number;
  readonly #documents: Array<T | undefined>;
  #documentsMade = 0;
  #reading: Reading | undefined;

  constructor(tables: ValueTables, documentRefs: Uint32Array) {
    this.length = documentRefs.length;
    this.#documents = new Array<T | undefined>(this.length);
    const reading: Reading = { tables, documentRefs, made: new Array(tables.kinds.length), valueOf: (ref) => this.value(reading, ref) };
    this.#reading = reading;
  }

  /** The document at `index` (negative counts from the end, as Array.prototype.at). */
  at(index: number): T | undefined {
    const position = index < 0 ? index + this.length : Math.trunc(index);
    if (!(position >= 0 && position < this.length)) return undefined;
    const made = this.#documents[position];
    if (made !== undefined) return made;
    const reading = this.#reading!;
    const document = this.value(reading, reading.documentRefs[position]!) as T;
    this.#documents[position] = document;
    this.#documentsMade += 1;
    if (this.#documentsMade === this.length) this.#reading = undefined;
    return document;
  }

  /**
   * The value under `path` in the document at `index` (`valueAt(7, 'title', 'en')`), undefined
   * where the path leads nowhere; only that value is made, not the document around it.
   */
  valueAt(index: number, ...path: string[]): unknown {
    if (!(index >= 0 && index < this.length)) return undefined;
    const document = this.#documents[index];
    if (document !== undefined) return valueOn(document, path, 0);
    const reading = this.#reading!;
    const { kinds, shapeOf, refOffsets, refs, shapes } = reading.tables;
    let ref = reading.documentRefs[index]!;
    for (let step = 0; step < path.length; step += 1) {
      if ((ref & 7) !== COMPOSITE) return undefined;
      const id = ref >>> 3;
      const made = reading.made[id];
      if (made !== undefined) return valueOn(made, path, step);
      let position: number | undefined;
      if (kinds[id] === KIND_OBJECT) {
        const shape = shapes[shapeOf[id]!]!;
        shape.positions ??= new Map(shape.keys.map((key, k) => [key, k]));
        position = shape.positions.get(path[step]!);
      } else if (/^(0|[1-9]\d*)$/.test(path[step]!)) {
        position = Number(path[step]);
      }
      const from = refOffsets[id]!;
      if (position === undefined || from + position >= refOffsets[id + 1]!) return undefined;
      ref = refs[from + position]!;
    }
    return this.value(reading, ref);
  }

  /** How many documents have been made into objects so far. */
  documentsMade(): number {
    return this.#documentsMade;
  }

  /**
   * Makes every document not yet made, `perTurn` at a time, one event-loop turn after another (a
   * request waits for one turn at most), then lets the file's bytes go; resolves when all are made.
   */
  async makeAll(perTurn = 1000): Promise<void> {
    for (let from = 0; from < this.length; from += perTurn) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      for (let index = from; index < Math.min(from + perTurn, this.length); index += 1) this.at(index);
    }
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let index = 0; index < this.length; index += 1) yield this.at(index)!;
  }

  forEach(callback: (document: T, index: number) => void): void {
    for (let index = 0; index < this.length; index += 1) callback(this.at(index)!, index);
  }

  map<U>(callback: (document: T, index: number) => U): U[] {
    const out = new Array<U>(this.length);
    for (let index = 0; index < this.length; index += 1) out[index] = callback(this.at(index)!, index);
    return out;
  }

  private value(reading: Reading, ref: number): unknown {
    const index = ref >>> 3;
    switch (ref & 7) {
      case STRING:
        return reading.tables.strings[index];
      case NUMBER:
        return reading.tables.numbers[index];
      case CONSTANT:
        return CONSTANTS[index];
      default: {
        let made = reading.made[index];
        if (made === undefined) {
          const { kinds, shapeOf, refOffsets, refs, shapes } = reading.tables;
          const from = refOffsets[index]!;
          const to = refOffsets[index + 1]!;
          if (kinds[index] === KIND_ARRAY) {
            const array: unknown[] = [];
            for (let k = from; k < to; k += 1) array.push(this.value(reading, refs[k]!));
            made = array;
          } else {
            made = shapes[shapeOf[index]!]!.make(refs, from, reading.valueOf);
          }
          reading.made[index] = made;
        }
        return made;
      }
    }
  }
}

/** The value under `path` (from its `from`th key) in a value already made; undefined where it leads nowhere. */
export function valueOn(value: unknown, path: string[], from: number): unknown {
  let current = value;
  for (let step = from; step < path.length; step += 1) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, path[step]!)) return undefined;
    current = (current as Record<string, unknown>)[path[step]!];
  }
  return current;
}

type ObjectMaker = (refs: Uint32Array, from: number, valueOf: (ref: number) => unknown) => Record<string, unknown>;

/**
 * A function that builds an object of these keys as one literal: objects of one shape then share
 * V8's hidden class from the start, where adding the keys one by one made every store a lookup
 * (reading 114,000 documents took 3 s that way, mostly there). The keys are written as JSON
 * string literals, so no key can be code.
 */
function objectMaker(keys: readonly string[]): ObjectMaker {
  const properties = keys.map((key, k) => `${JSON.stringify(key)}: valueOf(refs[from + ${k}])`).join(',\n');
  return new Function('refs', 'from', 'valueOf', `return {\n${properties}\n};`) as ObjectMaker;
}

function checked(strings: string[], index: number): string {
  const text = strings[index];
  if (text === undefined) throw new DocumentCodecError('a string reference is out of range');
  return text;
}
