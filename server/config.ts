import { z } from 'zod';
import { LOOPBACK_ZH_SUFFIX } from './language.ts';

/**
 * The one place that reads the environment. Two modes, chosen by SITE_MODE (decision 0038):
 * - demo (the default, what `npm start` runs): every outside service left unset is replaced by its
 *   embedded stand-in with the published credentials below, so a fresh clone starts with nothing set;
 *   `.env.example` lists the same variables with the same defaults.
 * - production: no stand-in is mounted; every outside service's URL and secret must be set, and the
 *   published demo secrets are refused.
 * NODE_ENV (how the code is built and run) is independent: tests run the production build in demo mode.
 */

/**
 * The stand-ins' published control token (their own default is the same value): a demo gets it
 * unless STANDIN_CONTROL_TOKEN says otherwise, and production refuses it as a secret.
 */
export const DEFAULT_CONTROL_TOKEN = 'local-control-token';

export const SITE_MODES = ['demo', 'production'] as const;
export type SiteMode = (typeof SITE_MODES)[number];

/** Kinds of page with their own shared-cache lifetimes: CMS content, catalogue, search. */
export type SharedCacheKind = 'content' | 'catalogue' | 'search';


/**
 * What production mode needs set, one line per missing variable: each outside service's address
 * and credential, the session secret, and the identifiers that default to the stand-ins' own.
 */
export const REQUIRED_IN_PRODUCTION = [
  // A confirmation e-mail's link would otherwise follow the request's Host: a forged one mails a
  // genuine message whose link, token and all, points elsewhere.
  'PUBLIC_ORIGIN',
  'SESSION_SECRET',
  'SITECORE_API_HOST',
  'SITECORE_API_KEY',
  'SEARCH_API_URL',
  'SEARCH_ORGANIZATION_ID',
  'SEARCH_ACCESS_TOKEN',
  'SEARCH_API_KEY',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'EMAIL_API_URL',
  'EMAIL_API_KEY',
  'MARKETING_FORMS_URL',
  'MARKETING_PORTAL_ID',
  'SAMPLE_REQUEST_URL',
  'SAMPLE_REQUEST_API_TOKEN',
  'STOCK_API_URL',
  'STOCK_API_KEY',
  'CAD_MODEL_API_URL',
  'SOLR_URL',
  'SOLR_USER',
  'SOLR_PASSWORD',
  'MEDIA_LIBRARY_URL',
  'MEDIA_LIBRARY_KEY',
  // Issue 32: Sitecore Pages opens the editing endpoints with this secret, and the preview answers
  // drafts only to its own key.
  'JSS_EDITING_SECRET',
  'SITECORE_PREVIEW_API_KEY',
] as const;

/** Secrets: in production none may hold a published demo value. */
const SECRET_VARIABLES = ['SESSION_SECRET', 'SITECORE_API_KEY', 'SEARCH_ACCESS_TOKEN', 'SEARCH_API_KEY', 'SEARCH_TOKEN_SECRET', 'OIDC_CLIENT_SECRET', 'EMAIL_API_KEY', 'SAMPLE_REQUEST_API_TOKEN', 'STOCK_API_KEY', 'SOLR_PASSWORD', 'MEDIA_LIBRARY_KEY', 'JSS_EDITING_SECRET', 'SITECORE_PREVIEW_API_KEY'] as const;

/** The demo session secret: published, refused in production. */
export const DEMO_SESSION_SECRET = 'local-session-secret-for-development';

/** Every credential this repository publishes (README, .env.example, the stand-ins' defaults). */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  'local-layout-key',
  'local-search-token',
  'expired-search-token',
  'local-search-token-secret',
  'local-impersonate-key',
  'local-oidc-client-secret',
  DEMO_SESSION_SECRET,
  'local-stock-key',
  'local-sample-token',
  'local-email-key',
  'local-solr-password',
  'local-media-key',
  'local-editing-secret',
  'local-preview-key',
  DEFAULT_CONTROL_TOKEN,
]);

// Unset and empty both mean "use the embedded default". (zod 4 returns a .default() value without
// running the pipe, so absence is modelled with .optional() instead.)
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value.replace(/\/+$/, '')))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional())
  .optional();

