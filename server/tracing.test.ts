import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, trace, TraceFlags } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carriesTrace, startTracing } from './tracing.ts';

// Tracing off (the default): no span is recorded, yet any fetch made while a request's trace is
// active carries it on (decision 0095): remix-auth's token exchange is such a fetch.
const tracing = startTracing({ env: { NODE_ENV: 'test' } });
const received: IncomingHttpHeaders[] = [];
const service = createServer((req, res) => {
  received.push(req.headers);
  res.end('ok');
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(service.address() as AddressInfo).port}/token`;
});
afterAll(async () => {
  await tracing.shutdown();
  await new Promise((resolve) => service.close(resolve));
});

const requestTrace = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: TraceFlags.SAMPLED };

describe('fetch under a request trace, tracing off', () => {
  it('sends the trace on in traceparent', async () => {
    received.length = 0;
    await context.with(trace.setSpanContext(context.active(), requestTrace), async () => (await fetch(url, { method: 'POST', body: 'code=x' })).text());
    expect(received[0]!.traceparent).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-[0-9a-f]{16}-01$/);
  });

  it("leaves a traceparent the caller set alone (one header, the caller's)", async () => {
    received.length = 0;
    const own = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await context.with(trace.setSpanContext(context.active(), requestTrace), async () => (await fetch(url, { headers: { traceparent: own } })).text());
    expect(received[0]!.traceparent).toBe(own);
  });

  it('sends none outside a request', async () => {
    received.length = 0;
    await (await fetch(url)).text();
    expect(received[0]!.traceparent).toBeUndefined();
  });
});

describe('carriesTrace', () => {
  it("reads undici's header list and its older header string", () => {
    expect(carriesTrace({ headers: ['accept', '*/*', 'Traceparent', '00-a-b-01'] })).toBe(true);
    expect(carriesTrace({ headers: ['accept', '*/*'] })).toBe(false);
    expect(carriesTrace({ headers: 'accept: */*\r\ntraceparent: 00-a-b-01\r\n' })).toBe(true);
    expect(carriesTrace({ headers: 'accept: */*\r\n' })).toBe(false);
  });
});
