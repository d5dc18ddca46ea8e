import { accessSync, constants, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { SITE_PAGE_SIZES } from '../../app/lib/search-rules.ts';
import { SEARCH_TABS } from '../../app/plugins/search/sections.ts';
import { searchedValues, valueFilterExpression } from '../../app/plugins/search/query-values.ts';
import { withExactPart } from '../../app/plugins/search/exact-part-query.server.ts';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { resolveSearchEndpoint, searchWithRetry } from '../search-endpoint.ts';
import { judge, readJudgedSet, summarize, NDCG_DEPTH, type JudgedOutcome } from '../relevance.ts';

/**
 * sitectl replay <file>: replays a query log against the Search API and records, per query, the
 * total count, the top N result ids and the latency; compared with a baseline it reports results
 * that left the top N, rank moves, count changes beyond a tolerance and new errors.
 */

const TAB_IDS = SEARCH_TABS.map((tab) => tab.id);

export const replayQuerySchema = z.object({
  q: z.string(),
  // The site's own tabs: a log line asks for one by its id, as the search page's URL does.
  tab: z.string().refine((id) => TAB_IDS.includes(id), { error: (issue) => `"${String(issue.input)}" is not a tab of the site (tabs: ${TAB_IDS.join(', ')})` }).optional(),
  facets: z.record(z.string(), z.array(z.string())).default({}),
  sort: z.string().optional(),
  page: z.number().int().min(1, 'must be 1 or more (the first page is 1)').default(1),
  pageSize: z.number().int().min(1).max(1000).default(SITE_PAGE_SIZES[0]),
  locale: z.string().default('en-US'),
});
export type ReplayQuery = z.infer<typeof replayQuerySchema>;

const outcomeSchema = z.object({
  key: z.string(),
  query: replayQuerySchema,
  total: z.number().nullable(),
  top: z.array(z.string()),
  latencyMs: z.number(),
  error: z.string().optional(),
});
type Outcome = z.infer<typeof outcomeSchema>;
const baselineSchema = z.object({ version: z.literal(1), top: z.number().int(), outcomes: z.array(outcomeSchema) });

/** JSON lines, or CSV with a header (q, tab, sort, page, locale, facets as field=v1|v2;field2=v). */
export function readQueryLog(file: string): ReplayQuery[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file} (${error instanceof Error ? error.message : String(error)}).`);
  }
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const parseLine = (raw: unknown, lineNumber: number) => {
    const parsed = replayQuerySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(`${file}:${lineNumber}: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`);
    }
    return parsed.data;
  };
  if (file.endsWith('.csv')) {
    const [header, ...rows] = lines;
    const columns = (header ?? '').split(',').map((c) => c.trim());
    return rows.map((row, i) => {
      const cells = row.split(',');
      const record = Object.fromEntries(columns.map((column, j) => [column, cells[j]?.trim() ?? '']));
      const facets = Object.fromEntries(
        (record.facets ?? '')
          .split(';')
          .filter(Boolean)
          .map((pair) => {
            const [field, values] = pair.split('=');
            return [field!.trim(), (values ?? '').split('|').map((v) => v.trim()).filter(Boolean)];
          }),
      );
      return parseLine({ q: record.q ?? '', ...(record.tab ? { tab: record.tab } : {}), ...(record.sort ? { sort: record.sort } : {}), ...(record.page ? { page: Number(record.page) } : {}), ...(record.locale ? { locale: record.locale } : {}), facets }, i + 2);
    });
  }
  return lines.map((line, i) => {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      throw new UsageError(`${file}:${i + 1}: not valid JSON`);
    }
    return parseLine(raw, i + 1);
  });
}

/**
 * The Search API request of a log line. A tab filters as the search page's does: Headless's tab
 * controller sends the tab's id and its expression as the constant query (cq), read here from the
 * site's own SEARCH_TABS (app/plugins/search/search-plan.server.ts builds the page's tab from them).
 */
export function replayRequest(query: ReplayQuery): Record<string, unknown> {
  const tab = SEARCH_TABS.find((candidate) => candidate.id === query.tab);
  // Values with units narrow as the search page narrows them (decision 0163).
  const reading = searchedValues({ q: query.q, facets: {} }, query.locale);
  const values = valueFilterExpression(reading.values);
  // A part number's own part first, as the search page asks for it (decision 0160).
  const exact = withExactPart(query.q, values ?? '');
  return {
    q: reading.text,
    ...(exact.aq ? { aq: exact.aq } : {}),
    ...(exact.dq ? { dq: exact.dq } : {}),
    ...(tab ? { tab: tab.id } : {}),
    ...(tab?.expression ? { cq: tab.expression } : {}),
    locale: query.locale,
    sortCriteria: query.sort ?? 'relevancy',
    firstResult: (query.page - 1) * query.pageSize,
    numberOfResults: query.pageSize,
    fieldsToInclude: ['permanentid'],
    queryCorrection: { enabled: true, options: { automaticallyCorrect: 'whenNoResults' } },
    facets: Object.entries(query.facets).map(([field, values]) => ({
      type: 'specific',
      facetId: field.replace(/[^A-Za-z0-9_-]/g, '_'),
      field,
      numberOfValues: 8,
      currentValues: values.map((value) => ({ value, state: 'selected' })),
    })),
  };
}

export function queryKey(query: ReplayQuery): string {
  return JSON.stringify([query.q, query.tab ?? '', query.facets, query.sort ?? '', query.page, query.pageSize, query.locale]);
}

/** A baseline can be written there: a file that is not a folder, in a folder this user may write. */
function assertWritable(file: string) {
  try {
    if (existsSync(file) && statSync(file).isDirectory()) throw new Error('it is a folder');
    accessSync(existsSync(file) ? file : path.dirname(path.resolve(file)), constants.W_OK);
  } catch (error) {
    throw new UsageError(`cannot write ${file} (${error instanceof Error ? error.message : String(error)}).`);
  }
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Regression {
  query: string;
  problems: string[];
}

/** What got worse between a baseline and now, per query. */
export function compare(baseline: Outcome[], current: Outcome[], tolerance: number): Regression[] {
  const before = new Map(baseline.map((o) => [o.key, o]));
  const out: Regression[] = [];
  for (const now of current) {
    const then = before.get(now.key);
    if (!then) continue;
    const problems: string[] = [];
    if (now.error && !then.error) problems.push(`new error: ${now.error}`);
    for (const [rank, id] of then.top.entries()) {
      const at = now.top.indexOf(id);
      if (at < 0) problems.push(`result #${rank + 1} (${id}) left the top ${then.top.length}`);
      else if (at !== rank) problems.push(`result ${id} moved from #${rank + 1} to #${at + 1}`);
    }
    if (then.total !== null && now.total !== null) {
      const change = then.total === 0 ? (now.total === 0 ? 0 : 1) : Math.abs(now.total - then.total) / then.total;
      if (change > tolerance) problems.push(`total changed from ${then.total} to ${now.total} (more than ${Math.round(tolerance * 100)} %)`);
    }
    if (problems.length) out.push({ query: now.query.q || '(empty query)', problems });
  }
  return out;
}

