// The cluster (npm run start:cluster) and its tests need Debian's nginx and redis-server; a fresh
// machine gets them with apt-get, like chromium (scripts/ensure-chromium.mjs). Brotli comes from
// Debian's own module packages when the archive has them; nginx runs with gzip alone otherwise.
// Run directly (`node scripts/ensure-cluster-tools.mjs`) or import `ensureClusterTools()`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const NGINX = '/usr/sbin/nginx';
export const REDIS_SERVER = '/usr/bin/redis-server';
/** Debian's dynamic modules for brotli (bookworm: libnginx-mod-http-brotli-filter, -static). */
export const BROTLI_MODULES = ['/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'];
const BROTLI_PACKAGES = ['libnginx-mod-http-brotli-filter', 'libnginx-mod-http-brotli-static'];

/** @param {string[]} args */
function run(args) {
  const root = process.getuid?.() === 0;
  const [command = 'apt-get', ...rest] = root ? args : ['sudo', ...args];
  execFileSync(command, rest, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** @param {string} name */
function available(name) {
  try {
    return /Candidate: (?!\(none\))/.test(execFileSync('apt-cache', ['policy', name], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

/**
 * Installs what is missing; answers what is there afterwards. Never throws: a machine without
 * apt-get (or without the rights) gets `{ nginx: false, ... }` and the reason.
 * @returns {{ nginx: boolean, redis: boolean, brotli: boolean, problem?: string }}
 */
export function ensureClusterTools() {
  const have = () => ({ nginx: existsSync(NGINX), redis: existsSync(REDIS_SERVER), brotli: BROTLI_MODULES.every((file) => existsSync(file)) });
  const before = have();
  if (before.nginx && before.redis && before.brotli) return before;
  try {
    const wanted = [...(before.nginx ? [] : ['nginx']), ...(before.redis ? [] : ['redis-server'])];
    console.info(`installing Debian's ${[...wanted, 'brotli modules'].join(', ')} with apt-get`);
    // Two test files may ask at once: the second waits for the first's dpkg lock.
    run(['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'update']);
    // The service scripts must not start a system nginx on port 80 or a system Redis: ours run as
    // child processes with their own configuration.
    const brotli = before.brotli ? [] : BROTLI_PACKAGES.filter(available);
    if (wanted.length || brotli.length) run(['apt-get', '-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '--no-install-recommends', '-o', 'Dpkg::Options::=--force-confold', ...wanted, ...brotli]);
    const after = have();
    return after.nginx && after.redis ? after : { ...after, problem: `apt-get finished but ${[!after.nginx && NGINX, !after.redis && REDIS_SERVER].filter(Boolean).join(' and ')} still missing` };
  } catch (error) {
    return { ...have(), problem: `could not install with apt-get: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tools = ensureClusterTools();
  console.info(`nginx: ${tools.nginx ? 'yes' : 'no'}, redis-server: ${tools.redis ? 'yes' : 'no'}, nginx brotli modules: ${tools.brotli ? 'yes' : 'no (gzip only)'}`);
  if (tools.problem) {
    console.error(tools.problem);
    process.exit(1);
  }
}
