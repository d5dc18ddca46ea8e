import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sitectl } from '../support/sitectl.ts';

describe('sitectl validate (REQ-CLI-1 messages and exit codes)', () => {
  it('dates', async () => {
    expect(await sitectl(['validate', 'date', '1300/01/01@00:00:00'])).toMatchObject({ code: 1, out: expect.stringContaining('Date is before year 1401, which is unsupported by the API') });
    expect((await sitectl(['validate', 'date', '2024/05/17@13:45:00'])).code).toBe(0);
    expect((await sitectl(['validate', 'date', '2024-13-45T99'])).out).toContain('Could not parse the provided date');
    expect((await sitectl(['validate', 'date', '2023/02/30@00:00:00'])).out).toContain('Date is invalid');
  });

  it('relative dates', async () => {
    expect((await sitectl(['validate', 'relative-date', 'past-3-day'])).code).toBe(0);
    expect((await sitectl(['validate', 'relative-date', 'now'])).code).toBe(0);
    expect((await sitectl(['validate', 'relative-date', 'next-2-quarter'])).code).toBe(0);
    const bad = await sitectl(['validate', 'relative-date', 'past-x-day']);
    expect(bad).toMatchObject({ code: 1, out: expect.stringContaining('The value "past-x-day" is not respecting the relative date format "period-amount-unit"') });
    expect((await sitectl(['validate', 'relative-date', 'past-0-day'])).code).toBe(1);
    expect((await sitectl(['validate', 'relative-date', 'now-1-day'])).code).toBe(1);
  });

  it('ranges', async () => {
    expect(await sitectl(['validate', 'numeric-range', '10', '5'])).toMatchObject({ code: 1, out: expect.stringContaining('start of the range must not be greater than its end') });
    expect((await sitectl(['validate', 'numeric-range', '5', '10'])).code).toBe(0);
    expect((await sitectl(['validate', 'date-range', '2024/01/01@00:00:00', '2023/01/01@00:00:00'])).code).toBe(1);
    expect((await sitectl(['validate', 'date-range', 'past-1-week', 'now'])).code).toBe(0);
  });

  it('part numbers, text, highlight', async () => {
    expect((await sitectl(['validate', 'part-number', '0451005'])).code).toBe(0);
    expect(await sitectl(['validate', 'part-number', 'abc'])).toMatchObject({ code: 1, out: expect.stringContaining('4 to 10') });
    expect((await sitectl(['validate', 'part-number', '12345678901'])).code).toBe(1);
    expect(await sitectl(['validate', 'text', '<b>SMBJ (15) 1/2</b>', '--json'])).toMatchObject({ code: 0, out: expect.stringContaining('"value": "SMBJ (15) 1/2"') });
    expect((await sitectl(['validate', 'text', 'fuse; DROP'])).code).toBe(1);
    expect(await sitectl(['validate', 'highlight', ''])).toMatchObject({ code: 1, out: expect.stringContaining('delimiters should be a non-empty string') });
  });

  it('facets, facet ids, sorts, pagination, recommendations, recent', async () => {
    expect((await sitectl(['validate', 'facet-id', 'bad id'])).code).toBe(1);
    expect((await sitectl(['validate', 'facet-id', 'level_one-2'])).code).toBe(0);
    expect((await sitectl(['validate', 'facet', '--id', 'series', '--field', 'series', '--number-of-values', '8'])).code).toBe(0);
    expect((await sitectl(['validate', 'facet', '--id', 'series', '--field', 'series', '--number-of-values', '0'])).out).toContain('at least 1');
    const tooMany = JSON.stringify({ type: 'specific', facetId: 'f', field: 'f', allowedValues: { type: 'simple', values: Array.from({ length: 26 }, (_, i) => `v${i}`) } });
    expect((await sitectl(['validate', 'facet', tooMany])).out).toContain('at most 25 allowed values');
    expect((await sitectl(['validate', 'facet', '--id', 's', '--field', 's', '--sort', 'random'])).code).toBe(1);
    expect((await sitectl(['validate', 'sort', '@ratedcurrent descending'])).code).toBe(0);
    expect((await sitectl(['validate', 'sort', 'price upward'])).code).toBe(1);
    expect(await sitectl(['validate', 'pagination', '4990', '100'])).toMatchObject({ code: 0, out: expect.stringContaining('trimmed to 10') });
    expect((await sitectl(['validate', 'pagination', '-1', '10'])).code).toBe(1);
    expect((await sitectl(['validate', 'recommendation', 'SMBJ15CA', '--max', '10'])).code).toBe(0);
    expect((await sitectl(['validate', 'recommendation', 'SMBJ15CA', '--max', '51'])).out).toContain('between 1 and 50');
    expect((await sitectl(['validate', 'recent', '0'])).code).toBe(1);
    expect((await sitectl(['validate', 'recent', '10'])).code).toBe(0);
  });

  it('says what each kind expects, and refuses an option that is not a number as a usage error', async () => {
    const pagination = await sitectl(['validate', 'pagination', 'abc']);
    expect(pagination.code).toBe(2);
    expect(pagination.err).toContain('firstResult and numberOfResults');
    expect(pagination.err).not.toContain('range');
    expect(await sitectl(['validate', 'pagination', 'abc', '10'])).toMatchObject({ code: 1, out: expect.stringContaining('firstResult must be a number: got "abc"') });

    const count = await sitectl(['validate', 'facet', '--id', 'x', '--field', 'series', '--number-of-values', 'abc']);
    expect(count).toMatchObject({ code: 2, err: expect.stringContaining('--number-of-values must be a whole number: got "abc"') });
    expect(count.err).not.toContain('NaN');
    expect(await sitectl(['validate', 'recommendation', 'SMBJ15CA', '--max', 'abc'])).toMatchObject({ code: 2, err: expect.stringContaining('--max must be a whole number: got "abc"') });

    const sort = await sitectl(['validate', 'facet', '--id', 'x', '--field', 'series', '--sort', 'weird']);
    expect(sort.code).toBe(1);
    for (const criterion of ['automatic', 'score', 'alphanumeric', 'occurrences']) expect(sort.out).toContain(criterion);
  });

  it('reads one value per stdin line and reports each', async () => {
    const result = await sitectl(['validate', 'date'], ['2024/05/17@13:45:00', '1300/01/01@00:00:00', '2020/01/01@00:00:00']);
    expect(result.code).toBe(1);
    expect(result.out.split('\n')).toHaveLength(3);
  });

  it('answers --json that parses', async () => {
    const result = await sitectl(['validate', 'date', '1300/01/01@00:00:00', '--json']);
    expect(JSON.parse(result.out)).toMatchObject({ kind: 'date', valid: false, results: [{ valid: false, message: 'Date is before year 1401, which is unsupported by the API' }] });
  });

  it('exits 2 on usage errors', async () => {
    expect((await sitectl(['validate', 'date', '2024/05/17@13:45:00', '--no-such-flag'])).code).toBe(2);
    expect((await sitectl(['validate', 'colour', 'red'])).code).toBe(2);
    expect((await sitectl(['validate', 'date'])).code).toBe(2);
    expect((await sitectl(['frobnicate'])).code).toBe(2);
    expect((await sitectl(['validate', '--help'])).code).toBe(0);
  });

  it('with --json, says a usage error as JSON on stdout too (exit 2), the human message staying on stderr', async () => {
    const cases: Array<[string[], string]> = [
      [['validate', '--json', 'foo', '1'], 'Unknown kind "foo"'],
      [['validate', '--json', 'numeric-range', '1'], 'start and end'],
      [['content', 'check', '--json', '--dir', '/nonexistent'], '/nonexistent'],
      [['replay', '--json', '/nonexistent.jsonl'], 'cannot read /nonexistent.jsonl'],
      [['check-config', '--json', '--dotenv', '/nonexistent.env'], 'cannot read /nonexistent.env'],
      [['validate', '--json', 'date', '--bogus-opt', 'x'], "unknown option '--bogus-opt'"],
    ];
    for (const [args, message] of cases) {
      const result = await sitectl(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err, args.join(' ')).toContain(message);
      expect(JSON.parse(result.out), args.join(' ')).toEqual({ ok: false, error: { code: expect.any(String), message: expect.stringContaining(message), exitCode: 2 } });
    }
    // Without --json, stdout stays empty: the message is on stderr only.
    expect(await sitectl(['validate', 'foo', '1'])).toMatchObject({ code: 2, out: '' });
    // Help asked for is no error.
    expect((await sitectl(['validate', '--json', '--help'])).out).not.toContain('"ok": false');
  });

  it('says its version (the package\'s) with --version and -V, exit 0', async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) expect(await sitectl([flag])).toMatchObject({ code: 0, out: version });
  });
});

