import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/*
 * No piece of app/ over 10 lines is written twice (issue 21): shared UI lives in app/lib. The
 * `duplicates` tool is the judge where it is installed; elsewhere this is skipped, not passed.
 */
const available = spawnSync('sh', ['-c', 'command -v duplicates'], { encoding: 'utf8' }).status === 0;

describe.runIf(available)('repeated code in app/', () => {
  it('duplicates finds no pair of more than 10 lines', () => {
    const run = spawnSync('duplicates', ['--repo', 'app', '--min-lines', '11', '--most', '20', '--seconds', '60'], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/^no duplicates/m);
    expect(run.stdout).not.toMatch(/^incomplete:/m);
  }, 90_000);
});
