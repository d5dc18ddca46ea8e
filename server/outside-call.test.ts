import { describe, expect, it } from 'vitest';
import { serverTimingMs } from './outside-call.ts';

describe("an outside service's Server-Timing", () => {
  it('reads the duration of one metric, with or without a description', () => {
    expect(serverTimingMs('app;dur=4.25')).toBe(4.25);
    expect(serverTimingMs('app;desc="search engine";dur=12')).toBe(12);
    expect(serverTimingMs('app; dur = "3.5"')).toBe(3.5);
  });

  it("takes the largest of several metrics: a service's total covers its phases", () => {
    expect(serverTimingMs('db;dur=2.1, cache;desc=hit, total;dur=7.4, render;dur=3')).toBe(7.4);
  });

  it('is undefined without a header or without a duration in it', () => {
    expect(serverTimingMs(null)).toBeUndefined();
    expect(serverTimingMs('')).toBeUndefined();
    expect(serverTimingMs('cache;desc="hit"')).toBeUndefined();
  });
});