describe('sitectl content check', () => {
  it('passes on the shipped content, with the sandbox page reported as expected', async () => {
    const result = await sitectl(['content', 'check', '--json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.out) as { checks: Array<{ name: string; status: string; problems: string[] }> };
    expect(report.checks.filter((c) => c.status === 'fail')).toEqual([]);
    const sandbox = report.checks.find((c) => c.status === 'expected')!;
    expect(sandbox.problems.join('\n')).toContain('/sandbox/missing-datasource (en): HeroBanner has no datasource');
  });

  it('does not pass a folder that is not there or holds no pages (a mistyped --dir)', async () => {
    const missing = await sitectl(['content', 'check', '--dir', '/no/such/content']);
    expect(missing).toMatchObject({ code: 2, err: expect.stringContaining('/no/such/content') });
    const dir = mkdtempSync(path.join(tmpdir(), 'content-empty-'));
    try {
      const empty = await sitectl(['content', 'check', '--dir', dir, '--json']);
      expect(empty.code).toBe(1);
      const report = JSON.parse(empty.out) as { valid: boolean; checks: Array<{ name: string; status: string; problems: string[] }> };
      expect(report.valid).toBe(false);
      expect(report.checks.find((c) => c.status === 'fail')?.problems.join('\n')).toContain('no route files');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names each problem of broken content', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-check-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      write('routes/en.yaml', 'placeholders:\n  jss-main:\n    - componentName: Carousel\n      dataSource: x\n      fields: { link: { href: /nowhere, linktype: internal } }\n    - componentName: HeroBanner\n');
      write('routes/de.yaml', 'displayName: Start');
      write('routes/broken/en.yaml', 'placeholders: [');
      write('dictionary/en.yaml', 'a: A\nb: B\n');
      write('dictionary/de.yaml', 'a: A\n');
      const result = await sitectl(['content', 'check', '--dir', dir]);
      expect(result.code).toBe(1);
      expect(result.out).toContain('broken/en.yaml');
      expect(result.out).toContain('routes/en.yaml (/ (en)): rendering "Carousel" is provided by no plugin');
      expect(result.out).toContain('/ (en): HeroBanner has no datasource');
      expect(result.out).toContain('/: no ja-jp version');
      expect(result.out).toContain('internal link "/nowhere" goes to no page');
      expect(result.out).toContain('dictionary de: no "b"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sitectl content check and pages awaiting translation (decision 0076)', () => {
  it('lists the missing languages of a page marked translation: pending as expected, and fails an unmarked one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-pending-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      for (const language of ['en', 'de', 'ja-jp', 'zh-cn']) write(`routes/${language}.yaml`, 'displayName: Home\n');
      write('routes/press/en.yaml', 'translation: pending\ndisplayName: Press\n');
      const pending = await sitectl(['content', 'check', '--dir', dir]);
      expect(pending.code).toBe(0);
      expect(pending.out).toContain('/press: no de version (translation pending)');
      expect(pending.out).not.toContain('✖');

      write('routes/careers/de.yaml', 'displayName: Karriere\n');
      const unmarked = await sitectl(['content', 'check', '--dir', dir]);
      expect(unmarked.code).toBe(1);
      expect(unmarked.out).toContain('/careers: no en version');
      expect(unmarked.out).not.toContain('/careers: no en version (translation pending)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sitectl content check and the plugin registry', () => {
  it('fails content that is valid but for one rendering no plugin provides, naming its file and the rendering', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-unprovided-'));
    try {
      for (const language of ['en', 'de', 'ja-jp', 'zh-cn']) {
        mkdirSync(path.join(dir, 'routes', 'products', 'fuses'), { recursive: true });
        writeFileSync(path.join(dir, 'routes', `${language}.yaml`), 'placeholders:\n  jss-main:\n    - componentName: RichText\n      dataSource: home-text\n      fields: { content: "<p>Voltaris</p>" }\n');
        const rendering = language === 'de' ? 'ProductCarousel' : 'RichText';
        writeFileSync(path.join(dir, 'routes', 'products', 'fuses', `${language}.yaml`), `placeholders:\n  jss-main:\n    - componentName: ${rendering}\n      dataSource: fuses-text\n      fields: { content: "<p>Fuses</p>" }\n`);
      }
      const result = await sitectl(['content', 'check', '--dir', dir]);
      expect(result.code).toBe(1);
      const failed = result.out.split('\n').filter((line) => line.startsWith('✖'));
      expect(failed).toEqual(['✖ every componentName is provided by a plugin (1)']);
      expect(result.out).toContain('routes/products/fuses/de.yaml (/products/fuses (de)): rendering "ProductCarousel" is provided by no plugin');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sitectl content check and the component manifests', () => {
  it('fails a field of the wrong type, naming the file, the component and the field', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'content-mistyped-'));
    try {
      for (const language of ['en', 'de', 'ja-jp', 'zh-cn']) {
        mkdirSync(path.join(dir, 'routes', 'company', 'about'), { recursive: true });
        writeFileSync(path.join(dir, 'routes', `${language}.yaml`), 'placeholders:\n  jss-main:\n    - componentName: RichText\n      dataSource: home-text\n      fields: { content: "<p>Voltaris</p>" }\n');
        // German: a heading given as true/false, an image as text and a link list whose item holds a number for its link.
        const about =
          language === 'de'
            ? 'placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: about-hero\n      fields:\n        heading: true\n        image: /media/about-plant.svg\n    - componentName: LinkList\n      dataSource: about-links\n      fields:\n        links:\n          - fields: { link: 42 }\n'
            : 'placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: about-hero\n      fields: { heading: About us, image: { src: /media/about-plant.svg, alt: Plant } }\n';
        writeFileSync(path.join(dir, 'routes', 'company', 'about', `${language}.yaml`), about);
      }
      const result = await sitectl(['content', 'check', '--dir', dir]);
      expect(result.code).toBe(1);
      const failed = result.out.split('\n').filter((line) => line.startsWith('✖'));
      expect(failed).toEqual(["✖ every field has the type its component's manifest declares (3)"]);
      expect(result.out).toContain('routes/company/about/de.yaml (/company/about (de)): HeroBanner field "heading": expected single-line text, found boolean true');
      expect(result.out).toContain('routes/company/about/de.yaml (/company/about (de)): HeroBanner field "image": expected an image {src, alt}, found text "/media/about-plant.svg"');
      expect(result.out).toContain('routes/company/about/de.yaml (/company/about (de)): LinkList field "links[0].link": expected a link {href, text}, found number 42');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs without loading React: it reads the manifests, not the components', async () => {
    const exec = promisify(execFile);
    // A loader hook that records every module resolved, then the real command.
    const hook = `data:text/javascript,${encodeURIComponent("export async function resolve(s, c, n) { const r = await n(s, c); if (/node_modules\\/react(-dom)?\\/|\\.tsx$/.test(r.url)) process.stderr.write('LOADED ' + r.url + '\\n'); return r; }")}`;
    const register = `data:text/javascript,${encodeURIComponent(`import { register } from 'node:module'; register(${JSON.stringify(hook)});`)}`;
    const { stdout, stderr } = await exec(process.execPath, ['--import', register, 'bin/sitectl.mjs', 'content', 'check']);
    expect(stdout).toContain("✔ every field has the type its component's manifest declares");
    expect(stderr).not.toContain('LOADED');
  });
});

describe('the sitectl binary', () => {
  it('runs as a real process with the documented exit codes', async () => {
    const exec = promisify(execFile);
    const ok = await exec(process.execPath, ['bin/sitectl.mjs', 'validate', 'part-number', '0451005']);
    expect(ok.stdout).toContain('✔');
    await expect(exec(process.execPath, ['bin/sitectl.mjs', 'validate', 'part-number', 'abc'])).rejects.toMatchObject({ code: 1 });
    await expect(exec(process.execPath, ['bin/sitectl.mjs', 'validate', '--bogus'])).rejects.toMatchObject({ code: 2 });
  });

  it('reads check-config’s environment file itself: a missing one is a usage error (2) naming it, not Node’s exit 9', async () => {
    const exec = promisify(execFile);
    // Node 20 takes `--env-file` for itself wherever it appears, even after the script's name.
    const missing = exec(process.execPath, ['bin/sitectl.mjs', 'check-config', '--dotenv', 'missing.env']);
    await expect(missing).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read missing.env') });
    const help = await exec(process.execPath, ['bin/sitectl.mjs', 'check-config', '--help']);
    expect(help.stdout).toContain('--dotenv <file>');
    expect(help.stdout).not.toContain('--env-file');
  });

  // `sitectl ... | head -1`: the reader goes away after one line. Like grep, sitectl stops quietly
  // then: no stack trace, exit 0 (the reader chose to stop).
  it('stops quietly when the reader of its output goes away (piped to head)', async () => {
    for (const args of [['validate', 'part-number'], ['validate', 'part-number', '--json'], ['check-config']]) {
      const child = spawn(process.execPath, ['bin/sitectl.mjs', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.once('data', () => child.stdout.destroy());
      if (args[0] === 'validate') child.stdin.end(Array.from({ length: 20000 }, (_, i) => `0451${String(i).padStart(4, '0')}`).join('\n'));
      else child.stdin.end();
      const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
      expect(stderr, args.join(' ')).toBe('');
      expect(code, args.join(' ')).toBe(0);
    }
  });
});

describe('sitectl replay', () => {
  // Each run starts the search stand-in as a process of its own (it indexes 3,000 parts): on a busy
  // machine four runs take longer than the default 20 seconds.
  it('records a baseline, finds no regression against itself, and names the query that lost a result', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replay-'));
    const baseline = path.join(dir, 'baseline.json');
    // No site listens on this port: replay starts the search stand-in in a process of its own.
    const env = { ...process.env, PORT: '1', CATALOGUE_PRODUCTS: '3000' };
    const previous = { PORT: process.env.PORT, CATALOGUE_PRODUCTS: process.env.CATALOGUE_PRODUCTS };
    Object.assign(process.env, env);
    try {
      const recorded = await sitectl(['replay', 'fixtures/search/sample-queries.jsonl', '--record', baseline]);
      expect(recorded.code).toBe(0);
      expect(recorded.out).toMatch(/Replayed 20 queries .*search stand-in started/);
      expect((await sitectl(['replay', 'fixtures/search/sample-queries.jsonl', '--baseline', baseline])).code).toBe(0);

      // A result the baseline had that the index no longer returns: a regression, named by its query.
      const data = JSON.parse((await import('node:fs')).readFileSync(baseline, 'utf8')) as { outcomes: Array<{ query: { q: string }; top: string[] }> };
      data.outcomes[2]!.top.unshift('a-result-that-is-gone');
      writeFileSync(baseline, JSON.stringify(data));
      const compared = await sitectl(['replay', 'fixtures/search/sample-queries.jsonl', '--baseline', baseline, '--json']);
      expect(compared.code).toBe(1);
      const report = JSON.parse(compared.out) as { regressions: Array<{ query: string; problems: string[] }>; summary: { latencyMs: { p50: number } } };
      expect(report.regressions[0]).toMatchObject({ query: data.outcomes[2]!.query.q, problems: expect.arrayContaining([expect.stringContaining('a-result-that-is-gone')]) });
      expect(report.summary.latencyMs.p50).toBeGreaterThan(0);

      // A tab filters as on the search page: each of these counts fewer results than the query alone.
      writeFileSync(path.join(dir, 'tabs.jsonl'), ['{"q":"fuse"}', '{"q":"fuse","tab":"designcenter"}', '{"q":"fuse","tab":"whereToBuy"}'].join('\n'));
      const tabs = await sitectl(['replay', path.join(dir, 'tabs.jsonl'), '--json']);
      expect(tabs.code).toBe(0);
      const [all, designcenter, whereToBuy] = (JSON.parse(tabs.out) as { outcomes: Array<{ total: number }> }).outcomes.map((outcome) => outcome.total);
      expect(designcenter).toBeLessThan(all!);
      expect(whereToBuy).toBeLessThan(all!);
      expect(designcenter).not.toBe(whereToBuy);
    } finally {
      for (const [key, value] of Object.entries(previous)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('reads CSV logs with facets as field=value|value', async () => {
    const { readQueryLog } = await import('../../cli/commands/replay.ts');
    const dir = mkdtempSync(path.join(tmpdir(), 'replay-csv-'));
    try {
      writeFileSync(path.join(dir, 'log.csv'), 'q,tab,sort,page,locale,facets\nfuse,parametric,date descending,2,de-DE,market=Automotive|Energy;series=0451\nrelay,,,,,\n');
      expect(readQueryLog(path.join(dir, 'log.csv'))).toEqual([
        { q: 'fuse', tab: 'parametric', sort: 'date descending', page: 2, pageSize: 12, locale: 'de-DE', facets: { market: ['Automotive', 'Energy'], series: ['0451'] } },
        { q: 'relay', page: 1, pageSize: 12, locale: 'en-US', facets: {} },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bad log line or option with a usage error', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replay-bad-'));
    try {
      writeFileSync(path.join(dir, 'log.jsonl'), '{"q":"fuse"}\n{"q":1}\n');
      const result = await sitectl(['replay', path.join(dir, 'log.jsonl')]);
      expect(result.code).toBe(2);
      expect(result.err).toMatch(/log\.jsonl:2: q/);
      expect((await sitectl(['replay', path.join(dir, 'log.jsonl'), '--concurrency', '0'])).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a log it cannot read and a baseline it cannot write, before replaying anything (not a stack trace)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replay-files-'));
    try {
      writeFileSync(path.join(dir, 'log.jsonl'), '{"q":"fuse"}\n');
      const missing = await sitectl(['replay', path.join(dir, 'missing.jsonl')]);
      expect(missing).toMatchObject({ code: 2, err: expect.stringContaining(`cannot read ${path.join(dir, 'missing.jsonl')}`) });
      expect(await sitectl(['replay', dir, '--json'])).toMatchObject({ code: 2, err: expect.stringContaining(`cannot read ${dir}`) });
      const unwritable = path.join(dir, 'no-such-folder', 'baseline.json');
      expect(await sitectl(['replay', path.join(dir, 'log.jsonl'), '--record', unwritable])).toMatchObject({ code: 2, err: expect.stringContaining(`cannot write ${unwritable}`) });
      expect(await sitectl(['replay', path.join(dir, 'log.jsonl'), '--record', dir])).toMatchObject({ code: 2, err: expect.stringContaining(`cannot write ${dir}`) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sitectl check-config', () => {
  it('passes offline and online against the search stand-in it starts, and names an unknown facet field', async () => {
    const { checkConfig } = await import('../../cli/commands/check-config.ts');
    const env = { PORT: '1', CATALOGUE_PRODUCTS: '3000' };
    const offline = await checkConfig(env, false);
    expect(offline.filter((c) => !c.ok)).toEqual([]);
    expect(offline.map((c) => c.name)).toEqual(expect.arrayContaining(['tab mainsearch', 'tab parametric', 'tab designcenter', 'tab whereToBuy', 'scope products', 'facet category', 'query pipeline rules']));

    const online = await checkConfig(env, true);
    expect(online.filter((c) => !c.ok)).toEqual([]);
    expect(online.find((c) => c.name.startsWith('an expired token'))?.detail).toContain('The token being used to perform the request is expired.');

    const unknown = await checkConfig({ ...env, SEARCH_EXTRA_FACETS: 'market,nosuchfield' }, true);
    const failed = unknown.filter((c) => !c.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.detail).toContain('@nosuchfield');
  }, 60_000);

  it('reports a bad environment variable and a bad pipeline file, and reads --dotenv', async () => {
    const { checkConfig } = await import('../../cli/commands/check-config.ts');
    const bad = await checkConfig({ SEARCH_TIMEZONE: 'Mars/Olympus' }, false);
    expect(bad).toEqual([{ name: 'environment', ok: false, detail: expect.stringContaining('SEARCH_TIMEZONE') }]);
    const dir = mkdtempSync(path.join(tmpdir(), 'check-config-'));
    try {
      writeFileSync(path.join(dir, 'pipeline.yaml'), 'triggers:\n  - when: { query: x }\n    type: teleport\n');
      writeFileSync(path.join(dir, '.env'), `SEARCH_PIPELINE=${path.join(dir, 'pipeline.yaml')}\n`);
      const result = await sitectl(['check-config', '--dotenv', path.join(dir, '.env'), '--json']);
      expect(result.code).toBe(1);
      const report = JSON.parse(result.out) as { checks: Array<{ name: string; ok: boolean; detail: string }> };
      expect(report.checks.find((c) => c.name === 'query pipeline rules')).toMatchObject({ ok: false, detail: expect.stringContaining('pipeline.yaml') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