function progress(io: CliIo, done: number, total: number) {
  if (!io.isTerminal) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
}

interface ReplayOptions {
  minNdcg?: string;
  record?: string;
  baseline?: string;
  concurrency: string;
  /** Undefined when not given, so that giving them with a judged set can be refused. */
  top?: string;
  tolerance?: string;
  json?: boolean;
}

const DEFAULT_TOP = '10';
const DEFAULT_TOLERANCE = '0.1';

/** Options of one kind of file given with the other are refused: silently ignored, they would mislead. */
function refuseMisplacedOptions(file: string, judged: boolean, options: ReplayOptions) {
  if (judged) {
    const given = (['record', 'baseline', 'top', 'tolerance'] as const).filter((name) => options[name] !== undefined).map((name) => `--${name}`);
    if (given.length) throw new UsageError(`${given.join(', ')} ${given.length === 1 ? 'compares' : 'compare'} the results of a query log (JSON lines or CSV); ${file} is a judged set (YAML), scored as nDCG@${NDCG_DEPTH} against --min-ndcg.`);
  } else if (options.minNdcg !== undefined) {
    throw new UsageError(`--min-ndcg scores a judged set (YAML); ${file} is a query log: compare its results with --record and --baseline.`);
  }
}

/** A search the Search API refused or did not answer, after its retries. */
class SearchFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchFailed';
  }
}

/** A judged set (YAML) rather than a query log: replay scores it as nDCG@10 (docs/decisions/0081). */
export const isJudgedSet = (file: string) => /\.ya?ml$/i.test(file);

/**
 * Scores a judged query set against the Search API as the search page asks it, and prints nDCG@10
 * overall, per kind of query, per language and for each query below 1; exit 1 when the mean is
 * under --min-ndcg, a judgment no longer fits the catalogue, or a query failed (it is then left out
 * of the mean: a refused request says nothing about relevance).
 */
