import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { callHistogram, siteMetrics, type OutsideService } from './metrics.ts';

/**
 * Spans and outside-call timing (issue 30, decision 0090). Only the OpenTelemetry API is used
 * here: without a tracer provider (tracing off, the default) every span is a non-recording one that
 * carries the caller's trace id, costs an object, and exports nothing. server/tracing.ts installs
 * the SDK when OTEL_* variables ask for it.
 */

const tracer = () => trace.getTracer('voltaris-site');

/** Whether spans are being recorded (an exporter is configured): callers skip work spans only need. */
export function tracingOn(): boolean {
  return trace.getActiveSpan()?.isRecording() ?? false;
}

/** Runs `work` as a child span named `name` of the active one, when that one records; else runs it. */
export function inSpan<T>(name: string, work: () => Promise<T>, attributes?: Record<string, string | number>): Promise<T> {
  const parent = trace.getActiveSpan();
  if (!parent?.isRecording()) return work();
  return tracer().startActiveSpan(name, { ...(attributes ? { attributes } : {}) }, async (span: Span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Headers that carry the active trace to a service (W3C `traceparent`, `tracestate`): empty when
 * no trace is active.
 */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  return headers;
}

/**
 * One call to an outside service: timed into its histogram (outcome error when it throws or
 * `failed` says so), and, when tracing records, a client span whose context `work` sends on
 * through the headers it is given.
 */
export async function outsideCall<T>(service: OutsideService, operation: string, work: (headers: Record<string, string>) => Promise<T>, failed?: (result: T) => boolean): Promise<T> {
  const started = performance.now();
  const parent = trace.getActiveSpan();
  const span = parent?.isRecording() ? tracer().startSpan(`${service} ${operation}`, { kind: SpanKind.CLIENT, attributes: { 'peer.service': service, 'site.operation': operation } }) : undefined;
  const callContext = span ? trace.setSpan(context.active(), span) : context.active();
  const headers: Record<string, string> = {};
  propagation.inject(callContext, headers);
  let outcome = 'ok';
  try {
    const result = await (span ? context.with(callContext, () => work(headers)) : work(headers));
    if (failed?.(result)) outcome = 'error';
    const reportedMs = serverTimingMs(serverTimingOf(result));
    if (reportedMs !== undefined) siteMetrics().serviceReported.observe({ service, operation }, reportedMs / 1000);
    return result;
  } catch (error) {
    outcome = 'error';
    span?.recordException(error instanceof Error ? error : String(error));
    throw error;
  } finally {
    callHistogram(service).observe({ operation, outcome }, (performance.now() - started) / 1000);
    if (span) {
      if (outcome === 'error') span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  }
}

/** The Server-Timing header of an answer: a fetch Response, or a plain answer with a headers record. */
function serverTimingOf(result: unknown): string | null {
  if (result instanceof Response) return result.headers.get('server-timing');
  if (typeof result !== 'object' || result === null || !('headers' in result)) return null;
  const headers: unknown = result.headers;
  if (typeof headers !== 'object' || headers === null) return null;
  const value: unknown = (headers as Record<string, unknown>)['server-timing'];
  return typeof value === 'string' ? value : null;
}

/**
 * The service's own time in a Server-Timing header (W3C Server Timing: `name;dur=ms;desc=...`,
 * comma-separated): the largest `dur`, since a service's total covers its phases. Undefined when
 * the header is absent or names no duration.
 */
export function serverTimingMs(header: string | null): number | undefined {
  if (!header) return undefined;
  let largest: number | undefined;
  for (const match of header.matchAll(/;\s*dur\s*=\s*"?(\d+(?:\.\d+)?)"?/gi)) {
    const ms = Number(match[1]);
    if (largest === undefined || ms > largest) largest = ms;
  }
  return largest;
}
