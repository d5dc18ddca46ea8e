import client from 'prom-client';

/**
 * The site's Prometheus metrics (issue 30, decision 0089), in one registry per process. The Remix
 * build imports this module from the site rather than holding a copy (decision 0097), so what its
 * clients record is what the site's scrape reads.
 *
 * Recording is a few additions per request (prom-client keeps plain counters; nothing is
 * formatted until a scrape). What is cheaper read than counted (outbox rows, analytics queue,
 * Redis) is read at scrape time through `observeSite`.
 */

/** Seconds: a page answered from memory is ~5 ms, a distinct search 20-60 ms, a slow outside call seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** CPU seconds per request: the distinct-search target is 15 ms (decision 0091). */
const CPU_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 1];
/** Seconds an outside call takes: an in-process stand-in answers in well under 1 ms. */
const CALL_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3, 10];

/** The outside services whose calls are timed and traced. */
export type OutsideService = 'search' | 'layout' | 'solr' | 'oidc' | 'redis';

/** What the site can tell about itself when scraped (bound once the site has started). */
export interface SiteState {
  outbox?: { depth(): Array<{ kind: string; state: string; rows: number; oldestAgeSeconds: number | null }> };
  analytics?: { stats: { queued: number; inFlight: number; sent: number; refused: number; failed: number; dropped: number } };
  redis?: { up(): boolean };
}