export async function runJudged(file: string, options: ReplayOptions, io: CliIo): Promise<{ exit: number; outcomes: JudgedOutcome[]; summary: ReturnType<typeof summarize> }> {
  const floor = options.minNdcg === undefined ? undefined : Number(options.minNdcg);
  if (floor !== undefined && !(floor >= 0 && floor <= 1)) throw new UsageError('--min-ndcg must be a number from 0 to 1.');
  const concurrency = Number(options.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('--concurrency must be a whole number from 1 to 64.');
  const queries = readJudgedSet(file);
  const endpoint = await resolveSearchEndpoint();
  const api = {
    search: async (body: Record<string, unknown>) => {
      const answer = await searchWithRetry(endpoint, body);
      // Thrown, not answered: a search that failed says nothing about the judgment (no results to grade).
      if (!answer.ok) throw new SearchFailed(answer.message);
      return answer.data as Awaited<ReturnType<Parameters<typeof judge>[0]['search']>>;
    },
  };
  const outcomes: JudgedOutcome[] = new Array(queries.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < queries.length) {
      const index = next++;
      const query = queries[index]!;
      try {
        outcomes[index] = await judge(api, query);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        // A rule the judge cannot read is the judgment's problem; anything else (a refused or lost request) the query's.
        outcomes[index] = { q: query.q, locale: query.locale, kind: query.kind, ndcg: 0, grades: [], ideal: [], top: [], ...(error instanceof UsageError ? { error: message } : { failed: message }) };
      }
      progress(io, ++done, queries.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, queries.length) }, worker));
  } finally {
    await endpoint.close();
  }
  const summary = summarize(outcomes);
  const broken = outcomes.filter((outcome) => outcome.error || outcome.failed);
  const failed = broken.length > 0 || (floor !== undefined && summary.ndcg < floor);
  if (options.json) {
    io.out(JSON.stringify({ endpoint: `${endpoint.apiUrl} (${endpoint.origin})`, summary, floor, outcomes }, null, 2));
  } else {
    io.out(`Judged ${summary.queries} queries against ${endpoint.apiUrl} (${endpoint.origin})`);
    for (const outcome of [...outcomes].filter((o) => o.ndcg < 1 && !o.failed).sort((a, b) => a.ndcg - b.ndcg)) {
      io.out(`  ${outcome.ndcg.toFixed(3)}  ${outcome.locale}  ${JSON.stringify(outcome.q)}  grades ${outcome.grades.join('') || '-'} of ${outcome.ideal.join('')}${outcome.error ? `  ✖ ${outcome.error}` : ''}`);
    }
    for (const outcome of outcomes.filter((o) => o.failed)) io.out(`  failed  ${outcome.locale}  ${JSON.stringify(outcome.q)}  ✖ ${outcome.failed}`);
    io.out(`by kind: ${Object.entries(summary.byKind).map(([kind, value]) => `${kind} ${value.toFixed(3)}`).join(', ')}`);
    io.out(`by language: ${Object.entries(summary.byLanguage).map(([language, value]) => `${language} ${value.toFixed(3)}`).join(', ')}`);
    io.out(`nDCG@${NDCG_DEPTH} ${summary.ndcg.toFixed(3)}${floor !== undefined ? ` (floor ${floor.toFixed(3)}: ${summary.ndcg >= floor ? 'holds' : 'BELOW'})` : ''}`);
    if (summary.failed) io.out(`✖ ${summary.failed} ${summary.failed === 1 ? 'query' : 'queries'} failed and ${summary.failed === 1 ? 'is' : 'are'} not scored: the score is of the other ${summary.queries - summary.failed}`);
  }
  return { exit: failed ? EXIT.problems : EXIT.ok, outcomes, summary };
}

