import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nextDelay, Outbox, type DeliveryResult } from '../../server/outbox.ts';

const dirs: string[] = [];
function outbox(options: Partial<ConstructorParameters<typeof Outbox>[0]> = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  dirs.push(dir);
  return new Outbox({ file: path.join(dir, 'outbox.sqlite'), baseDelayMs: 20, maxDelayMs: 200, pollMs: 20, ...options });
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the durable outbox', () => {
  it('stores one submission per idempotency key, with a reference', () => {
    const box = outbox();
    const first = box.accept({ kind: 'sample-request', idempotencyKey: 'k-1', owner: 'a@x.example', payload: { parts: [1] } });
    const again = box.accept({ kind: 'sample-request', idempotencyKey: 'k-1', owner: 'a@x.example', payload: { parts: [2] } });
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.submission.reference).toBe(first.submission.reference);
    expect(first.submission.reference).toMatch(/^VC-\d{6}-[0-9A-Z]{6}$/);
    expect(box.ofOwner('a@x.example', 'sample-request')).toHaveLength(1);
    box.close();
  });

  it('retries with back-off until delivered, honouring Retry-After', async () => {
    const box = outbox();
    const calls: number[] = [];
    const answers: DeliveryResult[] = [{ kind: 'retry', error: '500' }, { kind: 'retry', error: '429', retryAfterMs: 150 }, { kind: 'delivered' }];
    box.deliver('mail', async () => {
      calls.push(Date.now());
      return answers.shift()!;
    });
    box.start();
    const { submission } = box.accept({ kind: 'mail', idempotencyKey: 'k-2', payload: {} });
    await until(() => box.byReference(submission.reference)!.state === 'delivered');
    expect(calls).toHaveLength(3);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(140);
    expect(box.byReference(submission.reference)!.attempts).toBe(3);
    await box.stop();
    box.close();
  });

  it('parks a poison message with its error instead of dropping it', async () => {
    const box = outbox({ maxAttempts: 3 });
    box.deliver('bad', async () => ({ kind: 'permanent', error: '400 bad payload' }));
    box.deliver('flaky', async () => ({ kind: 'retry', error: 'timeout' }));
    box.start();
    const bad = box.accept({ kind: 'bad', idempotencyKey: 'k-3', payload: {} }).submission;
    const flaky = box.accept({ kind: 'flaky', idempotencyKey: 'k-4', payload: {} }).submission;
    await until(() => box.byReference(bad.reference)!.state === 'parked' && box.byReference(flaky.reference)!.state === 'parked');
    expect(box.byReference(bad.reference)).toMatchObject({ state: 'parked', lastError: '400 bad payload', attempts: 1 });
    expect(box.byReference(flaky.reference)).toMatchObject({ state: 'parked', attempts: 3 });
    await box.stop();
    box.close();
  });

  it('keeps undelivered submissions across a reopening', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const file = path.join(dir, 'outbox.sqlite');
    const first = new Outbox({ file });
    const { submission } = first.accept({ kind: 'sample-request', idempotencyKey: 'k-5', payload: { a: 1 } });
    first.close();
    const second = new Outbox({ file, pollMs: 20 });
    let delivered = 0;
    second.deliver('sample-request', async () => ((delivered += 1), { kind: 'delivered' }));
    second.start();
    await until(() => second.byReference(submission.reference)!.state === 'delivered');
    expect(delivered).toBe(1);
    await second.stop();
    second.close();
  });

  it('delivers each submission once when two processes on one DATA_DIR run their delivery loops', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const file = path.join(dir, 'outbox.sqlite');
    const boxes = [new Outbox({ file, pollMs: 5 }), new Outbox({ file, pollMs: 5 })];
    const deliveries = new Map<string, number>();
    for (const box of boxes) {
      box.deliver('marketing-form', async (_payload, submission) => {
        deliveries.set(submission.reference, (deliveries.get(submission.reference) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 15));
        return { kind: 'delivered' };
      });
      box.start();
    }
    // Each post reaches one process, its retry the other: one row, one delivery.
    const references = new Set<string>();
    for (let n = 0; n < 40; n += 1) {
      const key = `k-${n}`;
      references.add(boxes[n % 2]!.accept({ kind: 'marketing-form', idempotencyKey: key, payload: { n } }).submission.reference);
      expect(boxes[(n + 1) % 2]!.accept({ kind: 'marketing-form', idempotencyKey: key, payload: { n } }).created).toBe(false);
      if (n % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await until(() => boxes[0]!.counts().delivered === 40, 10_000);
    expect(references.size).toBe(40);
    expect([...deliveries.keys()].sort()).toEqual([...references].sort());
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    for (const box of boxes) {
      await box.stop();
      box.close();
    }
  });

  it('a stop that outlasts a delivery in flight gives up its claim: the next start delivers at once, not after the lease', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const file = path.join(dir, 'outbox.sqlite');
    // A lease far longer than the test: only a released claim lets the second outbox deliver.
    const stopping = new Outbox({ file, pollMs: 20, leaseMs: 600_000 });
    let started = false;
    stopping.deliver('slow', () => {
      started = true;
      return new Promise<DeliveryResult>(() => {});
    });
    stopping.start();
    const { submission } = stopping.accept({ kind: 'slow', idempotencyKey: 'k-stop', payload: {} });
    await until(() => started);
    expect(stopping.depth()).toEqual([{ kind: 'slow', state: 'pending', rows: 1, oldestAgeSeconds: expect.any(Number) as number }]);
    await stopping.stop(50);
    stopping.close();

    const next = new Outbox({ file, pollMs: 20, leaseMs: 600_000 });
    next.deliver('slow', async () => ({ kind: 'delivered' }));
    next.start();
    await until(() => next.byReference(submission.reference)!.state === 'delivered', 2000);
    expect(next.depth()).toEqual([]);
    await next.stop();
    next.close();
  });

  it('backs off exponentially with jitter, capped, never sooner than Retry-After', () => {
    expect(nextDelay(1, { baseDelayMs: 1000, maxDelayMs: 60_000 }, () => 0.5)).toBe(1000);
    expect(nextDelay(4, { baseDelayMs: 1000, maxDelayMs: 60_000 }, () => 0.5)).toBe(8000);
    expect(nextDelay(30, { baseDelayMs: 1000, maxDelayMs: 60_000 }, () => 1)).toBe(72_000);
    expect(nextDelay(1, { baseDelayMs: 1000, maxDelayMs: 60_000, retryAfterMs: 30_000 }, () => 0)).toBe(30_000);
  });
});
