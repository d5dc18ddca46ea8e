import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue, type CatalogueDocument } from './catalogue/generate.ts';
import { LazyDocuments } from './document-codec.ts';
import { createEmbeddedSearch } from './service.ts';
import { layOutSnapshot, openSnapshotBody, snapshotKey, snapshotSources, type SnapshotHead } from './snapshot.ts';
import { sealSnapshot, unsealSnapshot, type PrereadSnapshot } from './snapshot-seal.ts';
import { prefetchSnapshot, takePrefetchedSnapshot } from './snapshot-prefetch.ts';

/**
 * The embedded search service keeps its documents and index on disk between starts: a restart
 * reads them back (no generating, no indexing) and answers exactly as the service it built; a
 * snapshot of other documents, of other code, or one that does not read back whole is never used.
 */

const dirs: string[] = [];
const servers: Server[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-snapshot-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const server of servers) server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function start(snapshotDir: string, seed = 7, preread?: PrereadSnapshot) {
  const problems: string[] = [];
  const search = createEmbeddedSearch({
    ...(preread ? { preread } : {}),
    products: 1500,
    seed,
    organizationId: 'local',
    accessToken: 'local-search-token',
    expiredToken: 'expired-search-token',
    rateLimitPerMinute: 0,
    snapshotDir,
    onSnapshotProblem: (problem) => problems.push(problem),
  });
  return { search, problems };
}

