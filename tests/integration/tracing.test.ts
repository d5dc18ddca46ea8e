import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { loadConfig } from '../../server/config.ts';
import { startTracing } from '../../server/tracing.ts';
import { createEmbeddedSearch } from '../../standins/search/service.ts';

// Issue 30, item 2 (decision 0090): a search page request as a trace, recorded by an in-memory
// exporter; the Search API (the stand-in on a port of its own, over HTTP) gets the trace in `traceparent`.
const exporter = new InMemorySpanExporter();
startTracing({ exporter });

let service: Server;
const searchCalls: IncomingHttpHeaders[] = [];
const stockCalls: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  if (!built) return;
  const search = createEmbeddedSearch({ ...loadConfig({ CATALOGUE_PRODUCTS: '2000' }).search, rateLimitPerMinute: 0 });
  const app = express();
  app.use((req, _res, next) => {
    if (req.method === 'POST' && req.path === '/rest/search/v2') searchCalls.push(req.headers);
    next();
  });
  app.use(search.router);
  // A stock service that is down: the site's plain fetch to it is what is looked at.
  app.get('/stock-api/stock', (req, res) => {
    stockCalls.push(req.headers);
    res.status(503).json({ message: 'down for the test' });
  });
  service = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => service.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => service?.close(resolve));
});
// Each search distinct (no answer reused), layout data asked for each page.
const site = demoSiteForSuite(() => ({ SEARCH_API_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/rest/search/v2`, SEARCH_PAGE_CACHE_SECONDS: '0', LAYOUT_CACHE_SECONDS: '0', STOCK_API_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}/stock-api`, FORM_RATE_LIMIT_PER_MINUTE: '0' }));

/** The spans of one trace, each with its ancestors' names. */
function lineage(spans: ReadableSpan[], span: ReadableSpan): string[] {
  const byId = new Map(spans.map((entry) => [entry.spanContext().spanId, entry]));
  const names: string[] = [];
  for (let parent = span.parentSpanContext?.spanId; parent && byId.has(parent); parent = byId.get(parent)!.parentSpanContext?.spanId) names.push(byId.get(parent)!.name);
  return names;
}

describe.runIf(built)('traces (OpenTelemetry)', () => {
  it('one search page request: the page span, its loaders, the Search API and layout calls beneath it, and the traceparent sent on', async () => {
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    exporter.reset();
    searchCalls.length = 0;
    const response = await fetch(`${site.url}/searchresult?q=fuse`, { headers: { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` } });
    expect(response.status).toBe(200);
    await response.text();
    // The page span ends when the response has; give the close event its turn.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === callerTrace);
    const page = spans.find((span) => span.name === 'GET search');
    expect(page, spans.map((span) => span.name).join(', ')).toBeDefined();
    // The caller's span is the page's parent: the trace continues the caller's.
    expect(page!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(page!.attributes['http.response.status_code']).toBe(200);

    const under = (name: RegExp) => spans.filter((span) => name.test(span.name) && lineage(spans, span).includes('GET search'));
    expect(under(/^loader\.SearchResults$/).length).toBe(1);
    expect(under(/^search search$/).length).toBeGreaterThanOrEqual(1);
    expect(under(/^layout layout$/).length).toBe(1);
    expect(under(/^layout dictionary$/).length).toBeLessThanOrEqual(1);
    // The Search API call sits under the loader that asked for it.
    expect(lineage(spans, under(/^search search$/)[0]!)).toContain('loader.SearchResults');

    // The stand-in got the trace, naming the Search API call's own span as the parent.
    const sent = searchCalls.map((headers) => String(headers.traceparent ?? ''));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const searchSpanIds = new Set(under(/^search search$/).map((span) => span.spanContext().spanId));
    for (const traceparent of sent) {
      const [, traceId, parentId, flags] = traceparent.split('-');
      expect(traceId).toBe(callerTrace);
      expect(searchSpanIds.has(parentId!)).toBe(true);
      expect(flags).toBe('01');
    }
  }, 60_000);

  it('a request without a traceparent starts a trace of its own', async () => {
    exporter.reset();
    // node:http, not fetch: this process's own fetches carry a trace of their own (the undici instrumentation).
    const status = await new Promise<number | undefined>((resolve, reject) =>
      get(`${site.url}/company/about`, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode));
      }).on('error', reject),
    );
    expect(status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const page = exporter.getFinishedSpans().find((span) => span.name === 'GET page');
    expect(page).toBeDefined();
    expect(page!.parentSpanContext).toBeUndefined();
    expect(page!.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  }, 30_000);

  it("a plain fetch of the site's (the stock service's) is a client span under the page's and sends its traceparent", async () => {
    const callerTrace = '0af7651916cd43dd8448eb211c80319c';
    exporter.reset();
    stockCalls.length = 0;
    const response = await fetch(`${site.url}/CheckStock`, {
      method: 'POST',
      headers: { origin: site.url, 'content-type': 'application/x-www-form-urlencoded', traceparent: `00-${callerTrace}-b7ad6b7169203331-01` },
      body: new URLSearchParams({ _component: 'CheckStock', partNumber: 'SMBJ5.0A', quantity: '10' }),
      redirect: 'manual',
    });
    // The stock service is down: the visitor is told so (503), the post is not a fault of ours (500).
    expect(response.status).not.toBe(500);
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stockCalls.length).toBe(1);
    const [, traceId, parentId] = String(stockCalls[0]!.traceparent ?? '').split('-');
    expect(traceId).toBe(callerTrace);
    const spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === callerTrace);
    const call = spans.find((span) => span.spanContext().spanId === parentId);
    expect(call, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(call!.name).toBe('GET');
    expect(lineage(spans, call!).length).toBeGreaterThanOrEqual(1);
  }, 30_000);
});