const cacheSeconds = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be whole seconds').min(0, 'must be 0 (off) or more').max(86_400, 'must be at most 86400').default(fallback);

const hostSuffixList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((suffix) => suffix.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.string().regex(/^\.[a-z0-9.-]+$/, 'each suffix must start with a dot, e.g. ".cn"'))
      .min(1, 'needs at least one host suffix'),
  );

export const environmentSchema = z.object({
  /** demo: stand-ins for every unset service; production: none, everything configured (decision 0038). */
  SITE_MODE: z.string().trim().pipe(z.enum(SITE_MODES, { error: 'must be demo or production' })).default('demo'),
  /** Demo mode: the token the stand-ins' control and inspection endpoints ask for (X-Control-Token). */
  STANDIN_CONTROL_TOKEN: z.string().trim().min(1, 'must not be empty').default(DEFAULT_CONTROL_TOKEN),
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  /**
   * A second listener for /metrics, /healthz and /readyz only (Prometheus, the orchestrator's
   * probes), on METRICS_HOST (HOST by default); unset: /metrics answers on PORT to loopback callers
   * that came through no proxy (decision 0089).
   */
  METRICS_PORT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be between 0 and 65535').max(65535, 'must be between 0 and 65535').optional(),
  ),
  METRICS_HOST: z.string().trim().optional(),
  /** How long a stopping process lets requests in flight finish before it closes their connections (decision 0090). */
  DRAIN_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(0, 'must be 0 or more').max(600_000, 'must be at most 600000').default(10_000),
  /** Public origin of the global site; by default the origin the request came in on. */
  PUBLIC_ORIGIN: optionalUrl,
  /** Public origin of the Chinese site; by default the global host with the first suffix appended. */
  ZH_PUBLIC_ORIGIN: optionalUrl,
  /** REQ-LANG-1: the Chinese variant is chosen by the host ending. */
  ZH_HOST_SUFFIXES: hostSuffixList.optional().transform((list) => list ?? ['.cn']),
  /** Unset: the embedded layout stand-in on the site's own origin answers. */
  SITECORE_API_HOST: optionalUrl,
  SITECORE_API_KEY: z.string().trim().min(1, 'must not be empty').default('local-layout-key'),
  SITECORE_SITE_NAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, dash and underscore only')
    .default('website'),
  /** The preview key (drafts, editing layout); the embedded stand-in answers it on the site's origin. */
  SITECORE_PREVIEW_API_KEY: z.string().trim().min(1, 'must not be empty').default('local-preview-key'),
  /** The preview GraphQL endpoint; unset: SITECORE_API_HOST's /sitecore/api/graph/edge. */
  SITECORE_PREVIEW_GRAPHQL_URL: optionalUrl,
  /** Issue 32: the secret Sitecore Pages sends to /api/editing/*; required in production. */
  JSS_EDITING_SECRET: z.string().trim().min(16, 'must be at least 16 characters').default('local-editing-secret'),
  /**
   * Origins beside Pages' own (https://pages.sitecorecloud.io) that may open the editing endpoints
   * and frame their pages: comma-separated, `*` as a wildcard within a name (JSS's rule).
   */
  JSS_ALLOWED_ORIGINS: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim().replace(/\/+$/, '')).filter(Boolean))
    .pipe(z.array(z.string().regex(/^https?:\/\/[^\s/;,']+$/, "each origin is scheme and host, e.g. https://xmc-example.sitecorecloud.io")))
    .default([]),
  LAYOUT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').max(120_000).default(10_000),
  /** Production only: seconds a page's layout data is reused (0: ask the layout service every time). */
  LAYOUT_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 (off) or more').max(300, 'must be at most 300').default(5),
  /**
   * Shared caches (a CDN, nginx) keep a page the same for every anonymous visitor this long
   * (s-maxage; 0: such pages say private) and may serve it this much longer while they refresh it
   * (stale-while-revalidate), by page kind (decision 0049).
   */
  SHARED_CACHE_CONTENT_SECONDS: cacheSeconds(300),
  SHARED_CACHE_CONTENT_STALE_SECONDS: cacheSeconds(600),
  SHARED_CACHE_CATALOGUE_SECONDS: cacheSeconds(60),
  SHARED_CACHE_CATALOGUE_STALE_SECONDS: cacheSeconds(300),
  SHARED_CACHE_SEARCH_SECONDS: cacheSeconds(30),
  SHARED_CACHE_SEARCH_STALE_SECONDS: cacheSeconds(120),
  /** `on`: every page and data response says where its time went (Server-Timing; bench:profile). */
  SERVER_TIMING: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  CONTENT_DIR: z.string().trim().min(1, 'must not be empty').default('fixtures/content'),
  /** Unset: the embedded Coveo-compatible search service on the site's own origin answers. */
  SEARCH_API_URL: optionalUrl,
  SEARCH_ANALYTICS_URL: optionalUrl,
  /**
   * Analytics posts sent on a connection without waiting for answers (HTTP/1.1 pipelining; decision
   * 0032). Unset: 64 to the embedded endpoint, 1 (none) to a remote one, whose proxies may not take it.
   */
  SEARCH_ANALYTICS_PIPELINING: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : Number(value)))
    .pipe(z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(128, 'must be at most 128').optional())
    .optional(),
  /** Component-model (ECAD) service base URL; unset: the embedded stand-in at /cad-models/v1. */
  CAD_MODEL_API_URL: optionalUrl,
  SEARCH_ORGANIZATION_ID: z.string().trim().min(1, 'must not be empty').default('local'),
  SEARCH_ACCESS_TOKEN: z.string().trim().min(1, 'must not be empty').default('local-search-token'),
  SEARCH_EXPIRED_TOKEN: z.string().trim().min(1, 'must not be empty').default('expired-search-token'),
  /** An API key with the impersonate privilege, for the Search API's token endpoint (issue 19). */
  SEARCH_API_KEY: z.string().trim().min(1, 'must not be empty').default('local-impersonate-key'),
  /** The embedded search service's own token secret; unset or empty: random per process. */
  SEARCH_TOKEN_SECRET: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(16, 'must be at least 16 characters').optional())
    .optional(),
  SEARCH_PAGE_CACHE_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 (off) or more').max(300, 'must be at most 300').default(10),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').default(600),
  CATALOGUE_PRODUCTS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(2_000_000, 'must be at most 2000000').default(20_000),
  CATALOGUE_SEED: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).default(20261123),
  SEARCH_QUERY_LOG: z.string().trim().min(1).default('fixtures/search/query-log.yaml'),
  SEARCH_PIPELINE: z.string().trim().min(1).default('fixtures/search/pipeline.yaml'),
  /** REQ-SEARCH-15 search configuration: the timezone the server sends (an IANA zone). */
  SEARCH_TIMEZONE: z
    .string()
    .trim()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Europe/Berlin')
    .default('UTC'),
  /** REQ-SEARCH-15, REQ-COVEO-1: authentication providers sent as ?authentication= (comma-separated); none by default. */
  SEARCH_AUTHENTICATION_PROVIDERS: z
    .string()
    .transform((value) => value.split(',').map((p) => p.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[\w.-]+$/, 'provider names are letters, digits, dot, dash and underscore')))
    .optional()
    .transform((list) => list ?? []),
  /** More specific facets for the main search tab, by field (comma-separated). */
  SEARCH_EXTRA_FACETS: z
    .string()
    .transform((value) => value.split(',').map((f) => f.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'field names are letters, digits and underscores')))
    .optional()
    .transform((list) => list ?? []),
  /** Content lists (FAQs, news, events, where-to-buy, locations, contacts): Solr's base URL, up to `/solr`. Unset: the embedded stand-in. */
  SOLR_URL: optionalUrl,
  SOLR_USER: z.string().trim().min(1, 'must not be empty').default('solr'),
  SOLR_PASSWORD: z.string().trim().min(1, 'must not be empty').default('local-solr-password'),
  SOLR_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').max(60_000, 'must be at most 60000').default(5000),
  /**
   * The media library (catalogue documents, datasheets, thumbnails) the site's /media routes pass
   * on to once a secured document's reader is signed in; its base URL and key. Unset: the embedded
   * stand-in on the site's own origin.
   */
  MEDIA_LIBRARY_URL: optionalUrl,
  MEDIA_LIBRARY_KEY: z.string().trim().min(1, 'must not be empty').default('local-media-key'),
  /** Unset: the embedded stock stand-in on the site's own origin answers. */
  STOCK_API_URL: optionalUrl,
  STOCK_API_KEY: z.string().trim().min(1, 'must not be empty').default('local-stock-key'),
  /** Unset: the embedded sample-request stand-in on the site's own origin answers. */
  SAMPLE_REQUEST_URL: optionalUrl,
  SAMPLE_REQUEST_API_TOKEN: z.string().trim().min(1, 'must not be empty').default('local-sample-token'),
  /** Tests: how the embedded sample-request stand-in answers at start (ok, 500, 429, down). */
  SAMPLE_REQUEST_STANDIN_MODE: z.enum(['ok', '500', '429', 'down'], { error: 'must be ok, 500, 429 or down' }).default('ok'),
  /** Unset: the embedded e-mail stand-in at /api/sendgrid answers. */
  EMAIL_API_URL: optionalUrl,
  EMAIL_API_KEY: z.string().trim().min(1, 'must not be empty').default('local-email-key'),
  EMAIL_FROM: z.string().trim().email('must be an e-mail address').default('samples@voltaris.example'),
  /** Unset: the embedded marketing-form stand-in at /marketing-forms answers. */
  MARKETING_FORMS_URL: optionalUrl,
  MARKETING_PORTAL_ID: z.string().trim().regex(/^\d{1,12}$/, 'must be digits').default('1234567'),
  /** Where durable state lives (the outbox of submissions, the embedded stand-ins' stores). */
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('data'),
  /**
   * The page cache of the nginx in front, when it runs on this machine (start:cluster sets it): the
   * page editor empties it on publishing, so the change is served at once (decision 0075).
   */
  FRONT_CACHE_DIR: z.string().trim().min(1, 'must not be empty').optional(),
  /** Largest form post accepted, in bytes. */
  FORM_MAX_BYTES: z.coerce.number({ error: 'must be a number' }).int().min(1024, 'must be at least 1024').max(10_000_000).default(65_536),
  /** Form posts per client per minute; 0 turns the limit off. */
  FORM_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int().min(0, 'must be 0 (off) or more').default(10),
  /** Unset: the embedded OpenID provider on the site's own origin ({origin}/oidc) answers. */
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.string().trim().min(1, 'must not be empty').default('voltaris-site'),
  OIDC_CLIENT_SECRET: z.string().trim().min(1, 'must not be empty').default('local-oidc-client-secret'),
  /** REQ-AUTH-2: account-management scopes asked for besides openid profile email address groups offline_access. */
  OIDC_EXTRA_SCOPES: z
    .string()
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[\x21\x23-\x5B\x5D-\x7E]+$/, 'scopes are printable characters without quotes or backslashes')))
    .optional()
    .transform((list) => list ?? []),
  /** Seconds an access token of the embedded provider lives; the site refreshes before it ends. */
  OIDC_ACCESS_TOKEN_TTL: z.coerce.number({ error: 'must be a number' }).int().min(5, 'must be at least 5').max(86_400).default(3600),
  /** REQ-AUTH-1: staff are recognised by this e-mail ending. */
  INTERNAL_EMAIL_SUFFIX: z.string().trim().regex(/^@[\w.-]+$/, 'must look like @example.com').default('@corp.example'),
  /**
   * Where several site processes keep what they share (sessions, sign-in state, rate limits):
   * unset, each process keeps them in its own memory and sessions in DATA_DIR (one process).
   */
  REDIS_URL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional())
    .optional(),
  /** Signs the session cookie; required in production, one published default in demo mode. */
  SESSION_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** A signed-in session lasts this long; after it the Auth required dialog offers to sign in again. */
  SESSION_MAX_AGE_SECONDS: z.coerce.number({ error: 'must be a number' }).int().min(1).max(30 * 86_400).default(8 * 3600),
});

