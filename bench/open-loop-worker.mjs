// Open-loop load for bench/ssr.ts (issue 30 item 4): requests start at a fixed rate whatever the
// server does (not a fixed number of connections that wait for their answers), each URL of `urls`
// once in turn. A request's latency runs from the moment it was due, so a server that falls behind
// is charged for the wait it causes (no coordinated omission). In a thread of its own.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { urls, seconds, rate, headers = {}, timeoutMs = 10_000 } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const latencies = [];
const failures = {};
let errors = 0;
let bytes = 0;

function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers, timeout: timeoutMs }, (res) => {
      let size = 0;
      res.on('data', (chunk) => (size += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, size }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

const total = Math.round(seconds * rate);
const interval = 1000 / rate;
const start = performance.now();
const pending = [];
for (let n = 0; n < total; n++) {
  const due = start + n * interval;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const url = urls[n % urls.length];
  pending.push(
    get(url).then(
      (response) => {
        if (response.status !== 200) {
          errors += 1;
          failures[response.status] = (failures[response.status] ?? 0) + 1;
        }
        bytes += response.size;
        latencies.push(performance.now() - due);
      },
      () => {
        errors += 1;
        failures[0] = (failures[0] ?? 0) + 1;
        latencies.push(performance.now() - due);
      },
    ),
  );
}
await Promise.all(pending);
const lateStart = performance.now() - start - seconds * 1000;
agent.destroy();
parentPort.postMessage({ latencies, errors, bytes, failures, sent: total, drainMs: lateStart });
