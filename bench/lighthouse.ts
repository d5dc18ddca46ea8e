/**
 * npm run bench:lighthouse [-- --site http://127.0.0.1:3000 --runs 1] [-- --accessibility [--only /products]]
 *
 * With --accessibility: Lighthouse's accessibility score (mobile, as above) of every page type the
 * e2e tests walk (tests/e2e/support/page-types.ts), each page's failing audits named (issue 31:
 * 1.0 on every page type, target-size for the range sliders). Asserts nothing either; the e2e
 * accessibility spec checks the same axe rules, target-size included, on every page type.
 *
 * Lighthouse's mobile performance score (its default: a mid-range phone, slow 4G, throttled CPU)
 * for the four page types issue 20 names: home, search results, a product listing, a product
 * page. Without --site it starts the last build on a spare port (demo mode, DATA_DIR in a temporary
 * directory) and stops it at the end. Uses Debian's chromium (/usr/bin/chromium, or CHROME_PATH),
 * headless. Prints each page's median score (target 0.98) with that run's metrics and its largest
 * contentful paint element; asserts nothing. A run Lighthouse could not trace (its NO_NAVSTART,
 * seen on a busy machine) is run again once.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, startSiteProcess, stop, type Running } from '../deploy/cluster.ts';

const run = promisify(execFile);

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const TARGET = 0.98;
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(argument('runs') ?? '1');

interface Report {
  categories: { performance?: { score: number | null }; accessibility?: { score: number | null; auditRefs: Array<{ id: string; weight: number }> } };
  audits: Record<string, { score?: number | null; numericValue?: number; displayValue?: string; details?: { items?: Array<{ items?: Array<{ node?: { selector?: string } }>; node?: { selector?: string }; score?: number }> } }>;
  runtimeError?: { message: string };
}

/**
 * One Lighthouse run. Its report goes to a file, not stdout: Lighthouse exits right after writing
 * it, and a report of more than about 200 kB (the listing's) came through the pipe cut short.
 */
async function lighthouseOnce(url: string, category = 'performance'): Promise<Report> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-report-'));
  const file = path.join(dir, 'report.json');
  try {
    try {
      await run(
        path.resolve('node_modules/.bin/lighthouse'),
        [url, `--only-categories=${category}`, '--output=json', `--output-path=${file}`, '--quiet', `--chrome-path=${chrome}`, '--chrome-flags=--headless=new --no-sandbox --disable-dev-shm-usage'],
        { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: chrome } },
      );
    } catch (error) {
      // Lighthouse exits 1 on a runtime error and still writes its report.
      if (!existsSync(file)) throw error;
    }
    return JSON.parse(readFileSync(file, 'utf8')) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function lighthouse(url: string, category = 'performance'): Promise<Report> {
  const report = await lighthouseOnce(url, category);
  return report.runtimeError ? lighthouseOnce(url, category) : report;
}

/** The scored accessibility audits a page fails, each with the first elements Lighthouse names. */
function failedAccessibilityAudits(report: Report): string[] {
  const scored = report.categories.accessibility?.auditRefs.filter((ref) => ref.weight > 0) ?? [];
  return scored
    .filter((ref) => report.audits[ref.id]?.score === 0)
    .map((ref) => `${ref.id}: ${(report.audits[ref.id]?.details?.items ?? []).slice(0, 3).map((item) => item.node?.selector ?? '?').join(' | ')}`);
}

/** Every page type's accessibility score (the same list the e2e tests walk). */
async function accessibility(base: string) {
  const { PAGE_TYPES } = await import('../tests/e2e/support/page-types.ts');
  const listing = '/products/circuit-protection/fuses/surface-mount-fuses';
  const part = await productPath(base, listing);
  // --only /products: the page types whose address contains it.
  const only = argument('only');
  const pages = [...PAGE_TYPES, part, part.replace(/\/[^/]+$/, '')].filter((pagePath) => !only || pagePath.includes(only));
  console.info(`Lighthouse mobile accessibility, ${pages.length} page types, ${base}`);
  let below = 0;
  for (const pagePath of pages) {
    const report = await lighthouse(`${base}${pagePath}`, 'accessibility');
    // Lighthouse scores no page that answers 4xx (the 404 page): said, and on to the next.
    if (report.runtimeError) {
      console.info(`  --    ${pagePath}  (not scored: ${report.runtimeError.message.slice(0, 120)})`);
      continue;
    }
    const score = report.categories.accessibility?.score ?? 0;
    if (score < 1) below += 1;
    console.info(`  ${score.toFixed(2)}  ${pagePath}`);
    for (const failed of failedAccessibilityAudits(report)) console.info(`        ${failed}`);
  }
  console.info(below ? `${below} page type(s) below 1.0` : 'every page type 1.0');
}

