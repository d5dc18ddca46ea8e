// `npm run start:cluster`: nginx on PORT (3000) in front of two site processes (PORT+1, PORT+2;
// CLUSTER_SITE_PORTS=a,b to choose), sharing a Redis (REDIS_URL, or a redis-server started here
// whose snapshot is kept in DATA_DIR/redis) and DATA_DIR. Ctrl-C stops them all.
import path from 'node:path';
import { ensureClusterTools } from './ensure-cluster-tools.mjs';
import { startCluster } from '../deploy/cluster.ts';
import { tlsFilesFromEnv } from '../deploy/render-nginx.ts';

const tools = ensureClusterTools();
if (!tools.nginx || !tools.redis) {
  console.error(`the cluster needs Debian's nginx and redis-server: ${tools.problem ?? 'missing'}`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 3000);
const sitePorts = (process.env.CLUSTER_SITE_PORTS ?? `${port + 1},${port + 2}`).split(',').map((value) => Number(value.trim()));
if (!Number.isInteger(port) || sitePorts.some((value) => !Number.isInteger(value) || value <= 0)) {
  console.error('PORT and CLUSTER_SITE_PORTS must be port numbers');
  process.exit(1);
}
// HTTPS (TLS=1, or a certificate in TLS_CERTIFICATE and TLS_CERTIFICATE_KEY) on TLS_PORT (PORT+443);
// PORT then only redirects to it. Without a certificate of its own, one is made and signed here.
let certificate: ReturnType<typeof tlsFilesFromEnv>;
try {
  certificate = tlsFilesFromEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const tlsPort = Number(process.env.TLS_PORT ?? port + 443);
const tls = process.env.TLS === '1' || certificate ? { port: tlsPort, ...certificate } : undefined;
if (tls && (!Number.isInteger(tlsPort) || tlsPort <= 0)) {
  console.error('TLS_PORT must be a port number');
  process.exit(1);
}
const root = process.cwd();
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');

const cluster = await startCluster({
  port,
  sitePorts,
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : { redisDir: path.join(dataDir, 'redis') }),
  ...(process.env.PUBLIC_ORIGIN ? { publicOrigin: process.env.PUBLIC_ORIGIN } : {}),
  // The Chinese site's host is the site's too.
  ...(process.env.ZH_PUBLIC_ORIGIN ? { moreServerNames: [new URL(process.env.ZH_PUBLIC_ORIGIN).hostname] } : {}),
  root,
  runDir: path.join(dataDir, 'nginx'),
  env: { DATA_DIR: dataDir },
  echo: true,
  // nginx's cache hits and misses for Prometheus (decision 0089).
  nginxMetricsPort: Number(process.env.NGINX_METRICS_PORT ?? port + 3),
  ...(tls ? { tls } : {}),
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

if (tls) console.info(`HTTPS on ${cluster.url} (HTTP/2, HSTS; http://127.0.0.1:${port} redirects to it)${certificate ? '' : `, with a self-signed certificate (${cluster.certificate}): a browser will warn`}`);
if (cluster.nginxMetricsUrl) console.info(`Metrics: ${cluster.sites.map((site) => `${site.url}/metrics`).join(', ')} (loopback only) and nginx's cache at ${cluster.nginxMetricsUrl}`);
console.info(`Cluster ready on ${cluster.url}: nginx (${tools.brotli ? 'gzip and brotli' : 'gzip; brotli modules missing'}) in front of ${cluster.sites.map((site) => site.url).join(' and ')}, shared state in ${cluster.redisUrl}. Ctrl-C stops all.`);

let stopping = false;
const shutdown = (code: number) => {
  if (stopping) return;
  stopping = true;
  cluster.stop().then(
    () => {
      console.info('Cluster stopped.');
      process.exit(code);
    },
    () => process.exit(1),
  );
};
process.once('SIGINT', () => shutdown(0));
process.once('SIGTERM', () => shutdown(0));
// One process gone means the cluster is not what it says: stop the rest rather than limp on.
for (const site of cluster.sites) {
  site.process.child.once('exit', (code) => {
    if (stopping) return;
    console.error(`${site.process.name} exited (${code}); stopping the cluster`);
    shutdown(1);
  });
}
