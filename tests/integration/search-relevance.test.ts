import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createEmbeddedSearch } from '../../standins/search/service.ts';
import { runJudged } from '../../cli/commands/replay.ts';
import type { CliIo } from '../../cli/io.ts';

/**
 * Relevance you can measure (docs/decisions/0081, 0166): the judged query set scored as
 * nDCG@10 by `sitectl replay`, against the search stand-in as the demo runs it (its catalogue, its
 * pipeline) over HTTP, as the search page asks. The score is printed; under the floor the run fails.
 */
const JUDGED_SET = 'fixtures/search/judged-queries.yaml';
/** The floor: the score of the judged set with 0160, 0163 and 0166 (0.890) less a margin for catalogue changes; raise it with the ranking. */
const NDCG_FLOOR = 0.86;
/**
 * A floor per kind of query (decision 0166: what the ranking reaches less a margin). The judge asks
 * as the search page does (values read out, the exact part first: 0160, 0163). Other makers'
 * numbers are answered above the results by the cross-reference (0161), which the Search API's
 * results do not hold, so their kind scores 0 here until the judged set grades that answer.
 */
const KIND_FLOORS: Record<string, number> = {
  'part number': 0.94,
  'other maker': 0,
  series: 0.8,
  category: 0.95,
  value: 0.93,
  'trade name': 0.95,
  language: 0.95,
  question: 0.68,
  misspelling: 0.95,
  document: 0.76,
};

let server: Server;
const previousUrl = process.env.SEARCH_API_URL;

beforeAll(async () => {
  const search = createEmbeddedSearch({ ...loadConfig({}).search, rateLimitPerMinute: 0 });
  server = createServer(search.handle).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  process.env.SEARCH_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/search/v2`;
}, 120_000);

afterAll(async () => {
  if (previousUrl === undefined) delete process.env.SEARCH_API_URL;
  else process.env.SEARCH_API_URL = previousUrl;
  await new Promise((resolve) => server?.close(resolve));
});

describe('judged queries (nDCG@10)', () => {
  it(`score at least ${NDCG_FLOOR}, every judgment fitting the catalogue`, async () => {
    const lines: string[] = [];
    const io: CliIo = { out: (line) => lines.push(line), err: (line) => lines.push(line), readLines: async () => undefined, isTerminal: false };
    const { exit, summary, outcomes } = await runJudged(JUDGED_SET, { minNdcg: String(NDCG_FLOOR), concurrency: '4', top: '10', tolerance: '0.1' }, io);
    // What `npm test` prints: the score, by kind and language, and the queries below 1.
    console.info(lines.join('\n'));
    expect(outcomes.filter((outcome) => outcome.error || outcome.failed).map((outcome) => `${outcome.q}: ${outcome.error ?? outcome.failed}`)).toEqual([]);
    expect(summary.queries).toBeGreaterThanOrEqual(150);
    // Each kind decision 0168 scores apart, in the four languages.
    for (const kind of ['part number', 'other maker', 'value', 'trade name', 'language', 'question']) {
      expect(new Set(outcomes.filter((outcome) => outcome.kind === kind).map((outcome) => outcome.locale)), kind).toEqual(new Set(['en-US', 'de-DE', 'ja-JP', 'zh-CN']));
    }
    expect(Object.entries(summary.byKind).filter(([kind, score]) => score < (KIND_FLOORS[kind] ?? 0)).map(([kind, score]) => `${kind} ${score} < ${KIND_FLOORS[kind]}`)).toEqual([]);
    expect(new Set(outcomes.map((outcome) => outcome.locale))).toEqual(new Set(['en-US', 'de-DE', 'ja-JP', 'zh-CN']));
    expect(summary.ndcg).toBeGreaterThanOrEqual(NDCG_FLOOR);
    expect(exit).toBe(0);
  }, 300_000);
});
