import { describe, expect, it } from 'vitest';
import { SignInThrottle } from './provider.ts';

describe('sign-in throttle', () => {
  it('holds back an account and address after 5 failures for the rest of the window; other addresses and a success reset', () => {
    const throttle = new SignInThrottle({ perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 });
    const now = 1_000_000;
    for (let n = 0; n < 5; n += 1) {
      expect(throttle.waitSeconds('a@x.example', '10.0.0.1', now)).toBe(0);
      throttle.failed('A@x.example', '10.0.0.1', now);
    }
    expect(throttle.waitSeconds('a@x.example', '10.0.0.1', now + 1000)).toBe(15 * 60 - 1);
    expect(throttle.waitSeconds('a@x.example', '10.0.0.2', now)).toBe(0);
    expect(throttle.waitSeconds('b@x.example', '10.0.0.1', now)).toBe(0);
    expect(throttle.waitSeconds('a@x.example', '10.0.0.1', now + 15 * 60_000)).toBe(0);
  });

  it('holds back an address spraying many accounts', () => {
    const throttle = new SignInThrottle({ perAccount: 5, perAddress: 30, windowMs: 60_000 });
    for (let n = 0; n < 30; n += 1) throttle.failed(`user${n}@x.example`, '10.0.0.9', 0);
    expect(throttle.waitSeconds('new@x.example', '10.0.0.9', 0)).toBe(60);
  });
});
