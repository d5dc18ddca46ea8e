import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { context, isSpanContextValid, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Context, type Span } from '@opentelemetry/api';
import { pageKind, siteMetrics } from './metrics.ts';
import { logger } from './log.ts';

/**
 * What the site tells about each request (issue 30, decisions 0089, 0090; REQ-RUN-6, REQ-RUN-9): a duration and CPU
 * observation by kind of page and status, a span (recorded when tracing is on; otherwise it only
 * carries the trace id through the request), and one log line: method, path, status, duration,
 * request id and trace id.
 */

const tracer = () => trace.getTracer('voltaris-site');

/**
 * The request's span: a child of the caller's (`traceparent`) or a trace's root. Without a tracer
 * provider (tracing off) that is a non-recording span with the caller's ids, or, when the caller
 * sent none, with ids of our own: every request's log lines still share a trace id.
 */
function requestSpan(req: Request, kind: string): { span: Span; active: Context } {
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  let span = tracer().startSpan(`${req.method} ${kind}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path, 'site.page_kind': kind } }, parent);
  if (!isSpanContextValid(span.spanContext())) {
    const id = randomBytes(24).toString('hex');
    span = trace.wrapSpanContext({ traceId: id.slice(0, 32), spanId: id.slice(32), traceFlags: TraceFlags.NONE });
  }
  return { span, active: trace.setSpan(parent, span) };
}

export function observeRequests(): RequestHandler {
  const metrics = siteMetrics();
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const kind = pageKind(req.path);
    const { span, active } = requestSpan(req, kind);
    res.once('close', () => {
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const status = res.statusCode;
      metrics.requestDuration.observe({ kind, method: req.method, status: String(status) }, seconds);
      metrics.requestCpu.observe({ kind }, (used.user + used.system) / 1e6);
      if (status === 429) metrics.rateLimitRefusals.inc({ limit: kind === 'search-api' ? 'search' : kind === 'sign-in' ? 'sign-in' : req.method === 'POST' ? 'forms' : kind });
      if (span.isRecording()) {
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      const { traceId } = span.spanContext();
      logger.info(
        { method: req.method, path: req.path.slice(0, 300), status, durationMs: Math.round(seconds * 10_000) / 10, requestId: res.locals.requestId as string | undefined, traceId, ...(res.writableFinished ? {} : { aborted: true }) },
        'request',
      );
    });
    context.with(active, next);
  };
}

/** The metrics in Prometheus's text format. */
export async function sendMetrics(_req: Request, res: Response): Promise<void> {
  const { registry } = siteMetrics();
  res.set({ 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' }).send(await registry.metrics());
}

/**
 * Who may read /metrics on the site's own port: a caller on this machine that came through no
 * proxy (nginx and any front set X-Forwarded-For; nginx refuses the path too). Everyone else gets
 * the 404 any unknown path gets. With METRICS_PORT set, the site's port serves no /metrics at all.
 */
export function metricsForLoopback(req: Request, res: Response, next: NextFunction): void {
  const address = req.socket.remoteAddress ?? '';
  const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  if (!loopback || req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return next();
  void sendMetrics(req, res).catch(next);
}
