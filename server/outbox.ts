import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { siteMetrics } from './metrics.ts';
import { logger } from './log.ts';

/**
 * The durable outbox (issue 8): a submission is written to SQLite (WAL, synchronous FULL) before
 * the visitor gets an answer, then delivered to its port in the background with exponential
 * back-off and jitter, honouring Retry-After, until delivered. A poison message (a permanent
 * refusal, or too many tries) is parked with its error, never dropped. One row per idempotency key:
 * a double submit or a retried post is the same submission. After a crash the rows are still
 * there, and delivery resumes on the next start.
 *
 * Several processes may share one DATA_DIR (npm run start:cluster): each round first claims its
 * due rows in one write (a lease of `leaseMs`, named by the process), so two delivery loops never
 * send the same submission; a process that dies mid-delivery leaves a lease that runs out, and
 * another takes the row over.
 */
export type DeliveryResult = { kind: 'delivered' } | { kind: 'retry'; error: string; retryAfterMs?: number } | { kind: 'permanent'; error: string };
export type Port = (payload: unknown, submission: Submission) => Promise<DeliveryResult>;

export interface Submission {
  id: number;
  reference: string;
  kind: string;
  idempotencyKey: string;
  /** Who made it (e-mail), for their own lists. */
  owner: string;
  payload: unknown;
  state: 'pending' | 'delivered' | 'parked';
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
  lastError: string | null;
}

interface Row {
  id: number;
  reference: string;
  kind: string;
  idempotency_key: string;
  owner: string;
  payload: string;
  state: Submission['state'];
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  delivered_at: number | null;
  last_error: string | null;
}

const toSubmission = (row: Row): Submission => ({
  id: row.id,
  reference: row.reference,
  kind: row.kind,
  idempotencyKey: row.idempotency_key,
  owner: row.owner,
  payload: JSON.parse(row.payload) as unknown,
  state: row.state,
  attempts: row.attempts,
  createdAt: row.created_at,
  nextAttemptAt: row.next_attempt_at,
  deliveredAt: row.delivered_at,
  lastError: row.last_error,
});

export interface OutboxOptions {
  file: string;
  /** Tries before a message that keeps failing is parked. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often due messages are looked for when nothing wakes the worker. */
  pollMs?: number;
  /** How long a claimed row is this process's to deliver (longer than any port's timeout). */
  leaseMs?: number;
}

/** Exponential back-off with ±20 % jitter, at least what the port's Retry-After asked for. */
export function nextDelay(attempts: number, options: { baseDelayMs: number; maxDelayMs: number; retryAfterMs?: number }, random = Math.random): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  const jittered = exponential * (0.8 + 0.4 * random());
  return Math.round(Math.max(jittered, options.retryAfterMs ?? 0));
}

