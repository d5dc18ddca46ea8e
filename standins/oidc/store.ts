/**
 * Where the provider keeps its state (grants, tokens, sessions, the signing key) and the sign-in
 * throttle its counts. The launcher hands in the site's shared store, so that several site
 * processes are one provider; the provider needs only these operations of it. Values are strings;
 * every key ends.
 */
export interface ProviderStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key is absent; answers whether this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
  /** Counts one hit in a window that starts at the key's first hit: the count and the window's end. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  peek(key: string): Promise<{ count: number; resetAt: number }>;
  addToSet(key: string, member: string, ttlMs: number): Promise<void>;
  members(key: string): Promise<string[]>;
}

/**
 * The store handed in says it cannot answer (Redis gone) by an error named SharedStoreUnavailable:
 * the provider then answers 503 instead of a sign-in error.
 */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === 'SharedStoreUnavailable';
}

/** One process on its own (the CLI, unit tests): a map whose entries end. */
export class MemoryProviderStore implements ProviderStore {
  private readonly values = new Map<string, { value: string | Set<string>; until: number }>();

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
}