export type Environment = z.infer<typeof environmentSchema>;

export interface SiteConfig {
  /** NODE_ENV: how the code runs (development: Vite and live reload). */
  mode: Environment['NODE_ENV'];
  /** demo: the stand-ins answer for unset services; production: none is mounted (decision 0038). */
  siteMode: SiteMode;
  /** The embedded stand-ins (demo mode only). */
  standIns: {
    /** Asked for by every stand-in's `_control`, `_analytics`, submission and mail listing. */
    controlToken: string;
  };
  host: string;
  port: number;
  /** The metrics and probes listener (METRICS_PORT), when there is one. */
  metrics?: { host: string; port: number };
  /** On SIGTERM: the longest wait for requests in flight (ms). */
  drainTimeoutMs: number;
  publicOrigin?: string;
  zhPublicOrigin?: string;
  zhHostSuffixes: string[];
  layout: {
    /** Undefined until the server knows its own origin when the embedded stand-in serves. */
    apiHost?: string;
    embedded: boolean;
    apiKey: string;
    siteName: string;
    timeoutMs: number;
    /** Seconds layout data is reused in production (development always asks, so edits show at once). */
    cacheSeconds: number;
    contentDir: string;
    /** The preview key: the preview GraphQL endpoint answers drafts only to it (issue 32). */
    previewApiKey: string;
    /** The preview GraphQL endpoint; undefined: the layout host's /sitecore/api/graph/edge. */
    previewGraphQLUrl?: string;
  };
  /** The Sitecore Pages editing host (issue 32, decision 0077). */
  editing: {
    secret: string;
    /** Origins beyond Pages' own that may call the endpoints and frame editing pages. */
    allowedOrigins: string[];
  };
  dataDir: string;
  /** nginx's page cache on this machine, emptied when the page editor publishes. */
  frontCacheDir?: string;
  /** Shared by every process of the site (server/shared-store.ts); unset: each process's memory. */
  redisUrl?: string;
  /** s-maxage and stale-while-revalidate of pages the same for every anonymous visitor, by kind (0049). */
  sharedCache: Record<SharedCacheKind, { seconds: number; staleSeconds: number }>;
  /** Pages and data say where their time went (Server-Timing header). */
  serverTiming: boolean;
  /** Marketing forms (REQ-PORT-3); url undefined until the stand-in's origin is known. */
  marketingForms: { url?: string; embedded: boolean; portalId: string };
  /** E-mail (REQ-PORT-1 /api/sendgrid); url undefined until the stand-in's origin is known. */
  email: { url?: string; embedded: boolean; apiKey: string; from: string };
  /** The sample-request service (REQ-PORT-2); serviceUrl undefined until the stand-in's origin is known. */
  sampleRequests: { serviceUrl?: string; embedded: boolean; apiToken: string; standInMode: 'ok' | '500' | '429' | 'down' };
  /** The Solr content port (decision 0043); url undefined until the embedded stand-in's origin is known. */
  solr: { url?: string; embedded: boolean; user: string; password: string; timeoutMs: number };
  /** The media library; url undefined until the embedded stand-in's origin is known. */
  mediaLibrary: { url?: string; embedded: boolean; apiKey: string };
  /** Distributor stock (issue 8); apiUrl undefined until the embedded stand-in's origin is known. */
  stock: { apiUrl?: string; embedded: boolean; apiKey: string };
  forms: { maxBytes: number; postsPerMinute: number };
  auth: {
    /** Undefined until the server knows its own origin when the embedded provider answers. */
    issuer?: string;
    embedded: boolean;
    clientId: string;
    clientSecret: string;
    scopes: string[];
    accessTokenTtl: number;
    internalEmailSuffix: string;
    sessionSecret: string;
    sessionMaxAgeSeconds: number;
  };
  search: {
    /** Undefined until the server knows its own origin when the embedded service answers. */
    apiUrl?: string;
    /** Coveo's analytics base (`.../rest/ua`); undefined: the search API's origin + /rest/ua. */
    analyticsUrl?: string;
    /** Analytics posts pipelined per connection (1: none). */
    analyticsPipelining: number;
    embedded: boolean;
    organizationId: string;
    accessToken: string;
    expiredToken: string;
    /** Asks the Search API for search tokens naming signed-in users (impersonate privilege). */
    apiKey: string;
    /** The embedded service's token secret (undefined: random per process); the site never signs tokens. */
    tokenSecret?: string;
    rateLimitPerMinute: number;
    /** How long the search page reuses the answer to an identical search; 0 turns reuse off. */
    pageCacheSeconds: number;
    products: number;
    seed: number;
    queryLogPath: string;
    pipelinePath: string;
    timezone: string;
    authenticationProviders: string[];
    extraFacetFields: string[];
  };
  /** REQ-PORT-5: the component-model service (CAD model download and icon URL by catalogue number). */
  cadModels: {
    /** Base URL of the model and icon paths; the embedded stand-in's when unset. */
    apiUrl: string;
    embedded: boolean;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment; throws a ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): SiteConfig {
  const known = Object.fromEntries(
    Object.keys(environmentSchema.shape)
      .filter((key) => env[key] !== undefined)
      .map((key) => [key, env[key]]),
  );
  const parsed = environmentSchema.safeParse(known);
  const problems = new Map<string, string>();
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? 'environment');
      if (problems.has(variable)) continue;
      problems.set(variable, `${variable}=${JSON.stringify(env[variable] ?? '')}: ${issue.message}`);
    }
  }
  // Production problems are listed with the invalid values, so one start names everything to fix.
  if (env.SITE_MODE?.trim() === 'production') {
    for (const [variable, line] of productionProblems(env)) if (!problems.has(variable)) problems.set(variable, line);
  }
  if (!parsed.success || problems.size) throw new ConfigError([...problems.values()]);
  const e = parsed.data;
  // Production mode mounts no stand-in, whatever is (or is not) set.
  const demo = e.SITE_MODE === 'demo';
  return {
    mode: e.NODE_ENV,
    siteMode: e.SITE_MODE,
    standIns: { controlToken: e.STANDIN_CONTROL_TOKEN },
    host: e.HOST,
    port: e.PORT,
    ...(e.METRICS_PORT !== undefined ? { metrics: { host: e.METRICS_HOST || e.HOST, port: e.METRICS_PORT } } : {}),
    drainTimeoutMs: e.DRAIN_TIMEOUT_MS,
    publicOrigin: e.PUBLIC_ORIGIN,
    zhPublicOrigin: e.ZH_PUBLIC_ORIGIN,
    // A demo on this machine has its Chinese site at cn.localhost, a name browsers resolve here
    // (decision 0086); production's Chinese hosts are only the configured ones.
    zhHostSuffixes: demo ? [...new Set([...e.ZH_HOST_SUFFIXES, LOOPBACK_ZH_SUFFIX])] : e.ZH_HOST_SUFFIXES,
    layout: {
      apiHost: e.SITECORE_API_HOST,
      embedded: demo && e.SITECORE_API_HOST === undefined,
      apiKey: e.SITECORE_API_KEY,
      siteName: e.SITECORE_SITE_NAME,
      timeoutMs: e.LAYOUT_TIMEOUT_MS,
      cacheSeconds: e.LAYOUT_CACHE_SECONDS,
      contentDir: e.CONTENT_DIR,
      previewApiKey: e.SITECORE_PREVIEW_API_KEY,
      ...(e.SITECORE_PREVIEW_GRAPHQL_URL ? { previewGraphQLUrl: e.SITECORE_PREVIEW_GRAPHQL_URL } : {}),
    },
    editing: { secret: e.JSS_EDITING_SECRET, allowedOrigins: e.JSS_ALLOWED_ORIGINS },
    search: {
      apiUrl: e.SEARCH_API_URL,
      analyticsUrl: e.SEARCH_ANALYTICS_URL,
      analyticsPipelining: e.SEARCH_ANALYTICS_PIPELINING ?? (e.SEARCH_ANALYTICS_URL === undefined && e.SEARCH_API_URL === undefined ? 64 : 1),
      embedded: demo && e.SEARCH_API_URL === undefined,
      organizationId: e.SEARCH_ORGANIZATION_ID,
      accessToken: e.SEARCH_ACCESS_TOKEN,
      expiredToken: e.SEARCH_EXPIRED_TOKEN,
      apiKey: e.SEARCH_API_KEY,
      ...(e.SEARCH_TOKEN_SECRET ? { tokenSecret: e.SEARCH_TOKEN_SECRET } : {}),
      rateLimitPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
      pageCacheSeconds: e.SEARCH_PAGE_CACHE_SECONDS,
      products: e.CATALOGUE_PRODUCTS,
      seed: e.CATALOGUE_SEED,
      queryLogPath: e.SEARCH_QUERY_LOG,
      pipelinePath: e.SEARCH_PIPELINE,
      timezone: e.SEARCH_TIMEZONE,
      authenticationProviders: e.SEARCH_AUTHENTICATION_PROVIDERS,
      extraFacetFields: e.SEARCH_EXTRA_FACETS,
    },
    dataDir: e.DATA_DIR,
    ...(e.FRONT_CACHE_DIR ? { frontCacheDir: e.FRONT_CACHE_DIR } : {}),
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    sharedCache: {
      content: { seconds: e.SHARED_CACHE_CONTENT_SECONDS, staleSeconds: e.SHARED_CACHE_CONTENT_STALE_SECONDS },
      catalogue: { seconds: e.SHARED_CACHE_CATALOGUE_SECONDS, staleSeconds: e.SHARED_CACHE_CATALOGUE_STALE_SECONDS },
      search: { seconds: e.SHARED_CACHE_SEARCH_SECONDS, staleSeconds: e.SHARED_CACHE_SEARCH_STALE_SECONDS },
    },
    serverTiming: e.SERVER_TIMING === 'on',
    marketingForms: { url: e.MARKETING_FORMS_URL, embedded: demo && e.MARKETING_FORMS_URL === undefined, portalId: e.MARKETING_PORTAL_ID },
    email: { url: e.EMAIL_API_URL, embedded: demo && e.EMAIL_API_URL === undefined, apiKey: e.EMAIL_API_KEY, from: e.EMAIL_FROM },
    sampleRequests: { serviceUrl: e.SAMPLE_REQUEST_URL, embedded: demo && e.SAMPLE_REQUEST_URL === undefined, apiToken: e.SAMPLE_REQUEST_API_TOKEN, standInMode: e.SAMPLE_REQUEST_STANDIN_MODE },
    mediaLibrary: { url: e.MEDIA_LIBRARY_URL, embedded: demo && e.MEDIA_LIBRARY_URL === undefined, apiKey: e.MEDIA_LIBRARY_KEY },
    stock: { apiUrl: e.STOCK_API_URL, embedded: demo && e.STOCK_API_URL === undefined, apiKey: e.STOCK_API_KEY },
    solr: { url: e.SOLR_URL, embedded: demo && e.SOLR_URL === undefined, user: e.SOLR_USER, password: e.SOLR_PASSWORD, timeoutMs: e.SOLR_TIMEOUT_MS },
    forms: { maxBytes: e.FORM_MAX_BYTES, postsPerMinute: e.FORM_RATE_LIMIT_PER_MINUTE },
    auth: {
      issuer: e.OIDC_ISSUER,
      embedded: demo && e.OIDC_ISSUER === undefined,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      scopes: [...new Set(['openid', 'profile', 'email', 'address', 'groups', 'offline_access', ...e.OIDC_EXTRA_SCOPES])],
      accessTokenTtl: e.OIDC_ACCESS_TOKEN_TTL,
      internalEmailSuffix: e.INTERNAL_EMAIL_SUFFIX,
      // Production requires it; demo mode has one published default, so every process of a demo
      // (npm run start:cluster) signs and reads the same cookies.
      sessionSecret: e.SESSION_SECRET ?? DEMO_SESSION_SECRET,
      sessionMaxAgeSeconds: e.SESSION_MAX_AGE_SECONDS,
    },
    // Unset: the embedded stand-in's base path on this origin (standins/cad-models CAD_MODEL_BASE).
    cadModels: { apiUrl: (e.CAD_MODEL_API_URL ?? '/cad-models/v1').replace(/\/+$/, ''), embedded: demo && e.CAD_MODEL_API_URL === undefined },
  };
}

/**
 * Production mode: one line per required variable left unset, and per secret that holds a value
 * this repository publishes (its value is public, so naming it gives nothing away).
 */
function productionProblems(env: Record<string, string | undefined>): Array<[variable: string, line: string]> {
  const problems: Array<[string, string]> = [];
  for (const variable of REQUIRED_IN_PRODUCTION) {
    if (!env[variable]?.trim()) problems.push([variable, `${variable}: required in production mode (SITE_MODE=production mounts no stand-in)`]);
  }
  for (const variable of SECRET_VARIABLES) {
    const value = env[variable]?.trim();
    if (value && PUBLISHED_SECRETS.has(value)) problems.push([variable, `${variable}=${JSON.stringify(value)}: a published demo value, refused in production mode`]);
  }
  return problems;
}
