import { describe, expect, it } from 'vitest';
import { MemoryProviderStore } from './store.ts';
import { SignInThrottle } from './provider.ts';

describe('sign-in throttle', () => {
  it('holds back an account and address after 5 failures for the rest of the window; other addresses and a success reset', async () => {
    const throttle = new SignInThrottle({ perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 });
    for (let n = 0; n < 5; n += 1) {
      expect(await throttle.waitSeconds('a@x.example', '10.0.0.1')).toBe(0);
      await throttle.failed('A@x.example', '10.0.0.1');
    }
    expect(await throttle.waitSeconds('a@x.example', '10.0.0.1')).toBeGreaterThan(15 * 60 - 2);
    expect(await throttle.waitSeconds('a@x.example', '10.0.0.2')).toBe(0);
    expect(await throttle.waitSeconds('b@x.example', '10.0.0.1')).toBe(0);
    await throttle.succeeded('a@x.example', '10.0.0.1');
    expect(await throttle.waitSeconds('a@x.example', '10.0.0.1')).toBe(0);
  });

  it('lets tries through again once the window is over', async () => {
    const throttle = new SignInThrottle({ perAccount: 2, perAddress: 30, windowMs: 150 });
    await throttle.failed('a@x.example', '10.0.0.1');
    await throttle.failed('a@x.example', '10.0.0.1');
    expect(await throttle.waitSeconds('a@x.example', '10.0.0.1')).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await throttle.waitSeconds('a@x.example', '10.0.0.1')).toBe(0);
  });

  it('holds back an address spraying many accounts, counted in the store every process shares', async () => {
    const store = new MemoryProviderStore();
    const one = new SignInThrottle({ perAccount: 5, perAddress: 30, windowMs: 60_000 }, store);
    const two = new SignInThrottle({ perAccount: 5, perAddress: 30, windowMs: 60_000 }, store);
    for (let n = 0; n < 30; n += 1) await (n % 2 ? one : two).failed(`user${n}@x.example`, '10.0.0.9');
    expect(await one.waitSeconds('new@x.example', '10.0.0.9')).toBe(60);
  });
});
