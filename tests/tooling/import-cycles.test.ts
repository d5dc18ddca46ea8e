import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = path.resolve('scripts/check-import-cycles.mjs');
const dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lint:cycles', () => {
  it('fails on a new import circle and names its files', async () => {
    writeFileSync(path.join(dir, 'shell.ts'), "import type { Page } from './page.ts';\nexport type Shell = { page?: Page };\n");
    writeFileSync(path.join(dir, 'page.ts'), "import type { Shell } from './shell.ts';\nexport type Page = { shell?: Shell };\n");
    const failure = await run(process.execPath, [script, dir]).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/1 import circle:\n\s+(page\.ts > shell\.ts > page\.ts|shell\.ts > page\.ts > shell\.ts)/);
  });

  it('passes on modules that import one way', async () => {
    writeFileSync(path.join(dir, 'page.ts'), 'export type Page = { title: string };\n');
    const { stdout } = await run(process.execPath, [script, dir]);
    expect(stdout).toMatch(/no import circle among 2 modules/);
  });
});
