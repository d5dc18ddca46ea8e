import { LRUCache } from 'lru-cache';

/**
 * One process's store: a bounded map whose entries end like Redis keys do (the oldest go first
 * past `max`). Values are strings, or sets of strings; every key ends. The site uses it when no
 * Redis is configured, the OpenID stand-in when it runs on its own.
 */
export class MemoryStore {
  private readonly values: LRUCache<string, { value: string | Set<string>; until: number }>;

  constructor({ max = 200_000 }: { max?: number } = {}) {
    this.values = new LRUCache({ max });
  }

  private live(key: string, now = Date.now()) {
    const entry = this.values.get(key);
    if (entry && entry.until <= now) {
      this.values.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string) {
    const value = this.live(key)?.value;
    return typeof value === 'string' ? value : undefined;
  }

  async set(key: string, value: string, ttlMs: number) {
    this.values.set(key, { value, until: Date.now() + ttlMs });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    await this.set(key, value, ttlMs);
    return true;
  }

  async delete(...keys: string[]) {
    for (const key of keys) this.values.delete(key);
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    const entry = this.live(key, now);
    const count = (entry ? Number(entry.value) : 0) + 1;
    const until = entry?.until ?? now + windowMs;
    this.values.set(key, { value: String(count), until });
    return { count, resetAt: until };
  }

  async peek(key: string) {
    const entry = this.live(key);
    return entry ? { count: Number(entry.value), resetAt: entry.until } : { count: 0, resetAt: 0 };
  }

  async takeToken(key: string, capacity: number, perMinute: number) {
    const now = Date.now();
    const perMs = perMinute / 60_000;
    const entry = this.live(key, now);
    const [tokens, at] = typeof entry?.value === 'string' ? (entry.value.split(':').map(Number) as [number, number]) : [capacity, now];
    const filled = Math.min(capacity, tokens + (now - at) * perMs);
    const ttl = Math.ceil(capacity / perMs);
    if (filled >= 1) {
      this.values.set(key, { value: `${filled - 1}:${now}`, until: now + ttl });
      return 0;
    }
    this.values.set(key, { value: `${filled}:${now}`, until: now + ttl });
    return Math.ceil((1 - filled) / perMs);
  }

  async addToSet(key: string, member: string, ttlMs: number) {
    const entry = this.live(key);
    const set = entry?.value instanceof Set ? entry.value : new Set<string>();
    set.add(member);
    this.values.set(key, { value: set, until: Date.now() + ttlMs });
  }

  async members(key: string) {
    const value = this.live(key)?.value;
    return value instanceof Set ? [...value] : [];
  }

  async close() {
    this.values.clear();
  }
}
