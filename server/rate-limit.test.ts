import { afterAll, describe, expect, it, vi } from 'vitest';
import { createRateLimiter, overLimit } from './rate-limit.ts';
import { MemorySharedStore, RedisSharedStore } from './shared-store.ts';

describe('the rate limits (decision 0094)', () => {
  it('lets `points` hits through in the window, then answers the seconds until it ends', async () => {
    const limiter = createRateLimiter({ keyPrefix: 'test', points: 2, durationSec: 60, store: new MemorySharedStore() });
    expect(await overLimit(limiter, 'a')).toBeUndefined();
    expect(await overLimit(limiter, 'a')).toBeUndefined();
    const retryAfter = await overLimit(limiter, 'a');
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another client has its own window.
    expect(await overLimit(limiter, 'b')).toBeUndefined();
  });

  describe('with a Redis that does not answer', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Nothing listens on port 1: the connection is never ready.
    const store = new RedisSharedStore('redis://127.0.0.1:1');
    afterAll(() => store.close());

    it('counts in memory at once (the insurance limiter) instead of failing or letting all through', async () => {
      const limiter = createRateLimiter({ keyPrefix: 'test', points: 1, durationSec: 60, store });
      const started = Date.now();
      expect(await overLimit(limiter, 'a')).toBeUndefined();
      expect(await overLimit(limiter, 'a')).toBeGreaterThan(0);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  });
});
