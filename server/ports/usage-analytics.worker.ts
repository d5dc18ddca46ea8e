import { parentPort, workerData } from 'node:worker_threads';
import type { AnalyticsKind } from '../load-context.ts';
import { COUNTER_SLOTS, slotOf, type ThreadMessage, type ThreadReply } from './usage-analytics-thread.ts';
import { UsageAnalyticsPort, type UsageAnalyticsTarget } from './usage-analytics.ts';

// The analytics thread (UsageAnalyticsThread): sends the site's events with UsageAnalyticsPort and
// publishes the port's counts in memory shared with the site.
const { counters: buffer, pipelining } = workerData as { counters: SharedArrayBuffer; pipelining: number };
const counters = new BigInt64Array(buffer);
const site = parentPort!;
const reply = (message: ThreadReply) => site.postMessage(message);

let target: UsageAnalyticsTarget | undefined;
const port = new UsageAnalyticsPort({
  pipelining,
  target: () => target!,
  log: (message) => reply({ type: 'log', message }),
});

function publish(): void {
  const stats = port.stats;
  COUNTER_SLOTS.forEach((name, slot) => {
    if (name !== 'received') Atomics.store(counters, slot, BigInt(stats[name]));
  });
}
// Posts finish between messages: their outcomes are published a little later.
setInterval(publish, 100).unref();

site.on('message', (message: ThreadMessage) => {
  if (message.type === 'close') {
    void port.close(message.withinMs).then(() => {
      publish();
      reply({ type: 'closed' });
    });
    return;
  }
  target = message.target;
  const { events } = message;
  for (let at = 0; at < events.length; at += 3) port.sendJson(events[at] as AnalyticsKind, events[at + 1]!, events[at + 2]!);
  Atomics.add(counters, slotOf('received'), BigInt(events.length / 3));
  publish();
});
