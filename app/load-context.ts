import type { SiteConfig } from '../server/config.ts';
import type { Outbox } from '../services/outbox/outbox.ts';

/** What the server hands every loader: the checked configuration and this response's CSP nonce. */
export interface SiteLoadContext {
  config: SiteConfig & {
    layout: SiteConfig['layout'] & { apiHost: string };
    search: SiteConfig['search'] & { apiUrl: string; analyticsUrl: string };
    auth: SiteConfig['auth'] & { issuer: string };
    stock: SiteConfig['stock'] & { apiUrl: string };
    sampleRequests: SiteConfig['sampleRequests'] & { serviceUrl: string };
    email: SiteConfig['email'] & { url: string };
    marketingForms: SiteConfig['marketingForms'] & { url: string };
  };
  /** Durable submissions (issue 8): stored before the visitor is answered, delivered after. */
  outbox: Outbox;
  /** Usage analytics (SPEC 7), posted after the response by server/ports/usage-analytics.ts. */
  analytics: UsageAnalytics;
  cspNonce: string;
  /**
   * Present when this request, a GET without cookies, may become the copy of the page served to
   * other visitors without cookies (server/page-cache.ts, decision 0031).
   */
  pageCopy?: PageCopyRecorder;
}

export type AnalyticsKind = 'search' | 'click' | 'custom' | 'view';

/** Where loaders and actions hand their analytics events; sending never waits for the service. */
export interface UsageAnalytics {
  send(kind: AnalyticsKind, visitorId: string, body: Record<string, unknown>): void;
  /** The same with the event already serialized, its clientId included. */
  sendJson(kind: AnalyticsKind, visitorId: string, event: string): void;
  readonly stats: UsageAnalyticsStats;
}

/** Events sent, refused by the service, failed on the way, or dropped because the queue was full. */
export interface UsageAnalyticsStats {
  sent: number;
  refused: number;
  failed: number;
  dropped: number;
  queued: number;
  inFlight: number;
}

/** How a loader takes part in page copies. Nothing is shared unless a loader calls markShareable. */
export interface PageCopyRecorder {
  /** The page is the same for every visitor without cookies at this address (and privacy signals). */
  markShareable(): void;
  /** A cookie set for this visitor alone (an id): left out of the copy. */
  personalCookie(name: string): void;
  /** Work to redo for each visitor served the copy, e.g. the analytics events of their visit. */
  forEachLaterVisitor(effect: (visit: LaterVisit) => void | Promise<void>): void;
}

/** A visitor served a copy of a page. */
export interface LaterVisit {
  header(name: string): string | undefined;
  setCookie(value: string): void;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation must be an interface
  interface AppLoadContext extends SiteLoadContext {}
}
