import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import path from 'node:path';
import { renderNginxConf, type NginxOptions } from './render-nginx.ts';
import { startCacheStatusCounter, type CacheStatusCounter } from './nginx-cache-metrics.ts';

/**
 * Several site processes behind nginx, with Redis between them (issue 20 items 3, 4): what
 * `npm run start:cluster` runs, and what the cluster tests start on spare ports.
 */
export const NGINX = '/usr/sbin/nginx';
export const REDIS_SERVER = '/usr/bin/redis-server';

/** Variables for a child process (NODE_ENV and the rest filled in as each needs). */
export type Env = Record<string, string | undefined>;

export interface Running {
  name: string;
  child: ChildProcess;
  /** The last lines it wrote, for a failure's message. */
  output: string[];
}

/** A port nobody listens on now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function start(name: string, command: string, args: string[], options: { env?: Env; cwd?: string; echo?: boolean }): Running {
  const child = spawn(command, args, { env: (options.env ?? process.env) as NodeJS.ProcessEnv, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const running: Running = { name, child, output: [] };
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      running.output.push(line);
      if (running.output.length > 200) running.output.shift();
      if (options.echo) console.info(`[${name}] ${line}`);
    }
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return running;
}

/** Resolves once `ready` matches a line the process wrote; rejects if it exits or takes too long. */
function waitFor(running: Running, ready: RegExp, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const seen = running.output.find((line) => ready.test(line));
    if (seen) return resolve(seen);
    const timer = setTimeout(() => done(new Error(`${running.name} not ready after ${timeoutMs} ms:\n${running.output.slice(-20).join('\n')}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      const line = chunk.toString('utf8').split('\n').find((candidate) => ready.test(candidate));
      if (line) done(undefined, line);
    };
    const onExit = (code: number | null) => done(new Error(`${running.name} exited (${code}):\n${running.output.slice(-20).join('\n')}`));
    const done = (error?: Error, line?: string) => {
      clearTimeout(timer);
      running.child.stdout!.off('data', onData);
      running.child.stderr!.off('data', onData);
      running.child.off('exit', onExit);
      if (error) reject(error);
      else resolve(line!);
    };
    running.child.stdout!.on('data', onData);
    running.child.stderr!.on('data', onData);
    running.child.once('exit', onExit);
  });
}

function listening(port: number, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > end) reject(new Error(`nothing listens on ${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Stops a process: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stop(running: Running, graceMs = 5000): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Redis on 127.0.0.1:port; `dir` keeps its snapshot across restarts (none: memory only). */
export async function startRedis(options: { port: number; dir?: string; echo?: boolean }): Promise<Running> {
  const persistence = options.dir ? ['--dir', options.dir, '--save', '60 1', '--appendonly', 'no'] : ['--save', '', '--appendonly', 'no'];
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  const redis = start('redis', REDIS_SERVER, ['--port', String(options.port), '--bind', '127.0.0.1', '--protected-mode', 'yes', ...persistence], { echo: options.echo ?? false });
  await waitFor(redis, /Ready to accept connections/, 10_000);
  return redis;
}

/** One site process (the compiled demo launcher, or production's entry) on 127.0.0.1:port with the given environment. */
export async function startSiteProcess(options: { name: string; port: number; env: Env; cwd: string; echo?: boolean; timeoutMs?: number }): Promise<Running> {
  const env: Env = { ...process.env, SITE_MODE: process.env.SITE_MODE ?? 'demo', ...options.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(options.port) };
  const entry = env.SITE_MODE === 'production' ? 'build/node/server.js' : 'build/node/demo.js';
  const site = start(options.name, process.execPath, [entry], { env, cwd: options.cwd, echo: options.echo ?? false });
  await waitFor(site, /Site ready on/, options.timeoutMs ?? 120_000);
  // Listening is not serving: nginx gets the process once /readyz says it can (decision 0090).
  await readyz(`http://127.0.0.1:${options.port}`, site, options.timeoutMs ?? 120_000);
  return site;
}

/** Waits until `origin`/readyz answers 200; rejects if the process exits or the time runs out. */
export async function readyz(origin: string, running: Running, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    if (running.child.exitCode !== null) throw new Error(`${running.name} exited (${running.child.exitCode}):\n${running.output.slice(-20).join('\n')}`);
    try {
      const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5000) });
      last = `${response.status} ${await response.text()}`;
      if (response.ok) return;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${running.name} not ready after ${timeoutMs} ms: /readyz ${last}`);
}

/**
 * A self-signed certificate for the given host names and addresses (openssl, P-256, 30 days) in
 * `dir`, made once: for trying HTTPS on this machine, never for a public site.
 */
export function selfSignedCertificate(dir: string, names: string[]): { certificate: string; certificateKey: string } {
  mkdirSync(dir, { recursive: true });
  const certificate = path.join(dir, 'self-signed.crt');
  const certificateKey = path.join(dir, 'self-signed.key');
  if (!existsSync(certificate) || !existsSync(certificateKey)) {
    const alternatives = [...new Set(['localhost', '127.0.0.1', ...names])].map((name) => (/^[\d.]+$|:/.test(name) ? `IP:${name.replace(/^\[|\]$/g, '')}` : `DNS:${name}`));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '30', '-subj', `/CN=${names[0] ?? 'localhost'}`, '-addext', `subjectAltName=${alternatives.join(',')}`, '-keyout', certificateKey, '-out', certificate], { stdio: 'pipe' });
    // nginx's workers (nobody, when the master is root) read neither: the master loads them.
    chmodSync(certificateKey, 0o600);
  }
  return { certificate, certificateKey };
}

/** nginx with deploy/nginx.conf rendered into runDir, in the foreground (its master is the child). */
export async function startNginx(options: { port: number; upstreams: string[]; serverNames: string[]; clientDir: string; runDir: string; echo?: boolean; accessLog?: string; cacheStatusTo?: string; tls?: NginxOptions['tls'] }): Promise<Running> {
  mkdirSync(options.runDir, { recursive: true });
  // Workers run as an unprivileged user when the master is root: they must reach the cache there.
  chmodSync(options.runDir, 0o755);
  const file = path.join(options.runDir, 'nginx.conf');
  writeFileSync(
    file,
    renderNginxConf({ listen: `127.0.0.1:${options.port}`, serverNames: options.serverNames, upstreams: options.upstreams, clientDir: options.clientDir, runDir: options.runDir, ...(options.accessLog ? { accessLog: options.accessLog } : {}), ...(options.cacheStatusTo ? { cacheStatusTo: options.cacheStatusTo } : {}), ...(options.tls ? { tls: options.tls } : {}) }),
  );
  const nginx = start('nginx', NGINX, ['-p', options.runDir, '-c', file, '-e', path.join(options.runDir, 'error.log'), '-g', 'daemon off;'], { echo: options.echo ?? true });
  const ports = [options.port, ...(options.tls ? [Number(/(\d+)$/.exec(options.tls.listen)?.[1])] : [])];
  await Promise.race([Promise.all(ports.map((port) => listening(port, 10_000))), new Promise((_resolve, reject) => nginx.child.once('exit', (code) => reject(new Error(`nginx exited (${code}):\n${nginx.output.join('\n')}`))))]);
  return nginx;
}

export interface Cluster {
  /** The front: nginx. */
  url: string;
  /** The site processes, directly (tests reach each one). */
  sites: Array<{ url: string; port: number; process: Running }>;
  redisUrl: string;
  /** With TLS: the certificate nginx presents (a client of a self-signed one trusts this file). */
  certificate?: string;
  /** nginx's page-cache hits and misses for Prometheus, when `nginxMetricsPort` was given. */
  nginxMetricsUrl?: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** nginx's port. */
  port: number;
  /** One site process per port. */
  sitePorts: number[];
  /** Redis to use; unset: a redis-server is started on `redisPort` (or a free port). */
  redisUrl?: string;
  redisPort?: number;
  /** A started Redis keeps its snapshot here (unset: memory only). */
  redisDir?: string;
  /** The public origin (PUBLIC_ORIGIN); unset: http://127.0.0.1:{port}. */
  publicOrigin?: string;
  /** More public host names nginx answers for (the Chinese site's). */
  moreServerNames?: string[];
  root: string;
  runDir: string;
  env?: Env;
  echo?: boolean;
  /** nginx's access log (unset: runDir/access.log); 'off' for benchmarks, where writing it costs CPU. */
  accessLog?: string;
  /** Serve nginx's cache hits and misses at http://127.0.0.1:{this}/metrics (0: a free port); unset: not counted. */
  nginxMetricsPort?: number;
  /**
   * HTTPS on 127.0.0.1:`port` (`port` above then redirects to it), with the given certificate, or
   * without one a self-signed certificate made in runDir/tls, which the site processes are told to
   * trust (they reach the embedded sign-in provider through the front).
   */
  tls?: { port: number; certificate?: string; certificateKey?: string };
}

/** Redis, the site processes, then nginx in front; stop() ends them in the reverse order. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const started: Running[] = [];
  let cacheCounter: CacheStatusCounter | undefined;
  const stopAll = async () => {
    for (const running of started.reverse()) await stop(running);
    await cacheCounter?.close();
  };
  try {
    let redisUrl = options.redisUrl;
    if (!redisUrl) {
      const redisPort = options.redisPort ?? (await freePort());
      started.push(await startRedis({ port: redisPort, ...(options.redisDir ? { dir: options.redisDir } : {}) }));
      redisUrl = `redis://127.0.0.1:${redisPort}`;
    }
    const publicOrigin = options.publicOrigin ?? (options.tls ? `https://127.0.0.1:${options.tls.port}` : `http://127.0.0.1:${options.port}`);
    const serverNames = [...new Set([new URL(publicOrigin).hostname, ...(options.moreServerNames ?? [])])];
    let tls: NginxOptions['tls'];
    let trust: Env = {};
    if (options.tls) {
      const files =
        options.tls.certificate && options.tls.certificateKey
          ? { certificate: options.tls.certificate, certificateKey: options.tls.certificateKey }
          : selfSignedCertificate(path.join(options.runDir, 'tls'), serverNames);
      tls = { listen: `127.0.0.1:${options.tls.port}`, ...files };
      if (!options.tls.certificate) trust = { NODE_EXTRA_CA_CERTS: files.certificate };
    }
    const env = { ...options.env, ...trust, PUBLIC_ORIGIN: publicOrigin, REDIS_URL: redisUrl };
    // One after the other: each builds the catalogue index, which two shared cores do no faster at once.
    const sites: Cluster['sites'] = [];
    for (const [n, port] of options.sitePorts.entries()) {
      const site = await startSiteProcess({ name: `site-${n + 1}`, port, env, cwd: options.root, echo: options.echo ?? false });
      started.push(site);
      sites.push({ url: `http://127.0.0.1:${port}`, port, process: site });
    }
    if (options.nginxMetricsPort !== undefined) cacheCounter = await startCacheStatusCounter({ metricsPort: options.nginxMetricsPort });
    const nginx = await startNginx({
      port: options.port,
      upstreams: options.sitePorts.map((port) => `127.0.0.1:${port}`),
      serverNames,
      clientDir: path.join(options.root, 'build/client'),
      runDir: options.runDir,
      echo: options.echo ?? false,
      ...(options.accessLog ? { accessLog: options.accessLog } : {}),
      ...(cacheCounter ? { cacheStatusTo: cacheCounter.syslogAddress } : {}),
      ...(tls ? { tls } : {}),
    });
    started.push(nginx);
    return {
      url: tls ? `https://127.0.0.1:${options.tls!.port}` : `http://127.0.0.1:${options.port}`,
      sites,
      redisUrl,
      stop: stopAll,
      ...(tls ? { certificate: tls.certificate } : {}),
      ...(cacheCounter ? { nginxMetricsUrl: cacheCounter.metricsUrl } : {}),
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
