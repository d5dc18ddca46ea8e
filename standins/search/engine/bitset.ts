/** A fixed-size set of document ids, 32 per word: the engine's unit of filtering and counting. */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number, words?: Uint32Array) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const extra = set.words.length * 32 - size;
    if (extra > 0) set.words[set.words.length - 1] = 0xffffffff >>> extra;
    return set;
  }

  static fromIds(size: number, ids: ArrayLike<number>): Bitset {
    const set = new Bitset(size);
    for (let i = 0; i < ids.length; i += 1) set.add(ids[i]!);
    return set;
  }

  add(id: number) {
    this.words[id >>> 5]! |= 1 << (id & 31);
  }

  has(id: number): boolean {
    return (this.words[id >>> 5]! & (1 << (id & 31))) !== 0;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  and(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i += 1) a[i]! &= b[i]!;
    return this;
  }

  or(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i += 1) a[i]! |= b[i]!;
    return this;
  }

  andNot(other: Bitset): this {
    const a = this.words;
    const b = other.words;
    for (let i = 0; i < a.length; i += 1) a[i]! &= ~b[i]!;
    return this;
  }

  not(): this {
    const a = this.words;
    for (let i = 0; i < a.length; i += 1) a[i] = ~a[i]!;
    const extra = a.length * 32 - this.size;
    if (extra > 0) a[a.length - 1]! &= 0xffffffff >>> extra;
    return this;
  }

  count(): number {
    let total = 0;
    const a = this.words;
    for (let i = 0; i < a.length; i += 1) {
      let v = a[i]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }

  /** Calls fn for every id in ascending order. */
  forEach(fn: (id: number) => void) {
    const a = this.words;
    for (let i = 0; i < a.length; i += 1) {
      let v = a[i]!;
      while (v !== 0) {
        const low = v & -v;
        fn((i << 5) + (31 - Math.clz32(low)));
        v ^= low;
      }
    }
  }

  toArray(): Int32Array {
    const out = new Int32Array(this.count());
    let n = 0;
    this.forEach((id) => {
      out[n++] = id;
    });
    return out;
  }
}