export async function runReplay(file: string, options: ReplayOptions, io: CliIo): Promise<number> {
  refuseMisplacedOptions(file, isJudgedSet(file), options);
  if (isJudgedSet(file)) return (await runJudged(file, options, io)).exit;
  const concurrency = Number(options.concurrency);
  const top = Number(options.top ?? DEFAULT_TOP);
  const tolerance = Number(options.tolerance ?? DEFAULT_TOLERANCE);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new UsageError('--concurrency must be a whole number from 1 to 64.');
  if (!Number.isInteger(top) || top < 1 || top > 100) throw new UsageError('--top must be a whole number from 1 to 100.');
  if (!Number.isFinite(tolerance) || tolerance < 0) throw new UsageError('--tolerance must be a number of at least 0 (0.1 = 10 %).');
  const queries = readQueryLog(file);
  // Found out now, not after every query has run.
  if (options.record) assertWritable(options.record);
  let baseline: z.infer<typeof baselineSchema> | undefined;
  if (options.baseline) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(options.baseline, 'utf8'));
    } catch (error) {
      throw new UsageError(`${options.baseline}: not a baseline (${error instanceof Error ? error.message : error}).`);
    }
    const parsed = baselineSchema.safeParse(raw);
    if (!parsed.success) throw new UsageError(`${options.baseline}: not a baseline written by --record (${parsed.error.issues[0]!.message}).`);
    baseline = parsed.data;
  }

  const endpoint = await resolveSearchEndpoint();
  const outcomes: Outcome[] = new Array(queries.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < queries.length) {
      const index = next++;
      const query = queries[index]!;
      const body = replayRequest(query);
      const started = performance.now();
      let outcome: Outcome;
      try {
        const answer = await searchWithRetry(endpoint, body);
        const data = answer.data as { totalCountFiltered?: number; results?: Array<{ raw?: { permanentid?: string }; uniqueId: string }> } | undefined;
        outcome = answer.ok
          ? { key: queryKey(query), query, total: data?.totalCountFiltered ?? 0, top: (data?.results ?? []).slice(0, top).map((r) => r.raw?.permanentid ?? r.uniqueId), latencyMs: answer.latencyMs }
          : { key: queryKey(query), query, total: null, top: [], latencyMs: answer.latencyMs, error: answer.message };
      } catch (error) {
        outcome = { key: queryKey(query), query, total: null, top: [], latencyMs: performance.now() - started, error: error instanceof Error ? error.message : String(error) };
      }
      outcomes[index] = outcome;
      progress(io, ++done, queries.length);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, queries.length) }, worker));
  } finally {
    await endpoint.close();
  }

  const latencies = outcomes.map((o) => o.latencyMs);
  const errors = outcomes.filter((o) => o.error);
  const summary = {
    endpoint: `${endpoint.apiUrl} (${endpoint.origin})`,
    queries: outcomes.length,
    errors: errors.length,
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) },
  };
  if (options.record) {
    try {
      writeFileSync(options.record, `${JSON.stringify({ version: 1, top, outcomes }, null, 2)}\n`);
    } catch (error) {
      throw new UsageError(`cannot write ${options.record} (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
  const regressions = baseline ? compare(baseline.outcomes, outcomes, tolerance) : [];

  if (options.json) {
    io.out(JSON.stringify({ summary, outcomes: outcomes.map(({ key: _key, ...o }) => o), regressions }, null, 2));
  } else {
    io.out(`Replayed ${summary.queries} queries against ${summary.endpoint}`);
    io.out(`latency p50 ${summary.latencyMs.p50.toFixed(1)} ms, p95 ${summary.latencyMs.p95.toFixed(1)} ms, p99 ${summary.latencyMs.p99.toFixed(1)} ms; ${summary.errors} ${summary.errors === 1 ? 'query' : 'queries'} failed`);
    for (const error of errors) io.out(`✖ ${JSON.stringify(error.query.q)}: ${error.error}`);
    if (options.record) io.out(`baseline written to ${options.record}`);
    if (baseline) {
      if (regressions.length === 0) io.out(`✔ no regressions against ${options.baseline}`);
      for (const regression of regressions) {
        io.out(`✖ ${JSON.stringify(regression.query)}`);
        for (const problem of regression.problems) io.out(`    ${problem}`);
      }
    }
  }
  // 0 means all good (README): a query that failed is a problem whether or not there is a baseline.
  return regressions.length > 0 || errors.length > 0 ? EXIT.problems : EXIT.ok;
}

export function registerReplay(program: Command, io: CliIo, setExit: (code: number) => void) {
  program
    .command('replay')
    .description('replay a query log against the Search API; record a baseline or compare with one')
    .argument('<file>', `query log: JSON lines {q, tab, facets, sort, page, locale} or CSV with those columns (tab: ${TAB_IDS.join(', ')}, filtered as the search page filters it); or a judged set (YAML) to score as nDCG@10`)
    .option('--min-ndcg <score>', 'judged set: exit 1 when the mean nDCG@10 is below this (0 to 1)')
    .option('--record <file>', 'query log: write the outcomes as a baseline')
    .option('--baseline <file>', 'query log: compare with a baseline; exit 1 on a regression')
    .option('--concurrency <n>', 'queries in flight', '4')
    .option('--top <n>', `query log: results compared per query (default: ${DEFAULT_TOP})`)
    .option('--tolerance <ratio>', `query log: total-count change allowed (0.1 = 10 %; default: ${DEFAULT_TOLERANCE})`)
    .option('--json', 'machine-readable output')
    .addHelpText(
      'after',
      `
The Search API is SEARCH_API_URL when set, else the running site's (HOST:PORT), else the search
stand-in, started as a process of its own for the run. A search answered 429 (too many requests)
is tried again after the Retry-After it gives (at most 6 tries and 30 s of waiting); one still
refused is a failed query, and a judged set leaves it out of the score.

Exit codes: 0 all good; 1 a query failed, a regression against --baseline, or a judged set's
judgment no longer fits or its score is under --min-ndcg; 2 a usage error (a bad log line or option).

Examples:
  $ sitectl replay fixtures/search/sample-queries.jsonl --record baseline.json
  $ sitectl replay fixtures/search/sample-queries.jsonl --baseline baseline.json --tolerance 0.05
  $ sitectl replay fixtures/search/judged-queries.yaml --min-ndcg 0.8`,
    )
    .action(async (file: string, options: ReplayOptions) => {
      setExit(await runReplay(file, options, io));
    });
}