async function serve(search: ReturnType<typeof createEmbeddedSearch>): Promise<string> {
  const server = express().use(search.router).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/search/v2?organizationId=local`;
}

/** Searches that use every part of the index: words, part-number prefixes, typos, wildcards, facets, sorts. */
const REQUESTS = [
  { q: 'fuse', facets: [{ facetId: 'series', field: 'series', type: 'specific', numberOfValues: 8, currentValues: [] }] },
  { q: 'fuze', enableDidYouMean: true },
  { q: 'varist*', enableQuerySyntax: true, sortCriteria: '@date descending' },
  { q: '0215', numberOfResults: 20 },
  { q: 'Sicherung', locale: 'de' },
  { q: '', aq: '@objecttype==FAQ', sortCriteria: '@clickableuri ascending', numberOfResults: 30 },
  { q: 'relay', facets: [{ facetId: 'ratedcurrent', field: 'ratedcurrent', type: 'numericalRange', generateAutomaticRanges: true, numberOfValues: 8, currentValues: [] }] },
];

async function answers(url: string) {
  const out: unknown[] = [];
  for (const body of REQUESTS) {
    const response = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await response.json()) as Record<string, unknown>;
    delete json.searchUid;
    delete json.duration;
    delete json.searchAPIDuration;
    delete json.indexDuration;
    delete json.requestDuration;
    out.push({ status: response.status, json });
  }
  return out;
}

/** Ways a snapshot on disk goes wrong. */
const damages: Array<[string, (file: string) => void]> = [
  ['that does not read back', (file) => writeFileSync(file, 'not a snapshot')],
  ['cut short (a partial copy)', (file) => truncateSync(file, Math.floor(readFileSync(file).length * 0.6))],
  [
    'whose documents are damaged',
    (file) => {
      const { head, documents: encoded } = openSnapshotBody(unsealSnapshot(readFileSync(file)));
      const documents = encoded.slice();
      // References to nowhere in the middle of the value tables.
      documents.fill(0xff, Math.floor(documents.length * 0.7), Math.floor(documents.length * 0.7) + 64);
      // Sealed again, so the codec's own checks are what finds it.
      writeFileSync(file, sealSnapshot(layOutSnapshot(head as SnapshotHead, documents)));
    },
  ],
  [
    'of the earlier layout (the documents inside the serialization, format 3)',
    (file) => {
      const { head, documents } = openSnapshotBody(unsealSnapshot(readFileSync(file)));
      writeFileSync(file, sealSnapshot(v8.serialize({ ...head, documents })));
    },
  ],
  [
    'with one changed byte inside a string',
    (file) => {
      const bytes = readFileSync(file);
      // A text in the documents' string block: the codec would read it back as another valid string.
      const at = bytes.indexOf('Voltaris', 0, 'latin1');
      expect(at).toBeGreaterThan(0);
      bytes[at + 1] = 'O'.charCodeAt(0);
      writeFileSync(file, bytes);
    },
  ],
];
describe('the index snapshot', () => {
  let dir: string;
  let built: ReturnType<typeof start>;
  beforeAll(() => {
    dir = tempDir();
    built = start(dir);
  });

  it('is written on the first start and read on the next, which answers exactly as the built index', async () => {
    expect(built.search.stats.indexFrom).toBe('built');
    expect(readdirSync(dir).filter((name) => name.endsWith('.snapshot'))).toHaveLength(1);
    const restarted = start(dir);
    expect(restarted.search.stats.indexFrom).toBe('snapshot');
    expect(restarted.problems).toEqual([]);
    const [first, second] = await Promise.all([serve(built.search), serve(restarted.search)]);
    const expected = await answers(first);
    expect(JSON.stringify(expected)).toContain('"totalCount"');
    expect(await answers(second)).toEqual(expected);
  });

  it('holds the very documents the generator makes, and the other stand-ins get them from it', () => {
    const restarted = start(dir);
    expect(restarted.search.stats.indexFrom).toBe('snapshot');
    expect(restarted.search.stats.generatedMs).toBe(0);
    const generated = generateCatalogue({ products: 1500, seed: 7 }).documents;
    expect(JSON.stringify([...restarted.search.documents])).toBe(JSON.stringify(generated));
    expect(restarted.search.stats.products).toBe(built.search.stats.products);
    expect(restarted.search.findProduct(generated[3]!.partNumber!)).toEqual(built.search.findProduct(generated[3]!.partNumber!));
  });

  it('makes no document into objects before a request needs it, and hides unpublished pages as the built index does (decision 0129)', async () => {
    const restarted = start(dir);
    const documents = restarted.search.documents as LazyDocuments<CatalogueDocument>;
    expect(documents).toBeInstanceOf(LazyDocuments);
    const faq = [...built.search.documents].find((document) => document.objecttype === 'FAQ' && document.language === 'en')!;
    const pages = [{ itemPath: String(faq.fields.clickableuri), language: 'en' }];
    built.search.hidePages(pages);
    restarted.search.hidePages(pages);
    expect(documents.documentsMade()).toBe(0);
    const [first, second] = await Promise.all([serve(built.search), serve(restarted.search)]);
    const ask = async (url: string) => {
      const response = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer local-search-token', 'content-type': 'application/json' }, body: JSON.stringify({ q: String(faq.fields.question_custom), aq: '@objecttype==FAQ', numberOfResults: 10 }) });
      const { results, totalCount } = (await response.json()) as { results: Array<{ clickUri: string }>; totalCount: number };
      return { totalCount, uris: results.map((result) => result.clickUri) };
    };
    const expected = await ask(first);
    expect(expected.totalCount).toBeGreaterThan(0);
    expect(expected.uris.some((uri) => uri.endsWith(String(faq.fields.clickableuri)))).toBe(false);
    expect(await ask(second)).toEqual(expected);
    // The page of results, not the catalogue (the phrase check reads a few more).
    expect(documents.documentsMade()).toBeGreaterThan(0);
    expect(documents.documentsMade()).toBeLessThan(documents.length / 10);
    await restarted.search.makeDocuments();
    expect(documents.documentsMade()).toBe(documents.length);
    built.search.hidePages([]);
  });

  it('is not used for other documents (another seed): those build their own', () => {
    const other = start(dir, 8);
    expect(other.search.stats.indexFrom).toBe('built');
    expect(readdirSync(dir).filter((name) => name.endsWith('.snapshot'))).toHaveLength(1);
  });

  it('is keyed by size, seed and the code that made it: changing any of them makes it stale', () => {
    const key = snapshotKey(1500, 7);
    expect(snapshotKey(1501, 7)).not.toBe(key);
    expect(snapshotKey(1500, 8)).not.toBe(key);
    expect(snapshotKey(1500, 7, 'another digest of the sources')).not.toBe(key);
    // The generator, the index and the snapshot's own format are among the sources digested.
    const sources = snapshotSources().map((file) => path.relative(process.cwd(), file));
    for (const source of ['standins/search/catalogue/generate.ts', 'standins/search/engine/index.ts', 'standins/search/snapshot.ts', 'standins/search/document-codec.ts', 'standins/search/suggest.ts']) {
      expect(sources).toContain(source);
    }
  });

  it('written for another key (a file renamed by hand) is not used', () => {
    const own = tempDir();
    start(own);
    const [file] = readdirSync(own).filter((name) => name.endsWith('.snapshot'));
    const { head, documents } = openSnapshotBody(unsealSnapshot(readFileSync(path.join(own, file!))));
    writeFileSync(path.join(own, file!), sealSnapshot(layOutSnapshot({ ...(head as SnapshotHead), key: 'another' }, documents)));
    const again = start(own);
    expect(again.search.stats.indexFrom).toBe('built');
    expect(again.problems.join()).toMatch(/another key/);
  });

  it.each(damages)('%s is reported, removed and built again', (_what, damage) => {
    const own = tempDir();
    start(own);
    const [file] = readdirSync(own).filter((name) => name.endsWith('.snapshot'));
    damage(path.join(own, file!));
    const again = start(own);
    expect(again.search.stats.indexFrom).toBe('built');
    expect(again.problems.join()).toMatch(/does not read back/);
    expect(JSON.stringify([...again.search.documents])).toBe(JSON.stringify([...built.search.documents]));
    expect(start(own).search.stats.indexFrom).toBe('snapshot');
  });

  it('that cannot be written leaves the service working and says why', () => {
    const blocked = path.join(tempDir(), 'a-file');
    writeFileSync(blocked, '');
    const { search, problems } = start(blocked);
    expect(search.stats.indexFrom).toBe('built');
    expect(problems.join()).toMatch(/could not be written/);
    expect(existsSync(blocked)).toBe(true);
  });
});

describe('the index snapshot read in a worker thread (decision 0108)', () => {
  let dir: string;
  let built: ReturnType<typeof start>;
  beforeAll(() => {
    dir = tempDir();
    built = start(dir);
  });
  const snapshotFile = (where: string) => path.join(where, readdirSync(where).find((name) => name.endsWith('.snapshot'))!);

  it('hands over the very bytes the file holds before its checksum', async () => {
    const read = await takePrefetchedSnapshot(dir, 1500);
    expect(read?.problem).toBeUndefined();
    expect(read?.file).toBe(snapshotFile(dir));
    expect(Buffer.from(read!.body!).equals(unsealSnapshot(readFileSync(snapshotFile(dir))))).toBe(true);
  });

  it('gives a restart that answers exactly as the built index, with nothing to report', async () => {
    const read = await takePrefetchedSnapshot(dir, 1500);
    const restarted = start(dir, 7, read);
    expect(restarted.search.stats.indexFrom).toBe('snapshot');
    expect(restarted.search.stats.snapshotReadIn).toBe('worker');
    expect(restarted.problems).toEqual([]);
    expect(JSON.stringify([...restarted.search.documents])).toBe(JSON.stringify([...built.search.documents]));
    const [first, second] = await Promise.all([serve(built.search), serve(restarted.search)]);
    expect(await answers(second)).toEqual(await answers(first));
  });

  it('is one read however often it is asked for, until it is taken', async () => {
    const own = tempDir();
    start(own);
    const first = prefetchSnapshot(own, 1500);
    expect(prefetchSnapshot(own, 1500)).toBe(first);
    expect(takePrefetchedSnapshot(own, 1500)).toBe(first);
    const again = takePrefetchedSnapshot(own, 1500);
    expect(again).not.toBe(first);
    expect((await again)?.file).toBe((await first)?.file);
  });

  it('finds nothing where there is no snapshot, or no single one of the size', async () => {
    expect(await takePrefetchedSnapshot(path.join(tempDir(), 'never-made'), 1500)).toBeUndefined();
    expect(await takePrefetchedSnapshot(dir, 1501)).toBeUndefined();
    const two = tempDir();
    start(two);
    const file = snapshotFile(two);
    writeFileSync(file.replace(/[0-9a-f]+\.snapshot$/, 'another.snapshot'), readFileSync(file));
    expect(await takePrefetchedSnapshot(two, 1500)).toBeUndefined();
  });

  it("of another key's file is not used: the key's own file is read", async () => {
    const own = tempDir();
    start(own);
    const read = await takePrefetchedSnapshot(own, 1500);
    const restarted = start(own, 7, { ...read!, file: path.join(own, 'search-index-1500-another.snapshot') });
    expect(restarted.search.stats.indexFrom).toBe('snapshot');
    expect(restarted.search.stats.snapshotReadIn).toBe('main thread');
    expect(restarted.problems).toEqual([]);
  });

  it.each(damages)('%s is reported, removed and built again', async (_what, damage) => {
    const own = tempDir();
    start(own);
    damage(snapshotFile(own));
    const read = await takePrefetchedSnapshot(own, 1500);
    expect(read?.file).toBe(snapshotFile(own));
    const again = start(own, 7, read);
    expect(again.search.stats.indexFrom).toBe('built');
    expect(again.problems.join()).toMatch(/does not read back/);
    expect(JSON.stringify([...again.search.documents])).toBe(JSON.stringify([...built.search.documents]));
    const next = await takePrefetchedSnapshot(own, 1500);
    expect(next?.problem).toBeUndefined();
    expect(start(own, 7, next).search.stats.indexFrom).toBe('snapshot');
  });
});
