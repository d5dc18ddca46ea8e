import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { UndiciInstrumentation, type UndiciRequest } from '@opentelemetry/instrumentation-undici';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';

/**
 * OpenTelemetry for the site's process (issue 30, decision 0090). Always: the request's trace
 * context (the caller's `traceparent`, or a new one) is kept across the request's async work, so
 * every log line names its trace and outside calls pass it on. Only when asked for by the standard
 * variables: spans recorded and exported over OTLP/HTTP.
 *
 * - OTEL_TRACES_EXPORTER=otlp (or an OTEL_EXPORTER_OTLP_ENDPOINT / _TRACES_ENDPOINT): on; the
 *   exporter reads OTEL_EXPORTER_OTLP_* (endpoint, headers, timeout), the batch OTEL_BSP_*, the
 *   sampler OTEL_TRACES_SAMPLER(_ARG), the resource OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES.
 * - unset, OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED=true: off (the default).
 */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.includes('none')) return false;
  if (exporters.includes('otlp')) return true;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

export interface Tracing {
  /** Whether spans are recorded. */
  recording: boolean;
  /** Sends the spans still buffered and stops (a stopping process calls it last). */
  shutdown(): Promise<void>;
}

let installed: Tracing | undefined;

/** Whether a request already carries a trace: the site's own `outsideCall` spans set it themselves. */
export function carriesTrace(request: Pick<UndiciRequest, 'headers'>): boolean {
  const { headers } = request;
  if (typeof headers === 'string') return /^traceparent:/im.test(headers);
  for (let at = 0; at < headers.length; at += 2) if (String(headers[at]).toLowerCase() === 'traceparent') return true;
  return false;
}

/**
 * Every other `fetch` of the process (remix-auth's token exchange, the search token, stock, samples,
 * media, mail): a client span and the `traceparent` it sends, through undici's diagnostics channel
 * (decision 0095). With tracing off the span records nothing, but the header still carries the
 * request's trace on.
 */
function instrumentFetch(): UndiciInstrumentation {
  return new UndiciInstrumentation({ ignoreRequestHook: carriesTrace });
}

/**
 * Installs the context manager and the W3C propagator, and, when tracing is requested or a test
 * hands its own exporter (an in-memory one, exported at once), the tracer provider. Once per process.
 */
export function startTracing(options: { exporter?: SpanExporter; env?: NodeJS.ProcessEnv } = {}): Tracing {
  if (installed) return installed;
  const manager = new AsyncLocalStorageContextManager();
  manager.enable();
  context.setGlobalContextManager(manager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const fetches = instrumentFetch();
  const env = options.env ?? process.env;
  if (!options.exporter && !tracingRequested(env)) {
    installed = { recording: false, shutdown: async () => fetches.disable() };
    return installed;
  }
  const processor = options.exporter ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) override the name given here.
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': 'voltaris-site' })).merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [processor],
  });
  trace.setGlobalTracerProvider(provider);
  installed = {
    recording: true,
    shutdown: async () => {
      fetches.disable();
      await provider.shutdown();
    },
  };
  return installed;
}
