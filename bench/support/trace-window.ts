import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/**
 * Where a stretch of the page's main thread went, read from a Chromium trace (Playwright's
 * browser.startTracing with the timeline and the V8 sampling profiler's categories): the
 * renderer's own work by trace event (style, layout, paint, script, parsing) and the script's
 * samples by the source they ran (a package in node_modules, or the site's file), mapped through
 * the build's hidden source maps when the build has them (SITE_SOURCEMAPS=1 npm run build).
 * bench/browser.ts --profile uses it for the stretch from a navigation's data to its paint.
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (microseconds): what it cost, whatever the wait for a core. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

/** A window on the trace's clock (microseconds). */
export interface TraceWindow {
  from: number;
  to: number;
}

export interface WindowReport {
  wallMs: number;
  /** The main thread's CPU time in its tasks in the window (thread time: a wait for a core does not count), ms. */
  cpuMs: number;
  /** Exclusive time of each renderer trace event (its children's time taken out), ms. */
  byEvent: Map<string, number>;
  /** Sampled script time by where it ran (self), ms. */
  bySource: Map<string, number>;
  /** Sampled time under each source anywhere on the stack (inclusive), ms. */
  underSource: Map<string, number>;
  /** Sampled self time by function (mapped name, source:line), ms. */
  byFunction: Map<string, number>;
  /** Sampled time under each function anywhere on the stack (inclusive), ms. */
  underFunction: Map<string, number>;
}

export interface Trace {
  /** The page main thread's clock offset: trace ts = performance.now() * 1000 + offset. */
  offset: number;
  report(window: TraceWindow): WindowReport;
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
const overlap = (from: number, to: number, window: TraceWindow) => Math.max(0, Math.min(to, window.to) - Math.max(from, window.from));

/** Reads source maps of the chunks the samples name, from the build's client folder. */
function sourceMapper(clientDir: string) {
  const consumers = new Map<string, SourceMapConsumer | undefined>();
  const consumer = (url: string) => {
    if (!consumers.has(url)) {
      const file = path.join(clientDir, new URL(url).pathname);
      const map = `${file}.map`;
      consumers.set(url, existsSync(map) ? new SourceMapConsumer(JSON.parse(readFileSync(map, 'utf8')) as RawSourceMap) : undefined);
    }
    return consumers.get(url);
  };
  return (frame: CallFrame): { source: string; name: string } => {
    if (!frame.url) return { source: frame.functionName || '(native)', name: frame.functionName || '(native)' };
    if (!frame.url.startsWith('http')) return { source: frame.url, name: frame.functionName };
    const map = consumer(frame.url);
    const chunk = new URL(frame.url).pathname.split('/').pop() ?? frame.url;
    if (!map) return { source: chunk, name: `${frame.functionName || '(anonymous)'} ${chunk}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` };
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!at.source) return { source: chunk, name: `${frame.functionName || '(anonymous)'} ${chunk}` };
    const source = bucketOf(at.source);
    const file = at.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
    return { source, name: `${at.name ?? frame.functionName ?? '(anonymous)'} ${file}:${at.line}` };
  };
}

/** A package (node_modules/<name>, scoped ones with their scope) or the site's file. */
function bucketOf(source: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1]!;
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/app\//, 'app/');
}

/**
 * Parses the trace; `syncMark` names a performance.mark the page made and `syncStart` its
 * startTime (performance.now), which fixes the page clock against the trace's.
 */
