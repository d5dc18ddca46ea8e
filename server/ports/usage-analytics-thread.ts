import { Worker } from 'node:worker_threads';
import type { AnalyticsKind, UsageAnalytics, UsageAnalyticsStats } from '../load-context.ts';
import { ProblemReporter } from './problem-reporter.ts';
import type { UsageAnalyticsTarget } from './usage-analytics.ts';

export interface UsageAnalyticsThreadOptions {
  target: () => UsageAnalyticsTarget;
  /** HTTP/1.1 pipelining of the port in the thread (see UsageAnalyticsPort). */
  pipelining?: number;
  /** Events handed to the thread and not yet taken by it; beyond that, new events are dropped and counted. */
  maxBacklog?: number;
  log?: (message: string) => void;
}

/** Slots of the counters the thread shares with the site; see publish() in usage-analytics.worker.ts. */
export const COUNTER_SLOTS = ['sent', 'refused', 'failed', 'dropped', 'queued', 'inFlight', 'received'] as const;
export type CounterSlot = (typeof COUNTER_SLOTS)[number];
export const slotOf = (name: CounterSlot) => COUNTER_SLOTS.indexOf(name);

/** What the site posts to the thread: events as flat triples (kind, visitor id, serialized event). */
export type ThreadMessage = { type: 'events'; target: UsageAnalyticsTarget; events: string[] } | { type: 'close'; withinMs: number };
/** What the thread posts back. */
export type ThreadReply = { type: 'log'; message: string } | { type: 'closed' };

const WORKER_URL = new URL('./usage-analytics.worker.mjs', import.meta.url);
/** More unexpected exits than this within RESTART_WINDOW_MS and the thread is not started again. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * Usage analytics posted from a worker thread (decision 0034). Each tracked page view is one post
 * (UA v15 has no batch for views), and the HTTP work of a post, undici's framing and its system
 * calls, cost the request thread as much as serving the page copy it describes. Here the request
 * thread only serializes the event; the events of one turn of the event loop go to the thread in
 * one message, where UsageAnalyticsPort posts them on the machine's other core.
 */
export class UsageAnalyticsThread implements UsageAnalytics {
  private readonly shared = new BigInt64Array(new SharedArrayBuffer(8 * COUNTER_SLOTS.length));
  /** Counts of threads that exited, so stats survive a restart. */
  private readonly earlier = { sent: 0, refused: 0, failed: 0, dropped: 0 };
  private readonly maxBacklog: number;
  private readonly log: (message: string) => void;
  private readonly problems: ProblemReporter;
  private worker: Worker | undefined;
  private pending: string[] = [];
  private flushScheduled = false;
  /** Events posted to the current thread; what it has not taken yet is handedOver - received. */
  private handedOver = 0;
  private droppedHere = 0;
  private restarts: number[] = [];
  private closed = false;
  private closing: Promise<void> | undefined;
  private onClosed: (() => void) | undefined;

  constructor(private readonly options: UsageAnalyticsThreadOptions) {
    this.maxBacklog = options.maxBacklog ?? 20_000;
    this.log = options.log ?? ((message) => console.warn(`[analytics] ${message}`));
    this.problems = new ProblemReporter(this.log);
    this.worker = this.start();
  }

  get stats(): UsageAnalyticsStats {
    const read = (name: CounterSlot) => Number(Atomics.load(this.shared, slotOf(name)));
    return {
      sent: this.earlier.sent + read('sent'),
      refused: this.earlier.refused + read('refused'),
      failed: this.earlier.failed + read('failed'),
      dropped: this.earlier.dropped + read('dropped') + this.droppedHere,
      // Events not yet with the thread count as a post each, which they become at most.
      queued: this.pending.length / 3 + this.backlog() + read('queued'),
      inFlight: read('inFlight'),
    };
  }

  send(kind: AnalyticsKind, visitorId: string, body: Record<string, unknown>): void {
    this.sendJson(kind, visitorId, JSON.stringify({ ...body, clientId: visitorId }));
  }

  sendJson(kind: AnalyticsKind, visitorId: string, event: string): void {
    if (this.closed || !this.worker) {
      this.droppedHere += 1;
      return;
    }
    if (this.backlog() + this.pending.length / 3 >= this.maxBacklog) {
      this.droppedHere += 1;
      this.problems.report(`the analytics thread is ${this.maxBacklog} events behind: new events dropped`, 1);
      return;
    }
    this.pending.push(kind, visitorId, event);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Hands over what is pending, then lets the thread send it and wait up to withinMs for the posts. */
  close(withinMs = 2000): Promise<void> {
    this.closing ??= (async () => {
      this.flush();
      this.closed = true;
      const worker = this.worker;
      if (!worker) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, withinMs + 1000);
        this.onClosed = () => {
          clearTimeout(timer);
          resolve();
        };
        worker.postMessage({ type: 'close', withinMs } satisfies ThreadMessage);
      });
      this.worker = undefined;
      await worker.terminate();
    })();
    return this.closing;
  }

  private backlog(): number {
    return this.handedOver - Number(Atomics.load(this.shared, slotOf('received')));
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0 || !this.worker) return;
    const events = this.pending;
    this.pending = [];
    this.handedOver += events.length / 3;
    this.worker.postMessage({ type: 'events', target: this.options.target(), events } satisfies ThreadMessage);
  }

  private start(): Worker {
    const worker = new Worker(WORKER_URL, { workerData: { counters: this.shared.buffer, pipelining: this.options.pipelining ?? 1 } });
    // The thread must not keep a site that is otherwise done from exiting; close() flushes it first.
    worker.unref();
    worker.on('message', (reply: ThreadReply) => {
      if (reply.type === 'log') this.log(reply.message);
      else this.onClosed?.();
    });
    worker.on('error', (error) => this.log(`the analytics thread failed: ${error.message}`));
    worker.on('exit', () => {
      if (this.worker === worker && !this.closed) this.restart();
    });
    return worker;
  }

  /** A thread that exited takes what it had not sent with it: counted as dropped, and a new one starts. */
  private restart(): void {
    const read = (name: CounterSlot) => Number(Atomics.load(this.shared, slotOf(name)));
    const settled = read('sent') + read('refused') + read('failed') + read('dropped');
    this.earlier.sent += read('sent');
    this.earlier.refused += read('refused');
    this.earlier.failed += read('failed');
    // Every event handed over was sent, refused, failed or dropped, or went down with the thread.
    this.earlier.dropped += read('dropped') + Math.max(0, this.handedOver - settled);
    this.shared.fill(0n);
    this.handedOver = 0;
    const now = Date.now();
    this.restarts = [...this.restarts.filter((at) => now - at < RESTART_WINDOW_MS), now];
    if (this.restarts.length > MAX_RESTARTS) {
      this.worker = undefined;
      this.log(`the analytics thread exited ${this.restarts.length} times within a minute: analytics are off until the site restarts`);
      return;
    }
    this.log('the analytics thread exited: starting a new one');
    this.worker = this.start();
  }
}
