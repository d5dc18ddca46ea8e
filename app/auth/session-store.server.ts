import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { SharedStore } from '../../server/shared-store.ts';

/**
 * Where signed-in sessions live (issue 19, item 7): the cookie carries only a random id, the data
 * (user, profile, times) stays here, and signing out deletes it, so a copied cookie is worth
 * nothing afterwards. Three stores behind one interface: in memory (unit tests, one process),
 * SQLite in DATA_DIR (the default: survives a restart, shared by processes on one DATA_DIR), and
 * the site's shared store when REDIS_URL is set (processes on several machines).
 */
export interface SessionStore {
  /** Stores new data under a fresh unguessable id and answers the id. */
  create(data: unknown, expiresAt: number): Promise<string>;
  /** The data, or undefined when unknown, deleted or past `expiresAt`. */
  read(id: string): Promise<unknown>;
  update(id: string, data: unknown, expiresAt: number): Promise<void>;
  delete(id: string): Promise<void>;
}

/** 256 random bits: not guessable, and the id tells nothing about its user. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, { data: unknown; expiresAt: number }>();

  async create(data: unknown, expiresAt: number): Promise<string> {
    const id = newSessionId();
    this.sessions.set(id, { data: structuredClone(data), expiresAt });
    return id;
  }

  async read(id: string): Promise<unknown> {
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    if (Date.now() >= entry.expiresAt) {
      this.sessions.delete(id);
      return undefined;
    }
    return structuredClone(entry.data);
  }

  async update(id: string, data: unknown, expiresAt: number): Promise<void> {
    this.sessions.set(id, { data: structuredClone(data), expiresAt });
  }

  async delete(id: string): Promise<void> {
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

  async create(data: unknown, expiresAt: number): Promise<string> {
    const id = newSessionId();
    this.sweep(Date.now());
    this.db.prepare('INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)').run(id, JSON.stringify(data), expiresAt);
    return id;
  }

  async read(id: string): Promise<unknown> {
    const row = this.db.prepare('SELECT data, expires_at FROM sessions WHERE id = ?').get(id) as { data: string; expires_at: number } | undefined;
    if (!row || Date.now() >= row.expires_at) return undefined;
    return JSON.parse(row.data) as unknown;
  }

  async update(id: string, data: unknown, expiresAt: number): Promise<void> {
    this.db.prepare('INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at').run(id, JSON.stringify(data), expiresAt);
  }

  async delete(id: string): Promise<void> {
    this.db.prepare('DELETE FROM sessions WHERE id = ?').run(id);
  }

  close(): void {
    this.db.close();
  }
}

/** Sessions in the site's shared store (Redis): each key ends with its session. */
export class SharedSessionStore implements SessionStore {
  constructor(private readonly shared: SharedStore) {}

  async create(data: unknown, expiresAt: number): Promise<string> {
    const id = newSessionId();
    await this.update(id, data, expiresAt);
    return id;
  }

  async read(id: string): Promise<unknown> {
    const value = await this.shared.get(`session:${id}`);
    return value === undefined ? undefined : (JSON.parse(value) as unknown);
  }

  async update(id: string, data: unknown, expiresAt: number): Promise<void> {
    const ttl = expiresAt - Date.now();
    if (ttl <= 0) return this.delete(id);
    await this.shared.set(`session:${id}`, JSON.stringify(data), ttl);
  }

  async delete(id: string): Promise<void> {
    await this.shared.delete(`session:${id}`);
  }
}
