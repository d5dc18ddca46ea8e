import { Redis } from 'ioredis';
import { outsideCall } from '../app/lib/tracing.server.ts';
import { MemoryStore } from '@voltaris/memory-store/memory-store';

/**
 * What several site processes must agree on (issue 20 item 4): sessions, the embedded provider's
 * grants and tokens, rate-limit windows, facet-freeze memory, recently opened results. With
 * REDIS_URL set every process reads and writes one Redis; unset, a process keeps them in its own
 * memory (one process, as `npm start` runs it). Values are strings (JSON); every key ends.
 */
export interface SharedStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Sets only when the key is absent; answers whether this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
  /**
   * Counts one hit in a fixed window that starts at the key's first hit and lasts `windowMs`:
   * answers the count including this hit and when the window ends.
   */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** The count and end of a window without counting (0 when none is open). */
  peek(key: string): Promise<{ count: number; resetAt: number }>;
  /**
   * A token bucket: `capacity` tokens at once, refilled evenly at `perMinute`. Takes one token and
   * answers 0, or answers the milliseconds until one is there (nothing taken).
   */
  takeToken(key: string, capacity: number, perMinute: number): Promise<number>;
  /** Members of a set (the provider's grant index); each add renews the set's life. */
  addToSet(key: string, member: string, ttlMs: number): Promise<void>;
  members(key: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The shared store cannot be reached (Redis stopped, or not answering): what needs it cannot work
 * now, and says so with 503 (app/lib/faults.server.ts) rather than as a fault of the page.
 */
export class SharedStoreUnavailable extends Error {
  override readonly name = 'SharedStoreUnavailable';
  readonly status = 503;
}

/**
 * By name, not instanceof: the server's own modules and the Remix build each have a copy of this
 * class (the build bundles what app/ imports).
 */
export function isSharedStoreUnavailable(error: unknown): error is SharedStoreUnavailable {
  return error instanceof Error && error.name === 'SharedStoreUnavailable';
}

/** One process: a bounded map whose entries end like Redis keys do. */
export class MemorySharedStore extends MemoryStore implements SharedStore {
  readonly kind = 'memory';
}

// INCR then PEXPIRE only on the window's first hit, in one step: two processes counting at the
// same moment can neither lose a hit nor restart each other's window.
const HIT = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

// The bucket's level and time in one step, on Redis's clock, so processes with skewed clocks agree.
const TAKE = `local now = redis.call('TIME')
local ms = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
local capacity = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or ms
tokens = math.min(capacity, tokens + (ms - at) * perMs)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) / perMs) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(ms))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / perMs))
return wait`;

export class RedisSharedStore implements SharedStore {
  readonly kind = 'redis';
  private readonly redis: Redis;

  /** `prefix` keeps several sites (or test runs) apart on one Redis. */
  constructor(
    url: string,
    private readonly prefix = 'site:',
  ) {
    // A request must not hang on a Redis that is gone: fail fast, and reconnect in the background.
    // commandTimeout covers a Redis that accepts connections but no longer answers.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 2000, commandTimeout: 1000, lazyConnect: false });
    // One line when it goes and one when it is back, not one per reconnection attempt.
    this.redis.on('error', (error: Error) => {
      if (this.down) return;
      this.down = true;
      console.error(`[shared-store] redis unavailable: ${error.message}; sessions and sign-in answer 503 until it is back`);
    });
    this.redis.on('ready', () => {
      if (!this.down) return;
      this.down = false;
      console.info('[shared-store] redis is back');
    });
  }

  /** Set on an error, cleared when the connection is ready again. */
  private down = false;

  /**
   * A command while Redis is known to be gone fails at once rather than waiting in the offline
   * queue for reconnection attempts; any failure is a SharedStoreUnavailable.
   */
  private async run<T>(operation: string, command: () => Promise<T>): Promise<T> {
    if (this.down && this.redis.status !== 'ready') throw new SharedStoreUnavailable(`redis is ${this.redis.status}`);
    try {
      return await outsideCall('redis', operation, command);
    } catch (error) {
      throw new SharedStoreUnavailable(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  /** Whether the connection is up (for the site_redis_up metric). */
  isUp(): boolean {
    return this.redis.status === 'ready';
  }

  private k(key: string) {
    return `${this.prefix}${key}`;
  }

  async get(key: string) {
    return (await this.run('get', () => this.redis.get(this.k(key)))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs: number) {
    await this.run('set', () => this.redis.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs))));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.run('set-nx', () => this.redis.set(this.k(key), value, 'PX', Math.max(1, Math.ceil(ttlMs)), 'NX'))) === 'OK';
  }

  async delete(...keys: string[]) {
    if (keys.length) await this.run('del', () => this.redis.del(...keys.map((key) => this.k(key))));
  }

  async hit(key: string, windowMs: number) {
    const [count, ttl] = (await this.run('hit', () => this.redis.eval(HIT, 1, this.k(key), String(Math.max(1, Math.ceil(windowMs)))))) as [number, number];
    return { count, resetAt: Date.now() + Math.max(0, ttl) };
  }

  async peek(key: string) {
    const [value, ttl] = await this.run('get-ttl', () => Promise.all([this.redis.get(this.k(key)), this.redis.pttl(this.k(key))]));
    return value === null ? { count: 0, resetAt: 0 } : { count: Number(value), resetAt: Date.now() + Math.max(0, ttl) };
  }

  async takeToken(key: string, capacity: number, perMinute: number) {
    return Number(await this.run('take-token', () => this.redis.eval(TAKE, 1, this.k(key), String(capacity), String(perMinute / 60_000))));
  }

  async addToSet(key: string, member: string, ttlMs: number) {
    await this.run('add-member', () => this.redis.multi().sadd(this.k(key), member).pexpire(this.k(key), Math.max(1, Math.ceil(ttlMs))).exec());
  }

  async members(key: string) {
    return this.run('members', () => this.redis.smembers(this.k(key)));
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createSharedStore(redisUrl: string | undefined, prefix?: string): SharedStore {
  return redisUrl ? new RedisSharedStore(redisUrl, prefix) : new MemorySharedStore();
}
