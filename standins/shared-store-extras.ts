import { MemoryStore } from '@voltaris/memory-store/memory-store';
import { RedisSharedStore, type SharedStore } from '../server/shared-store.ts';
import type { ProviderStore } from './oidc/store.ts';

/**
 * What the stand-ins need of the site's shared store beyond what the product uses (issue 29 item
 * 5): the OpenID provider's once-only sets, sign-in throttle windows and grant indexes, and the
 * search stand-in's token bucket. They work on the same store (memory or Redis) as the site, so
 * several site processes are one provider and one search service.
 */
export interface StandInStore extends ProviderStore {
  /**
   * A token bucket: `capacity` tokens at once, refilled evenly at `perMinute`. Takes one token and
   * answers 0, or answers the milliseconds until one is there (nothing taken).
   */
  takeToken(key: string, capacity: number, perMinute: number): Promise<number>;
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

/** The extras on the site's Redis, through its connection and its SharedStoreUnavailable failures. */
class RedisStandInStore implements StandInStore {
  constructor(private readonly shared: RedisSharedStore) {}

  get(key: string) {
    return this.shared.get(key);
  }

  set(key: string, value: string, ttlMs: number) {
    return this.shared.set(key, value, ttlMs);
  }

  delete(...keys: string[]) {
    return this.shared.delete(...keys);
  }

  setIfAbsent(key: string, value: string, ttlMs: number) {
    return this.shared.setIfAbsent(key, value, ttlMs);
  }

  async hit(key: string, windowMs: number) {
    const { client } = this.shared;
    const [count, ttl] = (await this.shared.run('hit', () => client.eval(HIT, 1, this.shared.k(key), String(Math.max(1, Math.ceil(windowMs)))))) as [number, number];
    return { count, resetAt: Date.now() + Math.max(0, ttl) };
  }

  async peek(key: string) {
    const { client } = this.shared;
    const stored = this.shared.k(key);
    const [value, ttl] = await this.shared.run('get-ttl', () => Promise.all([client.get(stored), client.pttl(stored)]));
    return value === null ? { count: 0, resetAt: 0 } : { count: Number(value), resetAt: Date.now() + Math.max(0, ttl) };
  }

  async takeToken(key: string, capacity: number, perMinute: number) {
    const { client } = this.shared;
    return Number(await this.shared.run('take-token', () => client.eval(TAKE, 1, this.shared.k(key), String(capacity), String(perMinute / 60_000))));
  }

  async addToSet(key: string, member: string, ttlMs: number) {
    const { client } = this.shared;
    const stored = this.shared.k(key);
    await this.shared.run('add-member', () => client.multi().sadd(stored, member).pexpire(stored, Math.max(1, Math.ceil(ttlMs))).exec());
  }

  members(key: string) {
    const { client } = this.shared;
    return this.shared.run('members', () => client.smembers(this.shared.k(key)));
  }
}

/** The stand-ins' view of the site's shared store: the same entries, with the extra operations. */
export function standInStore(shared: SharedStore): StandInStore {
  if (shared instanceof RedisSharedStore) return new RedisStandInStore(shared);
  // Without Redis the site's store is the memory store, which has every operation itself.
  if (shared instanceof MemoryStore) return shared;
  throw new Error(`the stand-ins cannot use a shared store of kind ${shared.kind}`);
}
