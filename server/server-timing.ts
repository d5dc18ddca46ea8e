import { inSpan } from './outside-call.ts';

/**
 * Where a request's time goes, phase by phase, carried to the client in the standard
 * `Server-Timing` header when SERVER_TIMING is on (bench/profile-render.ts reads it). Each phase has
 * its wall time and the process's CPU time over the same span. Phases of one request may overlap
 * (the shell's loader runs beside the page's): read the CPU figures from requests sent one at a
 * time, where the process does nothing else.
 */
export interface TimingEntry {
  name: string;
  wallMs: number;
  cpuMs: number;
}

const cpuMsNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Metric names are HTTP tokens: letters, digits and a few signs. */
const TOKEN = /[^A-Za-z0-9!#$%&'*+.^_`|~-]/g;

export class ServerTiming {
  readonly #entries: TimingEntry[] = [];
  readonly #marks = new Map<string, { wall: number; cpu: number }>();

  /** Starts a phase; the returned function ends it. */
  start(name: string): () => void {
    const wall = performance.now();
    const cpu = cpuMsNow();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#entries.push({ name, wallMs: performance.now() - wall, cpuMs: cpuMsNow() - cpu });
    };
  }

  /** Times a phase that ends when the promise settles. */
  async measure<T>(name: string, work: () => Promise<T>): Promise<T> {
    const end = this.start(name);
    try {
      return await work();
    } finally {
      end();
    }
  }

  /** Remembers a moment; `since(mark, name)` records the span from it to now. */
  mark(name: string): void {
    this.#marks.set(name, { wall: performance.now(), cpu: cpuMsNow() });
  }

  since(mark: string, name: string): void {
    const from = this.#marks.get(mark);
    if (from) this.#entries.push({ name, wallMs: performance.now() - from.wall, cpuMs: cpuMsNow() - from.cpu });
  }

  get entries(): readonly TimingEntry[] {
    return this.#entries;
  }

  /** The header's value: `name;dur=wall` and `name.cpu;dur=cpu` per phase. */
  header(): string {
    return this.#entries
      .map(({ name, wallMs, cpuMs }) => {
        const token = name.replace(TOKEN, '_');
        return `${token};dur=${wallMs.toFixed(2)}, ${token}.cpu;dur=${cpuMs.toFixed(2)}`;
      })
      .join(', ');
  }
}

/**
 * Times `work` when the request is timed (SERVER_TIMING on), and makes it a span of the request's
 * trace when tracing records (server/outside-call.ts); else just runs it.
 */
export function timed<T>(timing: ServerTiming | undefined, name: string, work: () => Promise<T>): Promise<T> {
  const measured = timing ? () => timing.measure(name, work) : work;
  return inSpan(name, measured);
}
