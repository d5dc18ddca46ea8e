import type { Socket } from 'node:net';
import { buildConnector, Pool } from 'undici';
import { ProblemReporter } from './problem-reporter.ts';
import type { AnalyticsKind, UsageAnalytics, UsageAnalyticsStats } from '../load-context.ts';

export interface UsageAnalyticsTarget {
  /** The analytics base, e.g. `https://analytics.cloud.coveo.com/rest/ua`. */
  url: string;
  organizationId: string;
  accessToken: string;
}

export interface UsageAnalyticsOptions {
  target: () => UsageAnalyticsTarget;
  /** Posts on the wire at once. */
  maxInFlight?: number;
  /**
   * Posts sent one after the other on a connection without waiting for the answers (HTTP/1.1
   * pipelining); connections are maxInFlight / pipelining. 1 sends one post per connection at a time.
   */
  pipelining?: number;
  /** Posts waiting beyond that; when full, the oldest is dropped and counted. */
  maxQueued?: number;
  /** Search events wait this long, or until there are searchBatchMax of them, and go as one post. */
  searchBatchMs?: number;
  searchBatchMax?: number;
  timeoutMs?: number;
  log?: (message: string) => void;
}

/** Where posts go: a connection pool per origin, and the base path, found once per analytics base. */
interface Origin {
  pool: Pool;
  basePath: string;
  sockets: Set<Socket>;
}

interface Post {
  label: string;
  origin: Origin;
  /** Path and query under the origin. */
  path: string;
  accessToken: string;
  payload: string;
  /** How many events the post carries (a search batch carries many). */
  events: number;
}

/**
 * The usage-analytics port (REQ-COVEO-16; decisions 0025, 0032): Coveo's UA v15 write API, posted from
 * the server over keep-alive connections (undici), pipelined when `pipelining` is above 1: under
 * load, many posts then leave in one write. A page view costs one post (UA v15 has no batch for views);
 * search events go together to its one batch endpoint, `searches`. At most maxInFlight posts are on
 * the wire; the rest wait in a bounded queue, and when that is full the oldest is dropped and
 * counted: analytics are best effort and must never slow the pages they describe.
 */
export class UsageAnalyticsPort implements UsageAnalytics {
  private readonly maxInFlight: number;
  private readonly maxQueued: number;
  private readonly searchBatchMs: number;
  private readonly searchBatchMax: number;
  private readonly timeoutMs: number;
  private readonly log: (message: string) => void;
  private readonly pipelining: number;
  private readonly origins = new Map<string, Origin>();
  private readonly queue: Post[] = [];
  private queueStart = 0;
  private inFlight = 0;
  private searchBatch: { target: UsageAnalyticsTarget; events: string[] } | undefined;
  private batchTimer: NodeJS.Timeout | undefined;
  private idle: Array<() => void> = [];
  private closed = false;
  private readonly counts = { sent: 0, refused: 0, failed: 0, dropped: 0 };
  private readonly problems: ProblemReporter;

  constructor(private readonly options: UsageAnalyticsOptions) {
    this.maxInFlight = options.maxInFlight ?? 128;
    this.pipelining = Math.max(1, Math.min(options.pipelining ?? 1, this.maxInFlight));
    this.maxQueued = options.maxQueued ?? 20_000;
    this.searchBatchMs = options.searchBatchMs ?? 100;
    this.searchBatchMax = options.searchBatchMax ?? 200;
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.log = options.log ?? ((message) => console.warn(`[analytics] ${message}`));
    this.problems = new ProblemReporter(this.log);
  }

  /** Events by outcome; `queued` and `inFlight` are posts, the others events. */
  get stats(): UsageAnalyticsStats {
    return { ...this.counts, queued: this.queue.length - this.queueStart, inFlight: this.inFlight };
  }

  send(kind: AnalyticsKind, visitorId: string, body: Record<string, unknown>): void {
    this.sendJson(kind, visitorId, JSON.stringify({ ...body, clientId: visitorId }));
  }

  /** Sends an event already serialized, its clientId included (how events come from another thread). */
  sendJson(kind: AnalyticsKind, visitorId: string, event: string): void {
    if (this.closed) {
      this.counts.dropped += 1;
      return;
    }
    const target = this.options.target();
    if (kind === 'search') {
      const batch = this.searchBatch && sameTarget(this.searchBatch.target, target) ? this.searchBatch : this.startBatch(target);
      batch.events.push(event);
      if (batch.events.length >= this.searchBatchMax) this.flushSearchBatch();
      else this.batchTimer ??= setTimeout(() => this.flushSearchBatch(), this.searchBatchMs);
      return;
    }
    const origin = this.originOf(target.url);
    const path = `${origin.basePath}/v15/analytics/${kind}?visitor=${encodeURIComponent(visitorId)}&org=${encodeURIComponent(target.organizationId)}`;
    this.enqueue({ label: `${kind} event`, origin, path, accessToken: target.accessToken, payload: event, events: 1 });
  }

