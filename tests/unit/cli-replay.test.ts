import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_TABS } from '../../app/plugins/search/sections.ts';
import { sitectl, withFakeSearchApi, type FakeAnswer } from '../support/sitectl.ts';

/** `sitectl replay` against a Search API that answers what each test says (tests/support/sitectl.ts). */

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'replay-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function log(name: string, lines: unknown[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return file;
}

const found = (total = 1): FakeAnswer => ({ status: 200, body: { totalCountFiltered: total, results: [{ uniqueId: 'u1', raw: { permanentid: 'p1' } }] } });

describe('sitectl replay and the tab of a log line', () => {
  it('asks with the tab’s own expression (SEARCH_TABS), as the search page does, and no filter without a tab', async () => {
    const file = log('tabs.jsonl', [{ q: 'fuse' }, { q: 'fuse', tab: 'designcenter' }, { q: 'fuse', tab: 'whereToBuy' }, { q: 'fuse', tab: 'mainsearch' }]);
    await withFakeSearchApi(
      () => found(),
      async (bodies) => {
        expect((await sitectl(['replay', file, '--concurrency', '1'])).code).toBe(0);
        const byTab = (tab: string | undefined) => bodies.find((body) => body.tab === tab);
        const expression = (id: string) => SEARCH_TABS.find((tab) => tab.id === id)!.expression;
        expect(byTab('designcenter')).toMatchObject({ tab: 'designcenter', cq: expression('designcenter') });
        expect(byTab('whereToBuy')).toMatchObject({ tab: 'whereToBuy', cq: expression('whereToBuy') });
        // The main tab has no filter: no cq, as Headless sends none for an empty expression.
        expect(byTab('mainsearch')).not.toHaveProperty('cq');
        expect(byTab(undefined)).not.toHaveProperty('cq');
      },
    );
  });

  it('refuses an unknown tab as a bad log line (exit 2), naming the known tabs', async () => {
    const file = log('bad-tab.jsonl', [{ q: 'fuse' }, { q: 'fuse', tab: 'nosuchtab' }]);
    const result = await sitectl(['replay', file]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('bad-tab.jsonl:2: tab');
    expect(result.err).toContain('nosuchtab');
    for (const tab of SEARCH_TABS) expect(result.err).toContain(tab.id);
  });

  it('refuses an unknown tab in a CSV log too', async () => {
    const file = path.join(dir, 'log.csv');
    writeFileSync(file, 'q,tab\nfuse,designcenter\nfuse,nosuchtab\n');
    expect(await sitectl(['replay', file])).toMatchObject({ code: 2, err: expect.stringContaining('log.csv:3: tab') });
  });
});

describe('sitectl replay exit codes', () => {
  it('exits 1 when a query of the log failed (0 means all good), and 0 when none did', async () => {
    const file = log('bogus-sort.jsonl', [{ q: 'fuse' }, { q: 'a', sort: 'bogus' }]);
    await withFakeSearchApi(
      (body) => (body.sortCriteria === 'bogus' ? { status: 400, body: { statusCode: 400, type: 'InvalidSortCriteria', message: 'The sort criteria "bogus" is not valid.' } } : found()),
      async () => {
        const result = await sitectl(['replay', file]);
        expect(result.out).toContain('; 1 query failed');
        expect(result.out).toContain('✖ "a": HTTP 400');
        expect(result.code).toBe(1);
        expect((await sitectl(['replay', file, '--json'])).code).toBe(1);
        expect((await sitectl(['replay', log('fine.jsonl', [{ q: 'fuse' }])])).code).toBe(0);
      },
    );
  });
});

describe('sitectl replay says what is wrong with a log line or an option', () => {
  it('names the field once', async () => {
    const result = await sitectl(['replay', log('page.jsonl', [{ q: 'fuse', page: 0 }])]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('page.jsonl:1: page: ');
    expect(result.err).not.toMatch(/page page/);
  });

  it('refuses options that do not apply to the file given, instead of ignoring them (exit 2)', async () => {
    const judged = path.join(dir, 'judged.yaml');
    writeFileSync(judged, '- { q: fuse, kind: category, family: Fuses }\n');
    const record = await sitectl(['replay', judged, '--record', path.join(dir, 'x.json')]);
    expect(record).toMatchObject({ code: 2, err: expect.stringContaining('--record') });
    expect(record.err).toContain('judged set');
    expect(await sitectl(['replay', judged, '--baseline', path.join(dir, 'x.json')])).toMatchObject({ code: 2, err: expect.stringContaining('--baseline') });
    expect(await sitectl(['replay', judged, '--tolerance', '0.2'])).toMatchObject({ code: 2, err: expect.stringContaining('--tolerance') });

    const plain = log('plain.jsonl', [{ q: 'fuse' }]);
    const floor = await sitectl(['replay', plain, '--min-ndcg', '0.9', '--json']);
    expect(floor).toMatchObject({ code: 2, err: expect.stringContaining('--min-ndcg') });
    expect(floor.err).toContain('query log');
    expect(JSON.parse(floor.out)).toMatchObject({ ok: false });
  });
});

const throttled = (retryAfter: string): FakeAnswer => ({ status: 429, headers: { 'retry-after': retryAfter }, body: { statusCode: 429, type: 'TooManyRequestsException', message: `Too many requests: try again in ${retryAfter} s.` } });

/** Ten parts of ten series of the Fuses family: every result the judged query below asks for, at grade 3. */
const fuses: FakeAnswer = {
  status: 200,
  body: { totalCountFiltered: 10, results: Array.from({ length: 10 }, (_, i) => ({ uniqueId: `u${i}`, title: `Fuse ${i}`, raw: { leveltwocategory: 'Fuses', objecttype: 'Product', foldingcollection: `series-${i}` } })) },
};

function judgedSet(): string {
  const file = path.join(dir, 'judged.yaml');
  writeFileSync(file, '- { q: fuse, kind: category, family: Fuses }\n');
  return file;
}

describe('sitectl replay when the Search API answers 429 (too many requests)', () => {
  it('tries a query log’s query again after the Retry-After the service asks for', async () => {
    const file = log('one.jsonl', [{ q: 'fuse' }]);
    await withFakeSearchApi(
      (_body, index) => (index === 0 ? throttled('1') : found(42)),
      async (bodies) => {
        const started = Date.now();
        const result = await sitectl(['replay', file, '--json']);
        expect(result.code).toBe(0);
        expect(bodies).toHaveLength(2);
        expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
        const report = JSON.parse(result.out) as { summary: { errors: number }; outcomes: Array<{ total: number }> };
        expect(report.summary.errors).toBe(0);
        expect(report.outcomes[0]!.total).toBe(42);
      },
    );
  });

  it('tries a judged query again and scores it as if nothing had happened', async () => {
    const file = judgedSet();
    await withFakeSearchApi(
      (_body, index) => (index === 0 ? throttled('1') : fuses),
      async () => {
        const result = await sitectl(['replay', file, '--json', '--min-ndcg', '0.85']);
        const report = JSON.parse(result.out) as { summary: { ndcg: number }; outcomes: Array<{ error?: string }> };
        expect(report.outcomes[0]!.error).toBeUndefined();
        expect(report.summary.ndcg).toBe(1);
        expect(result.code).toBe(0);
      },
    );
  });

  it('reports a judged query still refused as a failed query, not as a judgment that no longer fits, and exits 1', async () => {
    const file = judgedSet();
    // An hour's wait is beyond what sitectl waits: it gives up at once.
    await withFakeSearchApi(
      () => throttled('3600'),
      async () => {
        const json = await sitectl(['replay', file, '--json']);
        expect(json.code).toBe(1);
        const report = JSON.parse(json.out) as { summary: { failed: number; queries: number }; outcomes: Array<{ failed?: string; error?: string }> };
        expect(report.summary).toMatchObject({ failed: 1 });
        expect(report.outcomes[0]!.failed).toContain('Too many requests');
        expect(report.outcomes[0]!.error).toBeUndefined();

        const text = await sitectl(['replay', file]);
        expect(text.code).toBe(1);
        expect(text.out).toContain('Too many requests');
        expect(text.out).not.toContain('no longer fits');
        expect(text.out).toMatch(/1 (query|queries) failed/);
      },
    );
  });
});

describe('searchWithRetry', () => {
  it('waits out 429 with growing back-off or the Retry-After given, within a bounded number of tries and total wait', async () => {
    const { searchWithRetry } = await import('../../cli/search-endpoint.ts');
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
    };
    await withFakeSearchApi(
      (_body, index) => (index === 2 ? throttled('5') : { status: 429, body: { message: 'Too many requests.' } }),
      async (bodies) => {
        const endpoint = { apiUrl: process.env.SEARCH_API_URL!, organizationId: 'o', accessToken: 't' };
        const answer = await searchWithRetry(endpoint, { q: 'fuse' }, { tries: 5, longestWaitMs: 60_000, firstDelayMs: 100 }, sleep);
        expect(answer).toMatchObject({ ok: false, status: 429 });
        expect(answer.message).toContain('Too many requests');
        expect(bodies).toHaveLength(5);
        // 100 ms doubling, except the third answer's Retry-After of 5 s.
        expect(waits).toEqual([100, 200, 5000, 800]);

        waits.length = 0;
        bodies.length = 0;
        const bounded = await searchWithRetry(endpoint, { q: 'fuse' }, { tries: 10, longestWaitMs: 1000, firstDelayMs: 300 }, sleep);
        expect(bounded.ok).toBe(false);
        // 300 + 600 = 900 ms waited: the next wait (at least 1200 ms) would go past the 1000 ms allowed.
        expect(waits).toEqual([300, 600]);
        expect(bodies).toHaveLength(3);
      },
    );
  });
});
