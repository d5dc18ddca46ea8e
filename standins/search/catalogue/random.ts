/** A small seeded PRNG (mulberry32): the same seed gives the same catalogue on every machine. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** Up to `count` distinct items, in their original order. */
  some<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, items.length);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
  }

  /** A log-uniform value between min and max, rounded to an E-series-like 2 significant digits. */
  logUniform(min: number, max: number): number {
    const value = Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
    return roundSignificant(value, 2);
  }
}

export function roundSignificant(value: number, digits: number): number {
  if (value === 0) return 0;
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  const factor = 10 ** (digits - 1 - magnitude);
  return Math.round(value * factor) / factor;
}
