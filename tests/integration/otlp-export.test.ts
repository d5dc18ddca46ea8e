import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtSiteForTests } from '../support/built-site.ts';

/**
 * Issue 30 item 2 as production runs it: the built site, started with the standard OTEL_* variables
 * only, exports its spans over OTLP/HTTP (the SDK's own exporter, JSON) to a receiver on 127.0.0.1,
 * batched, and flushes what is left when it stops. The in-memory exporter of tracing.test.ts shows
 * the spans' shape; this shows they leave the process on the wire.
 */
const built = existsSync('build/node/demo.js');
if (!built) console.warn('[otlp export] skipped: no build (npm run build)');

interface OtlpSpan { traceId: string; spanId: string; parentSpanId?: string; name: string }
interface OtlpExport { resourceSpans: Array<{ resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans: Array<{ spans: OtlpSpan[] }> }> }

const exports: Array<{ contentType: string; body: OtlpExport }> = [];
let receiver: Server;

beforeAll(async () => {
  if (!built) return;
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') exports.push({ contentType: String(req.headers['content-type']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

// Started after the receiver (its port is read at the start), stopped before it closes.
const site = builtSiteForTests({
  name: 'otlp-export',
  runnable: built,
  env: () => ({
    CATALOGUE_PRODUCTS: '2000',
    SEARCH_PAGE_CACHE_SECONDS: '0',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    OTEL_SERVICE_NAME: 'voltaris-site-under-test',
    // Long enough that the spans of the request below are still buffered when the process stops.
    OTEL_BSP_SCHEDULE_DELAY: '600000',
  }),
});

describe.runIf(built)('OTLP export from the built site', () => {
  it("a search page's spans reach the collector over OTLP/HTTP, under the configured service name, flushed when the process stops", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${site.origin}/searchresult?q=fuse`, { headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` } });
    expect(response.status).toBe(200);
    await response.text();

    await site.stop();
    expect(site.process.child.exitCode).toBe(0);
    expect(exports.length).toBeGreaterThan(0);
    expect(new Set(exports.map((sent) => sent.contentType.split(';')[0]))).toEqual(new Set(['application/json']));
    const resources = exports.flatMap((sent) => sent.body.resourceSpans);
    const serviceNames = new Set(resources.map((resource) => resource.resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue));
    expect([...serviceNames]).toEqual(['voltaris-site-under-test']);

    const spans = resources.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)).filter((span) => span.traceId === traceId);
    const page = spans.find((span) => span.name === 'GET search');
    expect(page, spans.map((span) => span.name).join(', ')).toBeDefined();
    expect(page!.parentSpanId).toBe('b7ad6b7169203331');
    // The loader and its Search API call sit beneath the page (through Remix's own spans).
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const ancestors = (span: OtlpSpan | undefined) => {
      const names: string[] = [];
      for (let parent = span?.parentSpanId; parent && byId.has(parent); parent = byId.get(parent)!.parentSpanId) names.push(byId.get(parent)!.name);
      return names;
    };
    expect(ancestors(spans.find((span) => span.name === 'loader.SearchResults'))).toContain('GET search');
    expect(ancestors(spans.find((span) => span.name === 'search search'))).toEqual(expect.arrayContaining(['loader.SearchResults', 'GET search']));
  });
});
