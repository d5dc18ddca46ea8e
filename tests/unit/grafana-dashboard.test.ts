import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteMetrics } from '../../server/metrics.ts';

// deploy/grafana-dashboard.json is read by people at 3 a.m.: every series it plots must be one the
// site (server/metrics.ts, with Node's own) or nginx's cache counter (deploy/nginx-cache-metrics.ts)
// exposes, or its panel stays empty without a word.
const NGINX_COUNTER = 'nginx_cache_requests_total';
const HISTOGRAM_SERIES = /_(bucket|sum|count)$/;

interface Panel {
  title: string;
  targets?: Array<{ expr: string }>;
}

describe('the sample Grafana dashboard', () => {
  it('plots only metrics the site and the nginx counter expose', async () => {
    const dashboard = JSON.parse(readFileSync(new URL('../../deploy/grafana-dashboard.json', import.meta.url), 'utf8')) as { panels: Panel[] };
    const exposed = new Set((await siteMetrics().registry.getMetricsAsJSON()).map((metric) => metric.name));
    exposed.add(NGINX_COUNTER);
    const plotted = dashboard.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => [...target.expr.matchAll(/\b(?:site|nodejs|process|nginx)_[a-z0-9_]+/g)].map((match) => ({ panel: panel.title, name: match[0] }))));
    expect(plotted.length).toBeGreaterThan(10);
    for (const { panel, name } of plotted) {
      const metric = exposed.has(name) ? name : name.replace(HISTOGRAM_SERIES, '');
      expect(exposed.has(metric), `${panel}: ${name}`).toBe(true);
    }
  });
});
