/**
 * npm run bench:browser [-- --rounds 10 --throttle 4 --only navigation|suggestions --profile [trace.json] --site dir]
 *
 * Issue 30 item 5, in a browser (Playwright's Chromium) with JavaScript on and the CPU slowed
 * --throttle times (DevTools' CPU throttling, as Lighthouse's mobile profile does):
 *   - the header box: after each keystroke's suggestions answer has arrived (its Resource Timing
 *     responseEnd), how long until the new suggestions are on screen (the listbox's options
 *     changed, then the next frame painted); target within 100 ms;
 *   - a client navigation to a search page (the header box submitted on a search page, Remix's
 *     router fetching the page's `.data`): from that answer's responseEnd to the new result count
 *     painted; target within 300 ms.
 * Both are measured with the page's own clock (performance.now, Resource Timing), not asserted in
 * tests. Starts one built demo site process on a spare port in 3700-3799 (needs `npm run build`).
 *
 * --profile: the navigations run under a Chromium trace (timeline and V8 sampling profiler), and
 * the bench prints where each navigation's time from its data to its paint went: the renderer's
 * own work (style, layout, paint, script) and the script's samples by package or site file
 * (bench/support/trace-window.ts; names and files need the source maps of
 * `SITE_SOURCEMAPS=1 npm run build`). The trace is written to --profile's file when one is given.
 * Tracing slows the page a little: compare profiles with profiles, timings with timings.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { startSiteProcess, stop } from '../deploy/cluster.ts';
import { createCleanups, sparePort, runBenchmark } from './support/run.ts';
import { readTrace, sumReports, top, type TraceWindow } from './support/trace-window.ts';

function argument(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}
const rounds = Number(argument('rounds', '10'));
const profiling = process.argv.includes('--profile');
/** --site <dir>: serve the build in <dir>/build (A/B runs of two builds in one checkout); the checkout's own by default. */
const siteDir = path.resolve(argument('site', process.cwd()));
/** --only navigation or --only suggestions: one row alone (A/B runs of the row being worked on). */
const only = argument('only', '');
const traceFile = argument('profile', '');
const throttle = Number(argument('throttle', '4'));
const TARGET = { suggestionsMs: 100, navigationMs: 300 };
const WORDS = ['fuse', 'relay', 'sensor', 'mosfet', 'diode', 'varistor', 'thermistor', 'igbt', 'capacitor', 'switch', 'connector', 'inductor'];

const cleanups = createCleanups();


/**
 * In the page: Resource Timing answers and the moments new content was painted, on the page's
 * clock. A string, not a function: tsx's compiled functions call helpers the page does not have.
 * Painted: the frame after the change (requestAnimationFrame runs before that frame's paint; a
 * task queued from it runs after the paint).
 */
