import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RedisSharedStore, type SharedStore } from './shared-store.ts';

/**
 * A per-client limit of `points` in a fixed window of `durationSec` that starts at the client's
 * first hit (decision 0094): rate-limiter-flexible, counted in the site's Redis when the shared
 * store is Redis (so every process counts the same window), else in this process's memory. While
 * Redis is gone, each process counts in memory on its own (the insurance limiter) rather than
 * letting every request through or refusing them all.
 */
export function createRateLimiter(options: { keyPrefix: string; points: number; durationSec: number; store?: SharedStore }): RateLimiterAbstract {
  const { keyPrefix, points, durationSec: duration, store } = options;
  const inMemory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!(store instanceof RedisSharedStore)) return inMemory;
  return new RateLimiterRedis({
    storeClient: store.client,
    keyPrefix: `${store.prefix}${keyPrefix}`,
    points,
    duration,
    // A Redis that is reconnecting is not waited for: the insurance limiter counts at once.
    rejectIfRedisNotReady: true,
    insuranceLimiter: inMemory,
  });
}

/**
 * Counts one hit for `key`: undefined when it is within the limit, else the seconds until the
 * window ends (for Retry-After). A store failure the insurance limiter could not absorb rejects.
 */
export async function overLimit(limiter: RateLimiterAbstract, key: string): Promise<number | undefined> {
  try {
    await limiter.consume(key);
    return undefined;
  } catch (refusal) {
    if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
    throw refusal;
  }
}