  /**
   * Sends what is batched and waits up to `withinMs` for the posts to finish; what is still
   * waiting then is dropped, counted and reported once.
   */
  async close(withinMs = 2000): Promise<void> {
    this.flushSearchBatch();
    this.closed = true;
    if (this.inFlight > 0 || this.queue.length > this.queueStart) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, withinMs);
        this.idle.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    let abandoned = 0;
    for (let at = this.queueStart; at < this.queue.length; at += 1) abandoned += this.queue[at]!.events;
    this.queue.length = 0;
    this.queueStart = 0;
    if (abandoned > 0) {
      this.counts.dropped += abandoned;
      this.log(`${abandoned} event(s) not sent before shutting down`);
    }
    await Promise.all([...this.origins.values()].map((origin) => origin.pool.destroy()));
    this.origins.clear();
  }

  private originOf(base: string): Origin {
    let origin = this.origins.get(base);
    if (!origin) {
      const url = new URL(base);
      const sockets = new Set<Socket>();
      const connect = buildConnector({});
      const pool = new Pool(url.origin, {
        connections: Math.ceil(this.maxInFlight / this.pipelining),
        pipelining: this.pipelining,
        connect: (options, callback) =>
          connect(options, (error, socket) => {
            if (socket) {
              sockets.add(socket as Socket);
              socket.once('close', () => sockets.delete(socket as Socket));
            }
            callback(error, socket as never);
          }),
      });
      origin = { pool, basePath: url.pathname.replace(/\/$/, ''), sockets };
      this.origins.set(base, origin);
    }
    return origin;
  }

  private startBatch(target: UsageAnalyticsTarget) {
    this.flushSearchBatch();
    this.searchBatch = { target, events: [] };
    return this.searchBatch;
  }

  private flushSearchBatch(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    const batch = this.searchBatch;
    this.searchBatch = undefined;
    if (!batch || batch.events.length === 0) return;
    const origin = this.originOf(batch.target.url);
    const path = `${origin.basePath}/v15/analytics/searches?org=${encodeURIComponent(batch.target.organizationId)}`;
    this.enqueue({ label: 'search batch', origin, path, accessToken: batch.target.accessToken, payload: `[${batch.events.join(',')}]`, events: batch.events.length });
  }

  private enqueue(post: Post): void {
    if (this.queue.length - this.queueStart >= this.maxQueued) {
      const oldest = this.queue[this.queueStart]!;
      this.queueStart += 1;
      this.counts.dropped += oldest.events;
      this.problems.report('queue full: oldest event(s) dropped', oldest.events);
    }
    this.queue.push(post);
    this.pump();
  }

  private corked = new Set<Socket>();

  /**
   * Posts started in one turn of the event loop leave in one write per connection: the sockets
   * stay corked until the turn ends (undici writes each post with its own cork and uncork, which
   * nest in this one). It matters under load, when connections are busy; to an idle connection
   * undici writes a turn later anyway (it first checks the socket was not closed meanwhile).
   */
  private holdWrites(origin: Origin): void {
    if (this.corked.size === 0 && origin.sockets.size > 0) {
      setImmediate(() => {
        for (const socket of this.corked) socket.uncork();
        this.corked.clear();
      });
    }
    for (const socket of origin.sockets) {
      if (this.corked.has(socket)) continue;
      socket.cork();
      this.corked.add(socket);
    }
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queueStart < this.queue.length) {
      const post = this.queue[this.queueStart]!;
      if (this.pipelining > 1) this.holdWrites(post.origin);
      this.queueStart += 1;
      this.inFlight += 1;
      this.deliver(post);
    }
    // A queue read from its start: compact it now and then rather than shift() per post.
    if (this.queueStart > 1024 && this.queueStart * 2 > this.queue.length) {
      this.queue.splice(0, this.queueStart);
      this.queueStart = 0;
    }
    if (this.inFlight === 0 && this.queueStart >= this.queue.length) for (const resolve of this.idle.splice(0)) resolve();
  }

  private deliver(post: Post): void {
    let settled = false;
    const done = (outcome: 'sent' | 'refused' | 'failed', detail?: string) => {
      if (settled) return;
      settled = true;
      this.counts[outcome] += post.events;
      if (outcome !== 'sent') this.problems.report(`${post.label} ${outcome === 'refused' ? 'refused' : 'not sent'}: ${detail}`, post.events);
      this.inFlight -= 1;
      this.pump();
    };
    let status = 0;
    // dispatch with a handler rather than request(): no promise and no body stream per post,
    // whose answer (a few bytes) is only looked at for its status.
    post.origin.pool.dispatch(
      {
        path: post.path,
        method: 'POST',
        // Lets undici pipeline the posts. A post lost with its connection is counted as failed and
        // never sent again, so no event is logged twice.
        idempotent: true,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${post.accessToken}` },
        body: post.payload,
      },
      {
        onConnect: () => {},
        onHeaders: (statusCode) => {
          status = statusCode;
          return true;
        },
        onData: () => true,
        onComplete: () => (status >= 200 && status < 300 ? done('sent') : done('refused', String(status))),
        onError: (error) => done('failed', error.message),
      },
    );
  }
}

function sameTarget(a: UsageAnalyticsTarget, b: UsageAnalyticsTarget): boolean {
  return a.url === b.url && a.organizationId === b.organizationId && a.accessToken === b.accessToken;
}
