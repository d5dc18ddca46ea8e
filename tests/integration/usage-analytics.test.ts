import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptAnalytics, AnalyticsStore } from '../../standins/search/analytics-sink.ts';
import type { Worker } from 'node:worker_threads';
import { UsageAnalyticsThread } from '../../server/ports/usage-analytics-thread.ts';
import { UsageAnalyticsPort } from '../../server/ports/usage-analytics.ts';

// The analytics port against the embedded analytics endpoints, over real HTTP on 127.0.0.1.
const servers: Server[] = [];
const ports: Array<UsageAnalyticsPort | UsageAnalyticsThread> = [];
afterEach(async () => {
  await Promise.all(ports.splice(0).map((port) => port.close(100)));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
}

async function sink(options: { delayMs?: number; status?: number } = {}) {
  const store = new AnalyticsStore();
  const seen: Seen[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    const handle = () => {
      if (options.status) {
        req.resume();
        res.writeHead(options.status).end();
        return;
      }
      if (!acceptAnalytics(store, req, res)) res.writeHead(404).end();
    };
    if (options.delayMs) setTimeout(handle, options.delayMs);
    else handle();
  }).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/ua`;
  return { store, seen, url };
}

function portTo(url: string, options: Partial<ConstructorParameters<typeof UsageAnalyticsPort>[0]> = {}) {
  const port = new UsageAnalyticsPort({ target: () => ({ url, organizationId: 'local', accessToken: 'token-1' }), log: () => {}, ...options });
  ports.push(port);
  return port;
}

function threadTo(url: string, options: Partial<ConstructorParameters<typeof UsageAnalyticsThread>[0]> = {}) {
  const thread = new UsageAnalyticsThread({ target: () => ({ url, organizationId: 'local', accessToken: 'token-1' }), log: () => {}, ...options });
  ports.push(thread);
  return thread;
}

async function settled(port: UsageAnalyticsPort | UsageAnalyticsThread) {
  await expect.poll(() => port.stats.queued + port.stats.inFlight, { timeout: 5000 }).toBe(0);
}

describe('the usage-analytics port', () => {
  it('posts a view event to UA v15 with the visitor, the organization and the bearer token', async () => {
    const { store, seen, url } = await sink();
    const port = portTo(url);
    port.send('view', 'visitor-1', { location: 'http://site/a', language: 'en' });
    await settled(port);
    expect(seen).toEqual([{ method: 'POST', url: '/rest/ua/v15/analytics/view?visitor=visitor-1&org=local', authorization: 'Bearer token-1' }]);
    expect(store.recentOfKind('view', 10)[0]!.body).toEqual({ location: 'http://site/a', language: 'en', clientId: 'visitor-1' });
    expect(port.stats).toMatchObject({ sent: 1, failed: 0, refused: 0, dropped: 0 });
  });

  it('gathers search events into one post to the batch endpoint', async () => {
    const { store, seen, url } = await sink();
    const port = portTo(url, { searchBatchMs: 50 });
    for (let n = 1; n <= 5; n += 1) port.send('search', `visitor-${n}`, { queryText: `q${n}` });
    await settled(port);
    await expect.poll(() => port.stats.sent).toBe(5);
    expect(seen.map((request) => request.url)).toEqual(['/rest/ua/v15/analytics/searches?org=local']);
    expect(store.recentOfKind('search', 10).map((event) => event.body)).toHaveLength(5);
    expect(store.recentOfKind('search', 1, 'visitor-5')[0]!.body).toEqual({ queryText: 'q5', clientId: 'visitor-5' });
  });

  it('sends a full batch at once, without waiting for the timer', async () => {
    const { seen, url } = await sink();
    const port = portTo(url, { searchBatchMs: 60_000, searchBatchMax: 3 });
    for (let n = 1; n <= 3; n += 1) port.send('search', `visitor-${n}`, {});
    await settled(port);
    expect(seen).toHaveLength(1);
    expect(port.stats.sent).toBe(3);
  });

  it('keeps at most maxInFlight posts on the wire and drops the oldest waiting ones when the queue is full', async () => {
    const { store, url } = await sink({ delayMs: 100 });
    const port = portTo(url, { maxInFlight: 2, maxQueued: 3 });
    for (let n = 1; n <= 8; n += 1) port.send('view', `visitor-${n}`, {});
    expect(port.stats).toMatchObject({ inFlight: 2, queued: 3, dropped: 3 });
    await settled(port);
    expect(port.stats).toMatchObject({ sent: 5, dropped: 3 });
    // The first two were on the wire; of the rest, the newest three were kept.
    const received = store.recentOfKind('view', 10).map((event) => (event.body as { clientId: string }).clientId);
    expect(received.sort()).toEqual(['visitor-1', 'visitor-2', 'visitor-6', 'visitor-7', 'visitor-8']);
  });

  it('pipelines posts on few connections when asked, every event still arriving once', async () => {
    const { store, url } = await sink();
    const connections = new Set<unknown>();
    servers.at(-1)!.on('connection', (socket) => connections.add(socket));
    const port = portTo(url, { maxInFlight: 32, pipelining: 16 });
    for (let n = 0; n < 200; n += 1) port.send('view', `visitor-${n}`, {});
    await settled(port);
    expect(port.stats).toMatchObject({ sent: 200, failed: 0, dropped: 0 });
    expect(new Set(store.recentOfKind('view', 500).map((event) => (event.body as { clientId: string }).clientId)).size).toBe(200);
    expect(connections.size).toBeLessThanOrEqual(2);
  });

  it('sends the posts started in one turn of the event loop in one write per connection', async () => {
    const { store, url } = await sink({ delayMs: 300 });
    const serverPort = Number(new URL(url).port);
    const port = portTo(url, { maxInFlight: 64, pipelining: 64 });
    // A connection busy with a post, as under load (undici waits a turn before writing to an idle one).
    port.send('view', 'warm-up', {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Writes to a socket are Node internals; counting them is the only way to see the system calls.
    const socketPrototype = Socket.prototype as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
    const original = socketPrototype._writeGeneric;
    let writes = 0;
    socketPrototype._writeGeneric = function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === serverPort) writes += 1;
      return original.apply(this, args);
    };
    try {
      for (let n = 0; n < 40; n += 1) port.send('view', `visitor-${n}`, {});
      await settled(port);
    } finally {
      socketPrototype._writeGeneric = original;
    }
    expect(port.stats.sent).toBe(41);
    expect(store.summary(0).counts).toEqual({ view: 41 });
    expect(writes).toBe(1);
  });

  it('counts refusals and failures apart from events sent, and logs a failing service once, not per event', async () => {
    const refusing = await sink({ status: 401 });
    const lines: string[] = [];
    const port = portTo(refusing.url, { log: (line) => lines.push(line) });
    for (let n = 0; n < 5; n += 1) port.send('view', 'v', {});
    await settled(port);
    expect(port.stats).toMatchObject({ sent: 0, refused: 5 });
    expect(lines).toEqual(['view event refused: 401']);

    const unreachable = portTo('http://127.0.0.1:9/rest/ua', { log: () => {} });
    unreachable.send('custom', 'v', {});
    await settled(unreachable);
    expect(unreachable.stats).toMatchObject({ sent: 0, failed: 1 });
  });

  it('on close, sends the pending batch and waits for the posts; what is left after the deadline is counted as dropped', async () => {
    const { store, url } = await sink({ delayMs: 20 });
    const port = portTo(url, { searchBatchMs: 60_000 });
    port.send('search', 'visitor-1', {});
    port.send('view', 'visitor-1', {});
    await port.close(2000);
    expect(store.summary(0).counts).toEqual({ search: 1, view: 1 });
    expect(port.stats).toMatchObject({ sent: 2, dropped: 0 });

    const slow = await sink({ delayMs: 2000 });
    const lines: string[] = [];
    const late = portTo(slow.url, { maxInFlight: 1, log: (line) => lines.push(line) });
    late.send('view', 'a', {});
    late.send('view', 'b', {});
    await late.close(50);
    expect(late.stats.dropped).toBe(1);
    expect(lines).toContain('1 event(s) not sent before shutting down');
    late.send('view', 'c', {});
    expect(late.stats.dropped).toBe(2);
  });
});

describe('the usage-analytics thread (decision 0034)', () => {
  it('posts the site’s events from a worker thread, the same posts as the port, and shares its counts', async () => {
    const { store, seen, url } = await sink();
    const thread = threadTo(url, { pipelining: 8 });
    thread.send('view', 'visitor-1', { location: 'http://site/a' });
    thread.sendJson('search', 'visitor-2', '{"queryText":"fuse","clientId":"visitor-2"}');
    thread.send('search', 'visitor-3', { queryText: 'relay' });
    await expect.poll(() => thread.stats.sent, { timeout: 5000 }).toBe(3);
    expect(thread.stats).toMatchObject({ refused: 0, failed: 0, dropped: 0, queued: 0, inFlight: 0 });
    expect(seen.map((request) => request.url).sort()).toEqual(['/rest/ua/v15/analytics/searches?org=local', '/rest/ua/v15/analytics/view?visitor=visitor-1&org=local']);
    expect(seen.every((request) => request.authorization === 'Bearer token-1')).toBe(true);
    expect(store.recentOfKind('view', 1)[0]!.body).toEqual({ location: 'http://site/a', clientId: 'visitor-1' });
    expect(store.recentOfKind('search', 2).map((event) => event.body)).toEqual([
      { queryText: 'relay', clientId: 'visitor-3' },
      { queryText: 'fuse', clientId: 'visitor-2' },
    ]);
  });

  it('drops and counts new events while the thread is too far behind, and reports it once', async () => {
    const { store, url } = await sink();
    const lines: string[] = [];
    const thread = threadTo(url, { maxBacklog: 2, log: (line) => lines.push(line) });
    for (let n = 1; n <= 5; n += 1) thread.send('view', `visitor-${n}`, {});
    expect(thread.stats.dropped).toBe(3);
    await settled(thread);
    await expect.poll(() => thread.stats.sent).toBe(2);
    expect(store.recentOfKind('view', 10).map((event) => (event.body as { clientId: string }).clientId).sort()).toEqual(['visitor-1', 'visitor-2']);
    expect(lines).toEqual(['the analytics thread is 2 events behind: new events dropped']);
  });

  it('on close, hands over what is pending and waits for the posts; later events are counted as dropped', async () => {
    const { store, url } = await sink({ delayMs: 20 });
    const thread = threadTo(url);
    thread.send('view', 'visitor-1', {});
    thread.send('search', 'visitor-1', {});
    await thread.close(2000);
    expect(store.summary(0).counts).toEqual({ view: 1, search: 1 });
    expect(thread.stats).toMatchObject({ sent: 2, dropped: 0 });
    thread.send('view', 'visitor-2', {});
    expect(thread.stats.dropped).toBe(1);
  });

  it('starts a new thread when its thread exits, and keeps the counts of the one that exited', async () => {
    const { store, url } = await sink();
    const lines: string[] = [];
    const thread = threadTo(url, { log: (line) => lines.push(line) });
    thread.send('view', 'visitor-1', {});
    await expect.poll(() => thread.stats.sent, { timeout: 5000 }).toBe(1);
    // The thread is private: the test ends it from outside, as a crash would.
    await (thread as unknown as { worker: Worker }).worker.terminate();
    await expect.poll(() => lines).toContain('the analytics thread exited: starting a new one');
    thread.send('view', 'visitor-2', {});
    await expect.poll(() => thread.stats.sent, { timeout: 5000 }).toBe(2);
    expect(thread.stats.dropped).toBe(0);
    expect(store.summary(0).counts).toEqual({ view: 2 });
  });
});

describe('the embedded analytics endpoints', () => {
  it('store UA v15 events of both prefixes and Event Protocol batches, and refuse bodies that are not JSON or too large', async () => {
    const { store, url } = await sink();
    const origin = new URL(url).origin;
    const post = (path: string, body: string) => fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect((await post('/rest/ua/v15/analytics/custom?org=local', '{"eventType":"a"}')).status).toBe(200);
    expect((await post('/rest/v15/analytics/click', '{"documentPosition":1}')).status).toBe(200);
    const events = await post('/rest/organizations/local/events/v1', '[{"meta":{"type":"itemClick"}}]');
    expect(await events.json()).toEqual({ events: [{ accepted: true }] });
    expect(store.summary(0).counts).toEqual({ custom: 1, click: 1, event: 1 });

    const notJson = await post('/rest/ua/v15/analytics/view', '{');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ statusCode: 400, type: 'InvalidRequestException' });
    const notAList = await post('/rest/ua/v15/analytics/searches', '{}');
    expect(notAList.status).toBe(400);
    expect((await post('/rest/ua/v15/analytics/view', JSON.stringify({ padding: 'x'.repeat(300 * 1024) }))).status).toBe(413);
    expect(store.summary(0).counts).toEqual({ custom: 1, click: 1, event: 1 });
  });

  it('keep the latest events in a ring, newest first', () => {
    const store = new AnalyticsStore(3);
    for (let n = 1; n <= 5; n += 1) store.record('view', { clientId: `v${n}` });
    expect(store.summary(10).recent.map((event) => (event.body as { clientId: string }).clientId)).toEqual(['v5', 'v4', 'v3']);
    expect(store.recentOfKind('view', 1, 'v4').map((event) => event.kind)).toEqual(['view']);
    expect(store.recentOfKind('view', 10, 'v1')).toEqual([]);
    expect(store.summary(0).counts).toEqual({ view: 5 });
  });
});
