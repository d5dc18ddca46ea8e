/**
 * npm run fuzz -- [--count 10000] [--seed 19] [--site http://127.0.0.1:3000] [--concurrency 8]
 *
 * Sends generated bad input (tests/support/fuzz.ts) to a running site and prints the count of
 * each status, then every 5xx (or connection failure) and every 4xx without a readable message,
 * with its input. Exit 1 when there was any.
 */
import { parseArgs } from 'node:util';
import { fuzzInputs, runFuzz } from '../tests/support/fuzz.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '19' },
    site: { type: 'string', default: `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}` },
    concurrency: { type: 'string', default: '8' },
  },
});
const count = Number(values.count);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error('usage: npm run fuzz -- --count N --seed N --site URL --concurrency N');
  process.exit(2);
}

const started = Date.now();
const results = await runFuzz(values.site, fuzzInputs(seed, count, values.site), concurrency, (_result, done) => {
  if (done % 1000 === 0) console.info(`${done} of ${count}`);
});
const byStatus = new Map<string, number>();
const byKind = new Map<string, number>();
for (const { status, input } of results) {
  byStatus.set(String(status), (byStatus.get(String(status)) ?? 0) + 1);
  if (status >= 500 || status === 0) byKind.set(input.kind, (byKind.get(input.kind) ?? 0) + 1);
}
console.info(`\n${count} requests to ${values.site} (seed ${seed}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const [status, n] of [...byStatus].sort()) console.info(`  ${status === '0' ? 'no answer' : status}: ${n}`);
const faults = results.filter((result) => result.status >= 500 || result.status === 0);
if (faults.length) {
  console.info(`\n${faults.length} server errors or failures (${[...byKind].map(([kind, n]) => `${kind} ${n}`).join(', ')}):`);
  for (const { input, status, body } of faults.slice(0, 50)) {
    console.info(`  ${status} ${input.method} ${input.path.slice(0, 200)} ${JSON.stringify(input.headers)} ${(input.body ?? '').slice(0, 200)}\n     -> ${body.slice(0, 160).replace(/\s+/g, ' ')}`);
  }
}
// Issue 31 item 6: a 4xx says in words what was wrong (tests/support/fuzz.ts unreadableAnswer).
const unclear = results.filter((result) => result.unreadable);
console.info(`\n4xx without a readable message: ${unclear.length}`);
for (const { input, status, body, unreadable } of unclear.slice(0, 50)) {
  console.info(`  ${status} ${input.method} ${input.path.slice(0, 200)} ${JSON.stringify(input.headers)} ${(input.body ?? '').slice(0, 120)}\n     -> ${unreadable}: ${body.slice(0, 120).replace(/\s+/g, ' ')}`);
}
process.exit(faults.length || unclear.length ? 1 : 0);
