import { describe, expect, it } from 'vitest';
import { MemorySharedStore } from '../server/shared-store.ts';
import { standInStore } from './shared-store-extras.ts';

// The in-process store stands in for Redis when REDIS_URL is unset: same answers, same expiry.
// (RedisSharedStore is exercised by tests/integration/cluster.test.ts against a real redis-server.)
describe('the stand-ins\' operations on the in-process shared store', () => {
  it('ends values at their time, and sets once with setIfAbsent', async () => {
    const store = standInStore(new MemorySharedStore());
    await store.set('a', '1', 50);
    expect(await store.get('a')).toBe('1');
    expect(await store.setIfAbsent('a', '2', 1000)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(await store.get('a')).toBeUndefined();
    expect(await store.setIfAbsent('a', '3', 1000)).toBe(true);
    expect(await store.get('a')).toBe('3');
  });

  it('counts hits in a window that starts at the first hit and does not move', async () => {
    const store = standInStore(new MemorySharedStore());
    const first = await store.hit('w', 60_000);
    const second = await store.hit('w', 60_000);
    expect([first.count, second.count]).toEqual([1, 2]);
    expect(second.resetAt).toBe(first.resetAt);
    expect(await store.peek('w')).toEqual({ count: 2, resetAt: first.resetAt });
    expect(await store.peek('none')).toEqual({ count: 0, resetAt: 0 });
  });

  it('gives a bucket\'s tokens at once, then says how long until the next one', async () => {
    const store = standInStore(new MemorySharedStore());
    for (let n = 0; n < 3; n += 1) expect(await store.takeToken('b', 3, 60)).toBe(0);
    const wait = await store.takeToken('b', 3, 60);
    // 60 a minute: one a second.
    expect(wait).toBeGreaterThan(900);
    expect(wait).toBeLessThanOrEqual(1000);
  });

  it('keeps sets, and deletes several keys at once', async () => {
    const store = standInStore(new MemorySharedStore());
    await store.addToSet('s', 'x', 1000);
    await store.addToSet('s', 'y', 1000);
    expect((await store.members('s')).sort()).toEqual(['x', 'y']);
    await store.set('k', 'v', 1000);
    await store.delete('s', 'k');
    expect(await store.members('s')).toEqual([]);
    expect(await store.get('k')).toBeUndefined();
  });
});
