import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's brotli modules for nginx (libnginx-mod-http-brotli-filter, -static). */
export const BROTLI_MODULES = ['/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so', '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'];

export interface NginxOptions {
  /** What nginx listens on: a port, or address:port. */
  listen: string;
  /** The site's public host names (no port); any other Host is refused. */
  serverNames: string[];
  /** The site processes, as host:port. */
  upstreams: string[];
  /** The client build nginx serves directly (build/client). */
  clientDir: string;
  /** Where nginx keeps its pid, logs, temp files and cache. */
  runDir: string;
  /** Brotli when Debian's modules are installed (the default), gzip alone otherwise. */
  brotli?: boolean;
  workers?: number | 'auto';
  /** Unset: runDir/access.log; 'off' for benchmarks. */
  accessLog?: string;
}

export function brotliAvailable(): boolean {
  return BROTLI_MODULES.every((file) => existsSync(file));
}

const TEMPLATE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'nginx.conf');
const HOST_NAME = /^[a-z0-9.-]+$|^\[[0-9a-f:]+\]$/i;

/** deploy/nginx.conf with its values filled in; throws on a value that could change its meaning. */
export function renderNginxConf(options: NginxOptions): string {
  const brotli = options.brotli ?? brotliAvailable();
  for (const name of options.serverNames) if (!HOST_NAME.test(name)) throw new Error(`not a host name: ${name}`);
  for (const upstream of options.upstreams) if (!/^[a-z0-9.:[\]-]+:\d+$/i.test(upstream)) throw new Error(`not host:port: ${upstream}`);
  for (const dir of [options.clientDir, options.runDir]) if (!path.isAbsolute(dir) || /[\s;{}'"]/.test(dir)) throw new Error(`needs an absolute path without spaces or ; { } quotes: ${dir}`);
  if (!/^[\w.:[\]]+$/.test(options.listen)) throw new Error(`not a listen address: ${options.listen}`);
  const values: Record<string, string> = {
    // A master started as root hands the work to an unprivileged user (Debian has no group "nobody").
    user: process.getuid?.() === 0 ? 'user nobody nogroup;' : '',
    modules: brotli ? BROTLI_MODULES.map((file) => `load_module ${file};`).join('\n') : '',
    workers: String(options.workers ?? 'auto'),
    runDir: options.runDir,
    accessLog: options.accessLog === 'off' ? 'off' : `${options.accessLog ?? path.join(options.runDir, 'access.log')} site`,
    upstreams: options.upstreams.map((upstream) => `    server ${upstream} max_fails=3 fail_timeout=5s;`).join('\n'),
    listen: options.listen,
    serverNames: options.serverNames.join(' '),
    clientDir: options.clientDir,
  };
  const text = readFileSync(TEMPLATE, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const marked = /^(\s*)#\[brotli\] (.*)$/.exec(line);
      if (!marked) return [line];
      return brotli ? [`${marked[1]}${marked[2]}`] : [];
    })
    .join('\n')
    .replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`deploy/nginx.conf names an unknown value {{${name}}}`);
      return value;
    });
  return text;
}
