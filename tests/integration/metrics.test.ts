import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startNginx, stop, type Running } from '../../deploy/cluster.ts';
import { startCacheStatusCounter, type CacheStatusCounter } from '../../deploy/nginx-cache-metrics.ts';
import { ensureClusterTools } from '../../scripts/ensure-cluster-tools.mjs';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { loadConfig } from '../../server/config.ts';
import type { RunningSite } from '../../server/site.ts';
import { startDemoSite } from '../../standins/launcher.ts';

// Issue 30, item 1 (decision 0089): Prometheus metrics, read as Prometheus reads them, move with
// the requests they count; nobody outside reads them.
const site = demoSiteForSuite({ SEARCH_PAGE_CACHE_SECONDS: '30' }, { dataDir: 'site-metrics' });

/** One sample's value from Prometheus's text format (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]));
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
  }
  return 0;
}

const scrape = async () => {
  const response = await fetch(`${site.url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
  return response.text();
};

describe.runIf(built)('metrics', () => {
  it('a search page request moves the request, CPU, Search API and layout histograms, scraped while it runs and after', async () => {
    const query = `fuse ${Date.now()}`;
    const before = await scrape();
    const page = fetch(`${site.url}/searchresult?q=${encodeURIComponent(query)}`);
    // Scraped while the page is being answered: the scrape is answered too, in the same format.
    const during = await scrape();
    expect(during).toMatch(/^# TYPE site_http_request_duration_seconds histogram$/m);
    const response = await page;
    expect(response.status).toBe(200);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await scrape();

    const search = { kind: 'search', method: 'GET', status: '200' };
    expect(sample(after, 'site_http_request_duration_seconds_count', search)).toBe(sample(before, 'site_http_request_duration_seconds_count', search) + 1);
    expect(sample(after, 'site_http_request_duration_seconds_sum', search)).toBeGreaterThan(sample(before, 'site_http_request_duration_seconds_sum', search));
    expect(sample(after, 'site_http_request_duration_seconds_bucket', { ...search, le: '+Inf' })).toBe(sample(after, 'site_http_request_duration_seconds_count', search));
    expect(sample(after, 'site_http_request_cpu_seconds_count', { kind: 'search' })).toBe(sample(before, 'site_http_request_cpu_seconds_count', { kind: 'search' }) + 1);
    expect(sample(after, 'site_search_api_duration_seconds_count', { operation: 'search', outcome: 'ok' })).toBeGreaterThan(sample(before, 'site_search_api_duration_seconds_count', { operation: 'search', outcome: 'ok' }));
    expect(sample(after, 'site_layout_service_duration_seconds_count', { operation: 'layout', outcome: 'ok' })).toBeGreaterThanOrEqual(sample(before, 'site_layout_service_duration_seconds_count', { operation: 'layout', outcome: 'ok' }));
    expect(sample(after, 'site_search_answers_total', { source: 'asked' })).toBe(sample(before, 'site_search_answers_total', { source: 'asked' }) + 1);
    // The stand-in says its own handling time (Server-Timing); the site keeps it beside the call's.
    const reported = { service: 'search', operation: 'search' };
    expect(sample(after, 'site_outside_service_reported_seconds_count', reported)).toBeGreaterThan(sample(before, 'site_outside_service_reported_seconds_count', reported));
    /** A histogram's mean over this request's observations. */
    const meanOver = (histogram: string, labels: Record<string, string>) =>
      (sample(after, `${histogram}_sum`, labels) - sample(before, `${histogram}_sum`, labels)) / (sample(after, `${histogram}_count`, labels) - sample(before, `${histogram}_count`, labels));
    const reportedMean = meanOver('site_outside_service_reported_seconds', reported);
    expect(reportedMean).toBeGreaterThan(0);
    expect(reportedMean).toBeLessThanOrEqual(meanOver('site_search_api_duration_seconds', { operation: 'search', outcome: 'ok' }));

    // The same search again within SEARCH_PAGE_CACHE_SECONDS: its answer is reused.
    await (await fetch(`${site.url}/searchresult?q=${encodeURIComponent(query)}`)).text();
    const again = await scrape();
    expect(sample(again, 'site_search_answers_total', { source: 'reused' })).toBe(sample(after, 'site_search_answers_total', { source: 'reused' }) + 1);
  }, 60_000);

  it("names the outbox, analytics, Node's own and the rate-limit metrics", async () => {
    const text = await scrape();
    for (const name of ['site_outbox_pending_rows', 'site_outbox_parked_rows', 'site_outbox_oldest_pending_age_seconds', 'site_analytics_queued_events', 'site_analytics_dropped_total', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes', 'process_cpu_seconds_total']) {
      expect(text, name).toMatch(new RegExp(`^${name} `, 'm'));
    }
    for (const name of ['site_outbox_deliveries_total', 'site_rate_limit_refusals_total', 'nodejs_gc_duration_seconds', 'site_redis_up']) expect(text, name).toContain(`# TYPE ${name} `);
  });

  it('answers /metrics to no caller that came through a proxy', async () => {
    const proxied = await fetch(`${site.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(404);
    expect(await proxied.text()).not.toContain('# TYPE');
  });
});

describe.runIf(built)('metrics on a port of their own (METRICS_PORT)', () => {
  let own: RunningSite | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'site-metrics-port-'));
    own = await startDemoSite(loadConfig({ NODE_ENV: 'production', PORT: '0', METRICS_PORT: '0', DATA_DIR: dir }));
  }, 120_000);
  afterAll(async () => {
    await own?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves /metrics, /readyz and /healthz there, and no /metrics on the site\'s port, loopback or not', async () => {
    expect(own!.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(own!.metricsUrl).not.toBe(own!.url);
    const metrics = await fetch(`${own!.metricsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^# TYPE site_http_request_duration_seconds histogram$/m);
    expect((await fetch(`${own!.metricsUrl}/readyz`)).status).toBe(200);
    expect((await fetch(`${own!.metricsUrl}/healthz`)).status).toBe(200);
    const onSite = await fetch(`${own!.url}/metrics`);
    expect(onSite.status).toBe(404);
    expect(await onSite.text()).not.toContain('# TYPE');
  });
});

const tools = ensureClusterTools();
describe.runIf(built && tools.nginx)('metrics behind nginx', () => {
  let nginx: Running | undefined;
  let counter: CacheStatusCounter | undefined;
  let dir = '';
  let front = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'nginx-metrics-'));
    chmodSync(dir, 0o755);
    counter = await startCacheStatusCounter({ metricsPort: 0 });
    const port = await freePort();
    front = `http://127.0.0.1:${port}`;
    nginx = await startNginx({ port, upstreams: [new URL(site.url).host], serverNames: ['127.0.0.1'], clientDir: path.resolve('build/client'), runDir: path.join(dir, 'run'), cacheStatusTo: counter.syslogAddress, echo: false });
  }, 60_000);
  afterAll(async () => {
    if (nginx) await stop(nginx);
    await counter?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses the metrics path from outside, while pages pass', async () => {
    const refused = await fetch(`${front}/metrics`);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain('# TYPE');
    expect((await fetch(`${front}/company/about`)).status).toBe(200);
  });

  it("counts nginx's page-cache hits and misses where Prometheus reads them", async () => {
    const read = async () => (await fetch(counter!.metricsUrl)).text();
    const before = await read();
    // A page for everyone: the first request fills the cache, the second is answered from it.
    const path = `/company/about?metrics=${Date.now()}`;
    expect((await fetch(`${front}${path}`)).headers.get('x-cache-status')).toBe('MISS');
    expect((await fetch(`${front}${path}`)).headers.get('x-cache-status')).toBe('HIT');
    let after = before;
    for (let tries = 0; tries < 50 && sample(after, 'nginx_cache_requests_total', { status: 'HIT' }) <= sample(before, 'nginx_cache_requests_total', { status: 'HIT' }); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await read();
    }
    expect(sample(after, 'nginx_cache_requests_total', { status: 'HIT' })).toBeGreaterThanOrEqual(sample(before, 'nginx_cache_requests_total', { status: 'HIT' }) + 1);
    expect(sample(after, 'nginx_cache_requests_total', { status: 'MISS' })).toBeGreaterThanOrEqual(sample(before, 'nginx_cache_requests_total', { status: 'MISS' }) + 1);
  });
});
