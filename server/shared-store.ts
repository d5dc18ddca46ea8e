import { Redis } from 'ioredis';
import { outsideCall } from './outside-call.ts';
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
  /** Sets the value only when the key has none; true when it did (a search recorded once, decision 0082). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  delete(...keys: string[]): Promise<void>;
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
 * One process: a bounded map whose entries end like Redis keys do. (The class has more operations,
 * which only the stand-ins use, through standins/shared-store-extras.ts.)
 */
export class MemorySharedStore extends MemoryStore implements SharedStore {
  readonly kind = 'memory';
}

export class RedisSharedStore implements SharedStore {
  readonly kind = 'redis';
  /**
   * The connection, for what speaks Redis itself through it: the rate limits (server/rate-limit.ts)
   * and the stand-ins' extra operations (standins/shared-store-extras.ts). Their keys begin with `prefix`.
   */
  readonly client: Redis;
  private get redis() {
    return this.client;
  }

  /** `prefix` keeps several sites (or test runs) apart on one Redis. */
  constructor(
    url: string,
    readonly prefix = 'site:',
  ) {
    // A request must not hang on a Redis that is gone: fail fast, and reconnect in the background.
    // commandTimeout covers a Redis that accepts connections but no longer answers.
    this.client = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, connectTimeout: 2000, commandTimeout: 1000, lazyConnect: false });
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
  async run<T>(operation: string, command: () => Promise<T>): Promise<T> {
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

  /** The key as stored: with this site's prefix. */
  k(key: string) {
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

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

export function createSharedStore(redisUrl: string | undefined, prefix?: string): SharedStore {
  return redisUrl ? new RedisSharedStore(redisUrl, prefix) : new MemorySharedStore();
}