/** The elements Lighthouse saw shift, with their share of the layout shift score. */
function shiftedElements(report: Report): string {
  const items = report.audits['layout-shifts']?.details?.items ?? [];
  return items.map((item) => `${item.node?.selector ?? '?'} (${(item.score ?? 0).toFixed(3)})`).join('; ');
}

/** The selector of the page's largest contentful paint element, as Lighthouse names it. */
function lcpElement(report: Report): string {
  return report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.selector ?? '?';
}

/** A part page: the first link six path segments deep on the listing (category, type, series, part). */
async function productPath(base: string, listing: string): Promise<string> {
  const html = await (await fetch(`${base}${listing}`)).text();
  const part = [...html.matchAll(/href="(\/products\/[^"?#]+)"/g)].map((match) => match[1]!).find((href) => href.split('/').length >= 7);
  if (!part) throw new Error(`no part page linked from ${listing}`);
  return part;
}

async function main() {
  if (!existsSync(chrome)) throw new Error(`no Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)`);
  let base = argument('site');
  let site: Running | undefined;
  let dataDir: string | undefined;
  try {
    if (!base) {
      if (!existsSync('build/server/index.js')) throw new Error('no build: npm run build first (or pass --site)');
      dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
      const port = await freePort();
      site = await startSiteProcess({ name: 'site', port, cwd: process.cwd(), env: { DATA_DIR: dataDir } });
      base = `http://127.0.0.1:${port}`;
    }
    if (process.argv.includes('--accessibility')) return await accessibility(base);
    const listing = '/products/circuit-protection/fuses';
    const pages: Array<[string, string]> = [
      ['home', '/'],
      ['search results', '/searchresult?q=fuse'],
      ['product listing', listing],
      ['product page', await productPath(base, listing)],
    ];
    const { stdout: version } = await run(chrome, ['--version']);
    console.info(`Lighthouse mobile performance, ${runs} run(s) a page, ${version.trim()} headless, ${base}, load average ${loadavg()[0]!.toFixed(1)}`);
    for (const [label, pagePath] of pages) {
      const reports: Report[] = [];
      for (let n = 0; n < runs; n += 1) {
        const report = await lighthouse(`${base}${pagePath}`);
        if (report.runtimeError) throw new Error(`${pagePath}: ${report.runtimeError.message}`);
        reports.push(report);
      }
      const score = (report: Report) => report.categories.performance?.score ?? 0;
      // The median run's own metrics: a score and the figures beside it come from one page load.
      const middle = [...reports].sort((a, b) => score(a) - score(b))[Math.floor(reports.length / 2)]!;
      const median = score(middle);
      const metric = (id: string) => middle.audits[id]?.displayValue ?? '?';
      console.info(
        `  ${label.padEnd(16)} ${median.toFixed(2)}  ${median >= TARGET ? 'met' : 'BELOW'} (target ${TARGET})  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}   ${pagePath}${runs > 1 ? `  (runs: ${reports.map((report) => score(report).toFixed(2)).join(' ')})` : ''}`,
      );
      // The machine's load moves TBT more than any change does: each page says what it ran under.
      console.info(`  ${''.padEnd(16)} LCP element: ${lcpElement(middle)}; load average ${loadavg()[0]!.toFixed(1)}`);
      const shifts = shiftedElements(middle);
      if (shifts) console.info(`  ${''.padEnd(16)} shifted: ${shifts}`);
    }
  } finally {
    if (site) await stop(site);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