/** A reference people can read out on the phone: VC-YYMMDD-XXXXXX. */
function newReference(now: number): string {
  const date = new Date(now).toISOString().slice(2, 10).replaceAll('-', '');
  const code = randomBytes(4).readUInt32BE(0).toString(36).toUpperCase().padStart(6, '0').slice(-6);
  return `VC-${date}-${code}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class Outbox {
  private readonly db: Database.Database;
  private readonly ports = new Map<string, Port>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  /** Names this process's claims (rows it is delivering): host, process id, and this start. */
  private readonly worker = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;

  constructor(options: OutboxOptions) {
    mkdirSync(path.dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    // Another process on the same file may hold the write lock for a moment: wait, do not fail.
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`CREATE TABLE IF NOT EXISTS submissions (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      reference TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      idempotency_key TEXT NOT NULL UNIQUE,
      owner TEXT NOT NULL DEFAULT '',
      payload TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending',
      attempts INTEGER NOT NULL DEFAULT 0,
      created_at INTEGER NOT NULL,
      next_attempt_at INTEGER NOT NULL,
      delivered_at INTEGER,
      last_error TEXT
    );
    CREATE INDEX IF NOT EXISTS submissions_due ON submissions (state, next_attempt_at);
    CREATE INDEX IF NOT EXISTS submissions_owner ON submissions (owner, created_at);`);
    // Files made before claims existed get the two columns.
    const columns = new Set((this.db.prepare('PRAGMA table_info(submissions)').all() as Array<{ name: string }>).map((column) => column.name));
    if (!columns.has('claimed_by')) this.db.exec('ALTER TABLE submissions ADD COLUMN claimed_by TEXT');
    if (!columns.has('claimed_until')) this.db.exec('ALTER TABLE submissions ADD COLUMN claimed_until INTEGER NOT NULL DEFAULT 0');
    this.leaseMs = options.leaseMs ?? 120_000;
    this.maxAttempts = options.maxAttempts ?? 25;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 5 * 60_000;
    this.pollMs = options.pollMs ?? 1000;
  }

  /**
   * Stores a submission durably (the call returns once SQLite has it on disk). The same
   * idempotency key returns the submission already stored: `created` tells which.
   */
  accept(input: { kind: string; idempotencyKey: string; owner?: string; payload: unknown }, now = Date.now()): { submission: Submission; created: boolean } {
    const existing = this.db.prepare('SELECT * FROM submissions WHERE idempotency_key = ?').get(input.idempotencyKey) as Row | undefined;
    if (existing) return { submission: toSubmission(existing), created: false };
    const reference = newReference(now);
    // The same post may reach another process at the same moment: the key decides, in SQLite.
    const inserted = this.db
      .prepare('INSERT INTO submissions (reference, kind, idempotency_key, owner, payload, created_at, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING')
      .run(reference, input.kind, input.idempotencyKey, input.owner ?? '', JSON.stringify({ ...(input.payload as object), reference }), now, now);
    if (inserted.changes === 0) return { submission: toSubmission(this.db.prepare('SELECT * FROM submissions WHERE idempotency_key = ?').get(input.idempotencyKey) as Row), created: false };
    this.kick();
    return { submission: this.byReference(reference)!, created: true };
  }

  byReference(reference: string): Submission | undefined {
    const row = this.db.prepare('SELECT * FROM submissions WHERE reference = ?').get(reference) as Row | undefined;
    return row ? toSubmission(row) : undefined;
  }

  ofOwner(owner: string, kind: string): Submission[] {
    return (this.db.prepare('SELECT * FROM submissions WHERE owner = ? AND kind = ? ORDER BY created_at DESC, id DESC').all(owner, kind) as Row[]).map(toSubmission);
  }

  /** Undelivered rows by kind and state, with the age of the oldest (the metrics read it at each scrape). */
  depth(now = Date.now()): Array<{ kind: string; state: string; rows: number; oldestAgeSeconds: number | null }> {
    const rows = this.db.prepare("SELECT kind, state, COUNT(*) AS n, MIN(created_at) AS oldest FROM submissions WHERE state != 'delivered' GROUP BY kind, state").all() as Array<{ kind: string; state: string; n: number; oldest: number | null }>;
    return rows.map((row) => ({ kind: row.kind, state: row.state, rows: row.n, oldestAgeSeconds: row.oldest === null ? null : Math.max(0, (now - row.oldest) / 1000) }));
  }

  counts(): Record<Submission['state'], number> {
    const counts = { pending: 0, delivered: 0, parked: 0 };
    for (const row of this.db.prepare('SELECT state, COUNT(*) AS n FROM submissions GROUP BY state').all() as Array<{ state: Submission['state']; n: number }>) counts[row.state] = row.n;
    return counts;
  }

  /** Registers the port that delivers one kind of submission. */
  deliver(kind: string, port: Port): void {
    this.ports.set(kind, port);
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Runs a delivery round soon (after an accept, or when the poll timer fires). */
  kick(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.round(), 0);
  }

  private async round(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    try {
      const due = this.claim(Date.now());
      await Promise.all(due.map((submission) => this.attempt(submission)));
    } finally {
      this.running = false;
      if (!this.stopped) {
        // A row another process holds is looked at again when its lease runs out, not before.
        const next = this.db.prepare("SELECT MIN(MAX(next_attempt_at, claimed_until)) AS at FROM submissions WHERE state = 'pending'").get() as { at: number | null };
        const wait = next.at === null ? this.pollMs : Math.max(10, Math.min(this.pollMs, next.at - Date.now()));
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.round(), wait);
      }
    }
  }

  /**
   * Claims due rows of the kinds this process delivers, in one write transaction: a row another
   * process holds under a live lease is not due here.
   */
  private claim(now: number): Submission[] {
    const kinds = [...this.ports.keys()];
    if (!kinds.length) return [];
    this.releaseClaimsOfTheDead(now);
    const rows = this.db
      .prepare(
        `UPDATE submissions SET claimed_by = ?, claimed_until = ?
         WHERE id IN (SELECT id FROM submissions WHERE state = 'pending' AND next_attempt_at <= ? AND claimed_until <= ? AND kind IN (${kinds.map(() => '?').join(', ')}) ORDER BY next_attempt_at LIMIT 50)
         RETURNING *`,
      )
      .all(this.worker, now + this.leaseMs, now, now, ...kinds) as Row[];
    return rows.map(toSubmission);
  }

  /**
   * A process on this machine that died (kill -9, a crash) does not make its rows wait for their
   * lease: they are released as soon as another process (or its own next start) looks.
   */
  private releaseClaimsOfTheDead(now: number): void {
    const holders = this.db.prepare("SELECT DISTINCT claimed_by AS worker FROM submissions WHERE state = 'pending' AND claimed_until > ?").all(now) as Array<{ worker: string | null }>;
    for (const { worker } of holders) {
      if (!worker || worker === this.worker) continue;
      const [host, pid] = worker.split(':');
      if (host !== hostname() || alive(Number(pid))) continue;
      this.db.prepare('UPDATE submissions SET claimed_until = 0 WHERE claimed_by = ? AND claimed_until > ?').run(worker, now);
    }
  }

  private async attempt(submission: Submission): Promise<void> {
    let result: DeliveryResult;
    try {
      result = await this.ports.get(submission.kind)!(submission.payload, submission);
    } catch (error) {
      result = { kind: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
    const attempts = submission.attempts + 1;
    // The process may have stopped (and closed the file) while this try was under way: the row
    // stays pending, released, and the next start delivers it.
    if (!this.db.open) return;
    const { deliveries } = siteMetrics();
    if (result.kind === 'delivered') {
      deliveries.inc({ kind: submission.kind, result: 'delivered' });
      this.db.prepare("UPDATE submissions SET state = 'delivered', attempts = ?, delivered_at = ?, last_error = NULL, claimed_until = 0 WHERE id = ?").run(attempts, Date.now(), submission.id);
    } else if (result.kind === 'permanent' || attempts >= this.maxAttempts) {
      deliveries.inc({ kind: submission.kind, result: 'failed' });
      logger.error({ area: 'outbox', kind: submission.kind, reference: submission.reference, attempts, error: result.error }, 'submission parked');
      this.db.prepare("UPDATE submissions SET state = 'parked', attempts = ?, last_error = ?, claimed_until = 0 WHERE id = ?").run(attempts, result.error, submission.id);
    } else {
      deliveries.inc({ kind: submission.kind, result: 'retried' });
      const delay = nextDelay(attempts, { baseDelayMs: this.baseDelayMs, maxDelayMs: this.maxDelayMs, ...(result.retryAfterMs !== undefined ? { retryAfterMs: result.retryAfterMs } : {}) });
      this.db.prepare('UPDATE submissions SET attempts = ?, next_attempt_at = ?, last_error = ?, claimed_until = 0 WHERE id = ?').run(attempts, Date.now() + delay, result.error, submission.id);
    }
  }

  /**
   * Stops delivering (rows stay): waits for a round in progress, for at most `timeoutMs`, then gives
   * up this process's claims, so another process (or the next start) delivers those rows at once
   * instead of after the lease (decision 0090). A try still under way past the bound may deliver
   * twice: the ports send the submission's idempotency key.
   */
  async stop(timeoutMs = 30_000): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const until = Date.now() + timeoutMs;
    while (this.running && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    this.releaseClaims();
  }

  /** Gives up the rows this process claimed and has not finished. */
  releaseClaims(): number {
    if (!this.db.open) return 0;
    return this.db.prepare("UPDATE submissions SET claimed_until = 0 WHERE claimed_by = ? AND state = 'pending' AND claimed_until > 0").run(this.worker).changes;
  }

  close(): void {
    this.db.close();
  }
}