function create() {
  const registry = new client.Registry();
  const registers = [registry];
  // Node's own: event-loop lag (nodejs_eventloop_lag_*), heap, GC durations, handles, CPU.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const site: SiteState = {};
  /** A call to an outside service, by operation and outcome (error: no answer, a 5xx or 429). */
  const callHistogram = (name: string, help: string) =>
    new client.Histogram({ name, help, labelNames: ['operation', 'outcome'] as const, buckets: CALL_BUCKETS, registers });

  const metrics = {
    registry,
    site,
    requestDuration: new client.Histogram({
      name: 'site_http_request_duration_seconds',
      help: 'Time from a request arriving to its response ending, by kind of page, method and status.',
      labelNames: ['kind', 'method', 'status'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    requestCpu: new client.Histogram({
      name: 'site_http_request_cpu_seconds',
      help: "The process's CPU time while a request was answered (exact for requests alone in the process; overlapping requests share it: rate(process_cpu_seconds_total) / rate(site_http_request_cpu_seconds_count) is the mean).",
      labelNames: ['kind'] as const,
      buckets: CPU_BUCKETS,
      registers,
    }),
    searchApiDuration: callHistogram('site_search_api_duration_seconds', 'Calls to the Search API (search, querySuggest, html, ...) by operation and outcome (error: no answer or a 5xx/429).'),
    layoutDuration: callHistogram('site_layout_service_duration_seconds', 'Calls to the layout and dictionary services by operation and outcome.'),
    solrDuration: callHistogram('site_solr_duration_seconds', "Calls to Solr's select API by core and outcome."),
    oidcDuration: callHistogram('site_oidc_duration_seconds', 'Calls to the OpenID provider (discovery, token, keys) by operation and outcome.'),
    redisDuration: callHistogram('site_redis_duration_seconds', 'Commands to the shared Redis by command and outcome.'),
    serviceReported: new client.Histogram({
      name: 'site_outside_service_reported_seconds',
      help: "An outside service's own handling time, as its answer's Server-Timing header says (only services that send one: the stand-ins do), by service and operation. A call's duration minus this is the network and the wait for this process's event loop.",
      labelNames: ['service', 'operation'] as const,
      buckets: CALL_BUCKETS,
      registers,
    }),
    searchAnswers: new client.Counter({
      name: 'site_search_answers_total',
      help: 'Search pages by where their answer came from: reused (an identical search answered within SEARCH_PAGE_CACHE_SECONDS or in flight) or asked (a Search API call).',
      labelNames: ['source'] as const,
      registers,
    }),
    deliveries: new client.Counter({
      name: 'site_outbox_deliveries_total',
      help: 'Outbox delivery attempts by kind and result: delivered, retried (a later try is scheduled) or failed (parked, needs a person).',
      labelNames: ['kind', 'result'] as const,
      registers,
    }),
    rateLimitRefusals: new client.Counter({
      name: 'site_rate_limit_refusals_total',
      help: 'Requests refused by a rate limit (429), by limit.',
      labelNames: ['limit'] as const,
      registers,
    }),
  };

  const outboxRows = (state: string) => (site.outbox?.depth() ?? []).filter((row) => row.state === state);
  new client.Gauge({
    name: 'site_outbox_pending_rows',
    help: 'Outbox submissions not yet delivered (the outbox depth).',
    registers,
    collect() {
      this.set(outboxRows('pending').reduce((sum, row) => sum + row.rows, 0));
    },
  });
  new client.Gauge({
    name: 'site_outbox_parked_rows',
    help: 'Outbox submissions that failed for good (a permanent refusal or too many tries): a person must look.',
    registers,
    collect() {
      this.set(outboxRows('parked').reduce((sum, row) => sum + row.rows, 0));
    },
  });
  new client.Gauge({
    name: 'site_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest undelivered outbox submission (0: none waits).',
    registers,
    collect() {
      this.set(Math.max(0, ...outboxRows('pending').map((row) => row.oldestAgeSeconds ?? 0)));
    },
  });
  new client.Gauge({
    name: 'site_analytics_queued_events',
    help: 'Usage-analytics events waiting to be sent or in flight.',
    registers,
    collect() {
      const stats = site.analytics?.stats;
      this.set(stats ? stats.queued + stats.inFlight : 0);
    },
  });
  const analyticsCounter = (name: string, help: string, read: (stats: NonNullable<SiteState['analytics']>['stats']) => number) =>
    new client.Counter({
      name,
      help,
      registers,
      collect() {
        const stats = site.analytics?.stats;
        this.reset();
        if (stats) this.inc(read(stats));
      },
    });
  analyticsCounter('site_analytics_sent_total', 'Usage-analytics events the service accepted.', (stats) => stats.sent);
  analyticsCounter('site_analytics_failed_total', 'Usage-analytics events refused by the service or lost on the way.', (stats) => stats.refused + stats.failed);
  analyticsCounter('site_analytics_dropped_total', 'Usage-analytics events dropped because the queue was full (the service too slow or down).', (stats) => stats.dropped);
  new client.Gauge({
    name: 'site_redis_up',
    help: '1 when the shared Redis answers commands, 0 when it does not (no series: no REDIS_URL, each process keeps its own state).',
    labelNames: ['store'] as const,
    registers,
    collect() {
      this.reset();
      if (site.redis) this.set({ store: 'shared' }, site.redis.up() ? 1 : 0);
    },
  });
  return metrics;
}

export type SiteMetrics = ReturnType<typeof create>;

let metrics: SiteMetrics | undefined;

/** This process's metrics, made on first use. */
export function siteMetrics(): SiteMetrics {
  return (metrics ??= create());
}

/** Names what the scrape reads from the running site (the last site started in this process). */
export function observeSite(state: SiteState): void {
  Object.assign(siteMetrics().site, state);
}

/** The histogram of one outside service's calls. */
export function callHistogram(service: OutsideService) {
  const metrics = siteMetrics();
  switch (service) {
    case 'search':
      return metrics.searchApiDuration;
    case 'layout':
      return metrics.layoutDuration;
    case 'solr':
      return metrics.solrDuration;
    case 'oidc':
      return metrics.oidcDuration;
    case 'redis':
      return metrics.redisDuration;
  }
}

/**
 * The kind of page a path is, for the request metrics: few values (Prometheus keeps one series per
 * label value), read from the path alone.
 */
export function pageKind(path: string): string {
  if (path.startsWith('/assets/')) return 'asset';
  if (path === '/healthz' || path === '/readyz' || path === '/metrics') return 'probe';
  if (path.endsWith('.data')) return pageKind(path.slice(0, -'.data'.length)) === 'search' ? 'search-data' : 'page-data';
  if (/^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:searchresult|search)(?:\/|$)/i.test(path)) return 'search';
  if (path.startsWith('/api/search/') || path.startsWith('/api/case-assist/')) return 'search-api';
  if (path.startsWith('/api/')) return 'api';
  if (path.startsWith('/media/')) return 'media';
  if (/^\/(?:login|logout|oidc)(?:\/|$)/.test(path) || path.startsWith('/login/')) return 'sign-in';
  if (/^\/(?:rest|sitecore|solr|_standin|dev)\//.test(path)) return 'stand-in';
  if (/^\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(?:products|catalogue)(?:\/|$)/i.test(path)) return 'catalogue';
  if (/sitemap|robots\.txt/.test(path)) return 'sitemap';
  return 'page';
}
