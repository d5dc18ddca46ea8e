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
 * a document once generated. Every reference is checked against its table while reading, so a
 * damaged file is an error, never a wrong catalogue.
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

/** The documents encodeDocuments wrote. Throws DocumentCodecError for anything it did not write. */
export function decodeDocuments(bytes: Uint8Array): unknown[] {
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
  const shapes: Array<{ keys: string[]; make: ObjectMaker }> = [];
  for (let shape = 0; shape < shapeCount!; shape += 1) {
    const keys: string[] = [];
    for (let k = shapeOffsets[shape]!; k < shapeOffsets[shape + 1]!; k += 1) keys.push(checked(strings, shapeRefs[k]!));
    if (keys.includes('__proto__')) throw new DocumentCodecError('a key named __proto__');
    shapes.push({ keys, make: objectMaker(keys) });
  }
  const composites: unknown[] = new Array(compositeCount);
  const valueOf = (ref: number, before: number): unknown => {
    const index = ref >>> 3;
    switch (ref & 7) {
      case STRING:
        return checked(strings, index);
      case NUMBER:
        if (index >= numbers.length) throw new DocumentCodecError('a number reference is out of range');
        return numbers[index];
      case COMPOSITE:
        if (index >= before) throw new DocumentCodecError('a reference points forward');
        return composites[index];
      case CONSTANT:
        if (index >= CONSTANTS.length) throw new DocumentCodecError('an unknown constant');
        return CONSTANTS[index];
      default:
        throw new DocumentCodecError('an unknown value kind');
    }
  };
  if (refOffsets[0] !== 0 || refOffsets[compositeCount!] !== refCount) throw new DocumentCodecError('the reference table does not match its count');
  for (let id = 0; id < compositeCount!; id += 1) {
    const from = refOffsets[id]!;
    const to = refOffsets[id + 1]!;
    if (to < from || to > refCount!) throw new DocumentCodecError('a value list is out of range');
    if (kinds[id] === KIND_ARRAY) {
      const array: unknown[] = [];
      for (let k = from; k < to; k += 1) array.push(valueOf(refs[k]!, id));
      composites[id] = array;
    } else if (kinds[id] === KIND_OBJECT) {
      const shape = shapes[shapeOf[id]!];
      if (!shape || shape.keys.length !== to - from) throw new DocumentCodecError('an object does not match its shape');
      composites[id] = shape.make(refs, from, id, valueOf);
    } else {
      throw new DocumentCodecError('an unknown composite kind');
    }
  }
  const documents = valueOf(root!, compositeCount!);
  if (!Array.isArray(documents)) throw new DocumentCodecError('the file does not hold a list of documents');
  return documents;
}

type ObjectMaker = (refs: Uint32Array, from: number, id: number, valueOf: (ref: number, before: number) => unknown) => Record<string, unknown>;

/**
 * A function that builds an object of these keys as one literal: objects of one shape then share
 * V8's hidden class from the start, where adding the keys one by one made every store a lookup
 * (reading 114,000 documents took 3 s that way, mostly there). The keys are written as JSON
 * string literals, so no key can be code.
 */
function objectMaker(keys: readonly string[]): ObjectMaker {
  const properties = keys.map((key, k) => `${JSON.stringify(key)}: valueOf(refs[from + ${k}], id)`).join(',\n');
  return new Function('refs', 'from', 'id', 'valueOf', `return {\n${properties}\n};`) as ObjectMaker;
}

function checked(strings: string[], index: number): string {
  const text = strings[index];
  if (text === undefined) throw new DocumentCodecError('a string reference is out of range');
  return text;
}
