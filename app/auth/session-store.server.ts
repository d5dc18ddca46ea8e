import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Where signed-in sessions live (issue 19, item 7): the cookie carries only a random id, the data
 * (user, profile, times) stays here, and signing out deletes it, so a copied cookie is worth
 * nothing afterwards. Two stores behind one interface: in memory (unit tests, one process) and
 * SQLite in DATA_DIR (the site's default: survives a restart, shared by processes on one DATA_DIR).
 */
export interface SessionStore {
  /** Stores new data under a fresh unguessable id and answers the id. */
  create(data: unknown, expiresAt: number): string;
  /** The data, or undefined when unknown, deleted or past `expiresAt`. */
  read(id: string): unknown;
  update(id: string, data: unknown, expiresAt: number): void;
  delete(id: string): void;
}

/** 256 random bits: not guessable, and the id tells nothing about its user. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { data: unknown; expiresAt: number }>();

  create(data: unknown, expiresAt: number): string {
    const id = newSessionId();
    this.sessions.set(id, { data: structuredClone(data), expiresAt });
    return id;
  }

  read(id: string): unknown {
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    if (Date.now() >= entry.expiresAt) {
      this.sessions.delete(id);
      return undefined;
    }
    return structuredClone(entry.data);
  }

  update(id: string, data: unknown, expiresAt: number): void {
    this.sessions.set(id, { data: structuredClone(data), expiresAt });
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }
}

export class SqliteSessionStore implements SessionStore {
  private readonly db: Database.Database;
  private lastSweep = 0;

  constructor(file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    // WAL lets another process on the same DATA_DIR read while this one writes.
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 2000');
    this.db.exec('CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at INTEGER NOT NULL); CREATE INDEX IF NOT EXISTS sessions_expiry ON sessions (expires_at);');
  }

  private sweep(now: number) {
    // Ended sessions are removed now and then, not on every request.
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    this.db.prepare('DELETE FROM sessions WHERE expires_at <= ?').run(now);
  }

  create(data: unknown, expiresAt: number): string {
    const id = newSessionId();
    this.sweep(Date.now());
    this.db.prepare('INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)').run(id, JSON.stringify(data), expiresAt);
    return id;
  }

  read(id: string): unknown {
    const row = this.db.prepare('SELECT data, expires_at FROM sessions WHERE id = ?').get(id) as { data: string; expires_at: number } | undefined;
    if (!row || Date.now() >= row.expires_at) return undefined;
    return JSON.parse(row.data) as unknown;
  }

  update(id: string, data: unknown, expiresAt: number): void {
    this.db.prepare('INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at').run(id, JSON.stringify(data), expiresAt);
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
  }

  close(): void {
    this.db.close();
  }
}
