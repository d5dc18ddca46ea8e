// Load generator for bench/ssr.ts, in its own thread so it does not share an event loop with the
// servers it measures. Keep-alive connections, each issuing requests back to back. Each URL of
// `urls` is taken in turn (a list longer than the run's requests means no URL is asked twice).
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { urls, seconds, connections, headers = {}, countHeader } = workerData;
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let errors = 0;
let bytes = 0;
let next = 0;
/** Count of each non-200 status (0: a connection error), so a failing row says why. */
const failures = {};
/** Count of each value of the response header `countHeader` (e.g. X-Cache-Status: HIT, MISS). */
const headerValues = {};

function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      let size = 0;
      res.on('data', (chunk) => (size += chunk.length));
      res.on('end', () => {
        if (countHeader) {
          const value = String(res.headers[countHeader] ?? 'none');
          headerValues[value] = (headerValues[value] ?? 0) + 1;
        }
        resolve({ status: res.statusCode ?? 0, size });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const end = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const url = urls[next++ % urls.length];
      const started = performance.now();
      try {
        const response = await get(url);
        if (response.status !== 200) {
          errors += 1;
          failures[response.status] = (failures[response.status] ?? 0) + 1;
        }
        bytes += response.size;
      } catch {
        errors += 1;
        failures[0] = (failures[0] ?? 0) + 1;
      }
      latencies.push(performance.now() - started);
    }
  }),
);
agent.destroy();
parentPort.postMessage({ latencies, errors, bytes, failures, requested: next, headerValues });
