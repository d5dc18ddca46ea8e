import type { SiteConfig } from '../server/config.ts';
import type { Outbox } from '../services/outbox/outbox.ts';
import type { SharedStore } from '../server/shared-store.ts';

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
  /**
   * What every process of the site shares (sessions, sign-in tokens, rate limits, facet freeze,
   * opened results): Redis with REDIS_URL, else this process's memory (server/shared-store.ts).
   */
  shared: SharedStore;
  /** Durable submissions (issue 8): stored before the visitor is answered, delivered after. */
  outbox: Outbox;
  /** Usage analytics (SPEC 7), posted after the response by server/ports/usage-analytics.ts. */
  analytics: UsageAnalytics;
  cspNonce: string;
  /**
   * The visitor's address as Express's `trust proxy` setting decides (req.ip), never a raw
   * X-Forwarded-For the client sent: the Search API rate-limits by it (issue 19).
   */
  clientAddress: string;
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
  /**
   * False when this rendering only makes the copy, for a returning visitor who is then served from
   * it (decision 0035): no one visits through it, so it sends no analytics events of its own.
   */
  readonly forAVisitor: boolean;
  /** The page is the same for every visitor without cookies at this address (and privacy signals). */
  markShareable(): void;
  /** A cookie set for this visitor alone (an id, their own history): left out of the copy. */
  personalCookie(name: string): void;
  /**
   * Work to redo for each visitor served the copy, e.g. the analytics events of their visit.
   * `cookies` names the cookies the effect takes from that visitor's request (decision 0035).
   */
  forEachLaterVisitor(effect: (visit: LaterVisit) => void | Promise<void>, cookies?: readonly string[]): void;
  /**
   * The page read this cookie (present or not). A copy is served to a visitor who sends it only
   * when an effect or a slot redoes, for them, all that it changes (decision 0035).
   */
  readsCookie(name: string): void;
  /** A part of the page made from the visitor's cookies, redone for each visitor served the copy. */
  personalSlot<Values>(slot: PersonalSlot<Values>): void;
}

/**
 * A part of a page that depends on nothing but the visitor's cookies (decision 0035). The copy is
 * cut where the slot's HTML and its data are, and each visitor gets their own spliced in. A slot
 * whose HTML or data is not found exactly once in the copy keeps visitors with cookies off it.
 */
export interface PersonalSlot<Values> {
  /** The cookies the values come from. */
  cookies: readonly string[];
  /** The values in this rendering of the page. */
  values: Values;
  /** The values sit in the page's data as `"dataKey":JSON`. */
  dataKey: string;
  /** A later visitor's values, from their cookies only. */
  valuesFor(visit: LaterVisit): Values;
  /** The slot's HTML as the page renders it; an element that is there even when the values are empty. */
  html(values: Values): string;
}

/** A visitor served a copy of a page. */
export interface LaterVisit {
  header(name: string): string | undefined;
  /** A cookie's value from the visitor's Cookie header, as the `cookie` package parses it. */
  cookie(name: string): string | undefined;
  setCookie(value: string): void;
}

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation must be an interface
  interface AppLoadContext extends SiteLoadContext {}
}
