// `npm test` must pass on a fresh machine: Playwright drives Debian's chromium (never its own
// download, which this network refuses), so install it when it is missing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  /** @param {string[]} args */
  const run = (args) => {
    const [command = 'apt-get', ...rest] = root ? args : ['sudo', ...args];
    execFileSync(command, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  console.info(`${CHROMIUM} is missing: installing Debian's chromium`);
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', 'chromium']);
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing`);
    process.exit(1);
  }
}
