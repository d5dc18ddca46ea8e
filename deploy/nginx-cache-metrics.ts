import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import client from 'prom-client';

/**
 * nginx's page-cache hits and misses for Prometheus (issue 30, decision 0089). Open-source nginx
 * counts no cache statuses (stub_status has connections only), so nginx sends one syslog datagram
 * per request holding `$upstream_cache_status` (deploy/nginx.conf, `cachestatus`), and this counts
 * them: `nginx_cache_requests_total{status="HIT"|"MISS"|"EXPIRED"|"STALE"|"UPDATING"|"REVALIDATED"|"BYPASS"}`,
 * served at /metrics beside the site's own. Files nginx serves itself (no cache involved) are not counted.
 */

export interface CacheStatusCounter {
  /** host:port nginx sends its datagrams to. */
  syslogAddress: string;
  /** Where Prometheus reads the counts. */
  metricsUrl: string;
  close(): Promise<void>;
}

const STATUSES = new Set(['HIT', 'MISS', 'EXPIRED', 'STALE', 'UPDATING', 'REVALIDATED', 'BYPASS']);

/** The cache status a syslog datagram from nginx carries (`<190>... site_cache: HIT`), if any. */
export function cacheStatusOf(datagram: string): string | undefined {
  const status = /:\s*([A-Z]+)\s*$/.exec(datagram)?.[1];
  return status && STATUSES.has(status) ? status : undefined;
}

export async function startCacheStatusCounter(options: { metricsPort: number; host?: string }): Promise<CacheStatusCounter> {
  const host = options.host ?? '127.0.0.1';
  const registry = new client.Registry();
  const requests = new client.Counter({ name: 'nginx_cache_requests_total', help: "Page requests nginx answered, by the cache's status for them (HIT: from the cache, MISS: from a site process, ...).", labelNames: ['status'] as const, registers: [registry] });
  for (const status of ['HIT', 'MISS']) requests.inc({ status }, 0);
  const socket = createSocket('udp4');
  socket.on('message', (message) => {
    const status = cacheStatusOf(message.toString('utf8'));
    if (status) requests.inc({ status });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, host, () => resolve());
  });
  const server = createServer((req, res) => {
    if (req.url !== '/metrics') return void res.writeHead(404).end();
    void registry.metrics().then((text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.metricsPort, host, () => resolve());
  });
  return {
    syslogAddress: `${host}:${socket.address().port}`,
    metricsUrl: `http://${host}:${(server.address() as AddressInfo).port}/metrics`,
    close: async () => {
      socket.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