export function readTrace(json: string, clientDir: string, syncMark: string, syncStart: number): Trace {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const mark = events.find((event) => event.name === syncMark && event.cat.includes('blink.user_timing'));
  if (!mark) throw new Error(`the trace has no mark ${syncMark}`);
  const { pid, tid } = mark;
  const offset = mark.ts - syncStart * 1000;
  const mapFrame = sourceMapper(clientDir);

  // The renderer main thread's complete events, nested by time.
  const slices = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));

  // The sampling profiler's samples on that thread: (time, node) pairs.
  const nodes = new Map<number, ProfileNode>();
  const samples: Array<{ ts: number; node: number }> = [];
  const profileIds = new Set(events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid).map((event) => event.id));
  let clock = new Map<string, number>();
  for (const event of events) {
    if (event.name === 'Profile' && profileIds.has(event.id)) clock.set(event.id!, Number(event.args?.data?.startTime ?? event.ts));
  }
  clock = new Map(clock);
  for (const event of events.filter((candidate) => candidate.name === 'ProfileChunk' && profileIds.has(candidate.id)).sort((a, b) => a.ts - b.ts)) {
    const data = event.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    let at = clock.get(event.id!) ?? 0;
    ids.forEach((node, index) => {
      at += deltas[index] ?? 0;
      samples.push({ ts: at, node });
    });
    clock.set(event.id!, at);
  }
  samples.sort((a, b) => a.ts - b.ts);
  const mapped = new Map<number, { source: string; name: string }>();
  const frameOf = (id: number) => {
    let value = mapped.get(id);
    if (!value) {
      value = mapFrame(nodes.get(id)!.callFrame);
      mapped.set(id, value);
    }
    return value;
  };

  return {
    offset,
    report(window) {
      const byEvent = new Map<string, number>();
      let cpuMs = 0;
      let taskEnd = Number.NEGATIVE_INFINITY;
      for (const event of slices) {
        // Top-level events only (a task's children are inside its thread time).
        if (event.ts < taskEnd || event.ts + event.dur! < window.from || event.ts > window.to) continue;
        taskEnd = event.ts + event.dur!;
        if (event.tdur !== undefined && event.dur! > 0) cpuMs += ((event.tdur * overlap(event.ts, taskEnd, window)) / event.dur!) / 1000;
      }
      const stack: Array<{ event: TraceEvent; end: number; child: number }> = [];
      const close = (until: number) => {
        while (stack.length && stack.at(-1)!.end <= until) {
          const top = stack.pop()!;
          const own = overlap(top.event.ts, top.end, window) - top.child;
          add(byEvent, top.event.name, own / 1000);
          if (stack.length) stack.at(-1)!.child += overlap(top.event.ts, top.end, window);
        }
      };
      for (const event of slices) {
        if (event.ts + event.dur! < window.from || event.ts > window.to) continue;
        close(event.ts);
        stack.push({ event, end: event.ts + event.dur!, child: 0 });
      }
      close(Number.POSITIVE_INFINITY);

      const bySource = new Map<string, number>();
      const underSource = new Map<string, number>();
      const byFunction = new Map<string, number>();
      const underFunction = new Map<string, number>();
      samples.forEach((sample, index) => {
        const next = samples[index + 1]?.ts ?? sample.ts;
        const ms = overlap(sample.ts, next, window) / 1000;
        if (ms <= 0) return;
        const top = frameOf(sample.node);
        add(bySource, top.source, ms);
        add(byFunction, top.name, ms);
        const seen = new Set<string>();
        for (let id: number | undefined = sample.node; id !== undefined; id = nodes.get(id)?.parent) {
          const { source, name } = frameOf(id);
          if (!seen.has(source)) add(underSource, source, ms);
          if (!seen.has(name)) add(underFunction, name, ms);
          seen.add(source).add(name);
        }
      });
      return { wallMs: (window.to - window.from) / 1000, cpuMs, byEvent, bySource, underSource, byFunction, underFunction };
    },
  };
}

/** Sums several windows' reports. */
export function sumReports(reports: WindowReport[]): WindowReport {
  const total: WindowReport = { wallMs: 0, cpuMs: 0, byEvent: new Map(), bySource: new Map(), underSource: new Map(), byFunction: new Map(), underFunction: new Map() };
  for (const report of reports) {
    total.wallMs += report.wallMs;
    total.cpuMs += report.cpuMs;
    for (const key of ['byEvent', 'bySource', 'underSource', 'byFunction', 'underFunction'] as const) for (const [name, ms] of report[key]) add(total[key], name, ms);
  }
  return total;
}

/** The largest entries of a map, one a line, as a share of `per` windows (ms per navigation). */
export function top(map: Map<string, number>, count: number, per: number): string {
  return [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `      ${(ms / per).toFixed(1).padStart(7)} ms  ${name}`)
    .join('\n');
}
