import type { SiteConfig } from './config.ts';
import type { Outbox } from './outbox.ts';
import type { FaultNote } from './log.ts';
import type { SolrClient } from './ports/solr.ts';
import type { InlineHashes } from './security.ts';
import type { SharedStore } from './shared-store.ts';
import type { EditingRequest } from './editing.ts';
import type { SiteLanguage } from './language.ts';
import type { ServerTiming } from './server-timing.ts';
import type { Dispatcher } from 'undici';

/** What the server hands every loader: the checked configuration and the ports. */
export interface SiteLoadContext {
  config: SiteConfig & {
    layout: SiteConfig['layout'] & { apiHost: string };
    search: SiteConfig['search'] & { apiUrl: string; analyticsUrl: string };
    auth: SiteConfig['auth'] & { issuer: string };
    stock: SiteConfig['stock'] & { apiUrl: string };
    sampleRequests: SiteConfig['sampleRequests'] & { serviceUrl: string };
    email: SiteConfig['email'] & { url: string };
    marketingForms: SiteConfig['marketingForms'] & { url: string };
    solr: SiteConfig['solr'] & { url: string };
    mediaLibrary: SiteConfig['mediaLibrary'] & { url: string };
  };
  /** The content port: Solr's select API (server/ports/solr.ts, decision 0043). */
  solr: SolrClient;
  /**
   * What every process of the site shares (sessions, sign-in tokens, rate limits, facet freeze,
   * opened results): Redis with REDIS_URL, else this process's memory (server/shared-store.ts).
   */
  shared: SharedStore;
  /** Durable submissions (issue 8): stored before the visitor is answered, delivered after. */
  outbox: Outbox;
  /** Usage analytics (REQ-ANALYTICS-4), posted after the response by server/ports/usage-analytics.ts. */
  analytics: UsageAnalytics;
  /**
   * Sets this document's Content-Security-Policy with the hashes (sha256-...) of its inline scripts
   * and style elements, replacing the default one that allows neither; called once the whole HTML
   * is known.
   */
  setInlineHashes(hashes: InlineHashes): void;
  /**
   * The visitor's address as Express's `trust proxy` setting decides (req.ip), never a raw
   * X-Forwarded-For the client sent: the Search API rate-limits by it (issue 19).
   */
  clientAddress: string;
  /**
   * The layout and dictionary client's fetch when the embedded layout stand-in answers in this
   * process (demo mode): the same answers as its HTTP routes, without a socket. Unset: HTTP.
   */
  layoutFetch?: typeof fetch;
  /**
   * The Search API client's undici dispatcher when the embedded Search API answers in this process
   * (demo mode): the same answers as its HTTP routes, without a socket. Unset: HTTP.
   */
  searchDispatcher?: Dispatcher;
  /**
   * Tells whoever serves the content files that they changed (the page editor published): the
   * embedded layout service rereads them at once. Unset when the content is not served from files.
   */
  contentChanged?: () => void;
  /** Changes whenever the served content does: cached layouts of another version are not used. */
  contentVersion?: () => number;
  /** The error pages' words for when the dictionary cannot be read (server/fallback-phrases.ts). */
  fallbackPhrases?: Partial<Record<SiteLanguage, Record<string, string>>>;
  /** A request Sitecore Pages made through the editing door (server/editing.ts, issue 32); unset on every other. */
  editing?: EditingRequest;
  /**
   * This form post is past the client's form rate limit (server/form-guard.ts): the page's action
   * answers 429 with the form and the input instead of taking it. Unset on every other request.
   */
  formPostsOverLimit?: FormPostsOverLimit;
  /** This request's phases (Server-Timing), when SERVER_TIMING is on. */
  timing?: ServerTiming;
  /**
   * The error id of the fault logged for this request (app/lib/faults.server.ts fills it in), read
   * by the site when the response ends so a 5xx is logged once; unset in contexts tools and tests make.
   */
  faults?: FaultNote;
}

/** What the form guard tells the page it let through past the form rate limit (server/form-guard.ts). */
export interface FormPostsOverLimit {
  retryAfterSeconds: number;
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

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation must be an interface
  interface AppLoadContext extends SiteLoadContext {}
  // Loader data reaches components as the loaders returned it (Single Fetch, remix.config.js).
  interface Future {
    v3_singleFetch: true;
  }
}