const OBSERVE = `(() => {
  const list = (window.benchMarks = []);
  // Each also a User Timing mark, so a trace (--profile) shows them.
  const marks = { push: (mark) => { list.push(mark); performance.mark('bench:' + mark.kind, { startTime: mark.t }); } };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name.includes('/api/search/suggest')) marks.push({ kind: 'suggest-answer', t: entry.responseEnd, name: entry.name });
      else if (/\\.data(\\?|$)/.test(entry.name)) marks.push({ kind: 'data-answer', t: entry.responseEnd, name: entry.name });
    }
  }).observe({ type: 'resource' });
  const painted = (kind) => requestAnimationFrame(() => setTimeout(() => marks.push({ kind, t: performance.now() }), 0));
  let options = '';
  let count = '';
  new MutationObserver(() => {
    const nowOptions = [...document.querySelectorAll('[role="option"]')].map((node) => node.textContent).join('|');
    if (nowOptions && nowOptions !== options) painted('suggestions-shown');
    options = nowOptions;
    const nowCount = document.querySelector('.result-count')?.textContent ?? '';
    if (nowCount && nowCount !== count) {
      marks.push({ kind: 'results-changed', t: performance.now() });
      painted('results-shown');
    }
    count = nowCount;
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

type Mark = { kind: string; t: number; name?: string };
const marksOf = (page: Page) => page.evaluate(() => (window as Window & { benchMarks?: Mark[] }).benchMarks ?? []);

/** For each `shown` mark, the time since the last `answer` mark before it. */
function delays(marks: Mark[], answer: string, shown: string): number[] {
  const result: number[] = [];
  let last: number | undefined;
  for (const mark of [...marks].sort((a, b) => a.t - b.t)) {
    if (mark.kind === answer) last = mark.t;
    else if (mark.kind === shown && last !== undefined) {
      result.push(mark.t - last);
      last = undefined;
    }
  }
  return result;
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return { n: sorted.length, p50: at(0.5), p90: at(0.9), max: sorted.at(-1) ?? Number.NaN };
};

async function main(): Promise<void> {
  console.info(`Browser benchmark: Chromium, JavaScript on, CPU ${throttle}x slower, ${rounds} rounds, ${path.relative(process.cwd(), path.join(siteDir, 'build')) || 'build'}, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
  const port = await sparePort(3799, 3700);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-browser-'));
  cleanups.add(() => rmSync(dataDir, { recursive: true, force: true }));
  const site = await startSiteProcess({ name: 'site', port, cwd: siteDir, env: { DATA_DIR: dataDir, SEARCH_RATE_LIMIT_PER_MINUTE: '0', SITE_MODE: 'demo' } });
  cleanups.add(() => stop(site));
  const origin = `http://127.0.0.1:${port}`;
  // Debian's chromium, as the e2e tests (scripts/ensure-chromium.mjs): Playwright's own download is refused here.
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  cleanups.add(() => browser.close());
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.addInitScript(OBSERVE);

  // The header box, a word typed a key at a time on the home page, round after round.
  const suggestionDelays: number[] = [];
  for (let round = 0; round < (only === 'navigation' ? 0 : rounds); round++) {
    await page.goto(`${origin}/`);
    await page.locator('html.js').waitFor();
    const box = page.locator('.header-search input[role="combobox"]');
    await box.pressSequentially(WORDS[round % WORDS.length]!, { delay: 250 });
    await page.waitForTimeout(800);
    const marks = await marksOf(page);
    suggestionDelays.push(...delays(marks, 'suggest-answer', 'suggestions-shown'));
  }

  // Client navigations: from a search page, the header box submitted with another word.
  const navigationDelays: number[] = [];
  await page.goto(`${origin}/searchresult?q=fuse`);
  await page.locator('html.js').waitFor();
  const sync = profiling ? await startTrace(page) : undefined;
  for (let round = 0; round < (only === 'suggestions' ? 0 : rounds); round++) {
    const box = page.locator('.header-search input[name="q"]');
    await box.fill(`${WORDS[(round + 3) % WORDS.length]} ${round}`);
    const arrived = page.waitForResponse((response) => /\.data(\?|$)/.test(new URL(response.url()).pathname + new URL(response.url()).search));
    await box.press('Enter');
    await arrived;
    await page.waitForTimeout(1500);
  }
  navigationDelays.push(...delays(await marksOf(page), 'data-answer', 'results-shown'));
  if (sync !== undefined) await reportTrace(page, sync, await marksOf(page));

  const s = summary(suggestionDelays);
  const n = summary(navigationDelays);
  const verdict = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');
  console.info(`  suggestions on screen after their answer   p50 ${s.p50.toFixed(0)} ms   p90 ${s.p90.toFixed(0)} ms   max ${s.max.toFixed(0)} ms   (${s.n} answers)   target <= ${TARGET.suggestionsMs} ms: ${verdict(s.p90, TARGET.suggestionsMs)} (p90)`);
  console.info(`  search page painted after its data         p50 ${n.p50.toFixed(0)} ms   p90 ${n.p90.toFixed(0)} ms   max ${n.max.toFixed(0)} ms   (${n.n} navigations)   target <= ${TARGET.navigationMs} ms: ${verdict(n.p90, TARGET.navigationMs)} (p90)`);
  console.info(`load average at the end: ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
}

const SYNC_MARK = 'bench-trace-sync';

/** Starts the trace; returns the page clock's time of a mark that ties it to the trace's clock. */
async function startTrace(page: Page): Promise<number> {
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel'];
  await page.context().browser()!.startTracing(page, { categories });
  return page.evaluate((name) => performance.mark(name).startTime, SYNC_MARK);
}

/** Each navigation's stretch from its data to its paint (and to the DOM change inside it), read from the trace. */
async function reportTrace(page: Page, syncStart: number, marks: Mark[]): Promise<void> {
  const buffer = await page.context().browser()!.stopTracing();
  if (traceFile && !traceFile.startsWith('--')) writeFileSync(traceFile, buffer);
  const trace = readTrace(buffer.toString('utf8'), path.join(siteDir, 'build/client'), SYNC_MARK, syncStart);
  const toTrace = (t: number) => t * 1000 + trace.offset;
  const windows: Array<{ toChange: TraceWindow; toPaint: TraceWindow }> = [];
  let answer: number | undefined;
  let changed: number | undefined;
  for (const mark of [...marks].sort((a, b) => a.t - b.t)) {
    if (mark.t < syncStart) continue;
    if (mark.kind === 'data-answer') [answer, changed] = [mark.t, undefined];
    else if (mark.kind === 'results-changed' && answer !== undefined) changed = mark.t;
    else if (mark.kind === 'results-shown' && answer !== undefined && changed !== undefined) {
      windows.push({ toChange: { from: toTrace(answer), to: toTrace(changed) }, toPaint: { from: toTrace(answer), to: toTrace(mark.t) } });
      answer = undefined;
    }
  }
  const n = windows.length;
  const all = sumReports(windows.map((window) => trace.report(window.toPaint)));
  const toChange = sumReports(windows.map((window) => trace.report(window.toChange)));
  const ms = (value: number) => `${(value / n).toFixed(1)} ms`;
  console.info(`  profile of ${n} navigations, data to paint (mean per navigation; ${ms(toChange.wallMs)} of ${ms(all.wallMs)} until the DOM changed):`);
  console.info(`    main thread CPU from data to paint: ${ms(all.cpuMs)} (${ms(toChange.cpuMs)} until the DOM changed); thread time, less moved by the machine's other load than wall time`);
  console.info(`    renderer work by trace event (exclusive; RunTask's own time is the task's outside any event below it):\n${top(all.byEvent, 14, n)}`);
  console.info(`    script samples by package or site file (self):\n${top(all.bySource, 14, n)}`);
  console.info(`    script samples under each package or file (inclusive):\n${top(all.underSource, 14, n)}`);
  console.info(`    script samples by function (self):\n${top(all.byFunction, 25, n)}`);
  // The site's own functions and the router's, with what they call (React's reconciler is left out: it is under everything).
  const ours = new Map([...all.underFunction].filter(([name]) => / (app\/|@remix-run|react-router|turbo-stream)/.test(name)));
  console.info(`    the site's, Remix's and the router's functions (inclusive):\n${top(ours, 25, n)}`);
  console.info(`    until the DOM changed, by package or file (inclusive):\n${top(toChange.underSource, 10, n)}`);
}

await runBenchmark(main, cleanups);
