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
