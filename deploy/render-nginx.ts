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
  /** host:port of a syslog (UDP) counter of the page cache's statuses (deploy/nginx-cache-metrics.ts); unset: none. */
  cacheStatusTo?: string;
  /**
   * HTTPS on `listen` (address:port or port) with this certificate and key (PEM files); `listen`
   * above then only redirects to it. Unset: plain HTTP on `listen`.
   */
  tls?: { listen: string; certificate: string; certificateKey: string };
}

/**
 * TLS settings from the environment: TLS_CERTIFICATE and TLS_CERTIFICATE_KEY (PEM files), both or
 * neither; undefined when neither is set.
 */
export function tlsFilesFromEnv(env: Record<string, string | undefined> = process.env): { certificate: string; certificateKey: string } | undefined {
  const certificate = env.TLS_CERTIFICATE?.trim();
  const certificateKey = env.TLS_CERTIFICATE_KEY?.trim();
  if (!certificate && !certificateKey) return undefined;
  if (!certificate || !certificateKey) throw new Error('TLS_CERTIFICATE and TLS_CERTIFICATE_KEY go together: set both or neither');
  return { certificate: path.resolve(certificate), certificateKey: path.resolve(certificateKey) };
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
  const tls = options.tls;
  const listenOf = (value: string) => {
    if (!/^[\w.:[\]]+$/.test(value)) throw new Error(`not a listen address: ${value}`);
    return value;
  };
  for (const dir of [options.clientDir, options.runDir, ...(tls ? [tls.certificate, tls.certificateKey] : [])]) if (!path.isAbsolute(dir) || /[\s;{}'"]/.test(dir)) throw new Error(`needs an absolute path without spaces or ; { } quotes: ${dir}`);
  listenOf(options.listen);
  const tlsPort = tls ? Number(/(\d+)$/.exec(listenOf(tls.listen))?.[1]) : undefined;
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
    tlsListen: tls?.listen ?? '',
    cacheStatusTo: options.cacheStatusTo ?? '',
    certificate: tls?.certificate ?? '',
    certificateKey: tls?.certificateKey ?? '',
    // The redirect names the HTTPS port unless it is the default one.
    tlsPortSuffix: tlsPort && tlsPort !== 443 ? `:${tlsPort}` : '',
  };
  if (options.cacheStatusTo !== undefined) listenOf(options.cacheStatusTo);
  const kept: Record<string, boolean> = { brotli, tls: Boolean(tls), plain: !tls, cachelog: Boolean(options.cacheStatusTo) };
  const text = readFileSync(TEMPLATE, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const marked = /^(\s*)#\[(brotli|tls|plain|cachelog)\] (.*)$/.exec(line);
      if (!marked) return [line];
      return kept[marked[2]!] ? [`${marked[1]}${marked[3]}`] : [];
    })
    .join('\n')
    .replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`deploy/nginx.conf names an unknown value {{${name}}}`);
      return value;
    });
  return text;
}
