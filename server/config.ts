import { z } from 'zod';

/**
 * The one place that reads the environment. Every variable has an embedded default, so a fresh
 * clone starts with nothing set; `.env.example` lists the same variables with the same defaults.
 */

// Unset and empty both mean "use the embedded default". (zod 4 returns a .default() value without
// running the pipe, so absence is modelled with .optional() instead.)
const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value.replace(/\/+$/, '')))
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional())
  .optional();

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
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  /** Public origin of the global site; by default the origin the request came in on. */
  PUBLIC_ORIGIN: optionalUrl,
  /** Public origin of the Chinese site; by default the global host with the first suffix appended. */
  ZH_PUBLIC_ORIGIN: optionalUrl,
  /** SPEC 1: the Chinese variant is chosen by the host ending. */
  ZH_HOST_SUFFIXES: hostSuffixList.optional().transform((list) => list ?? ['.cn']),
  /** Unset: the embedded layout stand-in on the site's own origin answers. */
  SITECORE_API_HOST: optionalUrl,
  SITECORE_API_KEY: z.string().trim().min(1, 'must not be empty').default('local-layout-key'),
  SITECORE_SITE_NAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, dash and underscore only')
    .default('website'),
  LAYOUT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number' }).int().min(100, 'must be at least 100').max(120_000).default(10_000),
  CONTENT_DIR: z.string().trim().min(1, 'must not be empty').default('fixtures/content'),
  /** Unset: the embedded Coveo-compatible search service on the site's own origin answers. */
  SEARCH_API_URL: optionalUrl,
  /** Component-model (ECAD) service base URL; unset: the embedded stand-in at /cad-models/v1. */
  CAD_MODEL_API_URL: optionalUrl,
  SEARCH_ORGANIZATION_ID: z.string().trim().min(1, 'must not be empty').default('local'),
  SEARCH_ACCESS_TOKEN: z.string().trim().min(1, 'must not be empty').default('local-search-token'),
  SEARCH_EXPIRED_TOKEN: z.string().trim().min(1, 'must not be empty').default('expired-search-token'),
  SEARCH_TOKEN_SECRET: z.string().trim().min(16, 'must be at least 16 characters').default('local-search-token-secret'),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').default(600),
  CATALOGUE_PRODUCTS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(2_000_000, 'must be at most 2000000').default(20_000),
  CATALOGUE_SEED: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0).default(20261123),
  SEARCH_QUERY_LOG: z.string().trim().min(1).default('fixtures/search/query-log.yaml'),
  SEARCH_PIPELINE: z.string().trim().min(1).default('fixtures/search/pipeline.yaml'),
  /** SPEC 3 search configuration: the timezone the server sends (an IANA zone). */
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
  /** SPEC 3, 7: authentication providers sent as ?authentication= (comma-separated); none by default. */
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
});

export type Environment = z.infer<typeof environmentSchema>;

export interface SiteConfig {
  mode: Environment['NODE_ENV'];
  host: string;
  port: number;
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
    contentDir: string;
  };
  search: {
    /** Undefined until the server knows its own origin when the embedded service answers. */
    apiUrl?: string;
    embedded: boolean;
    organizationId: string;
    accessToken: string;
    expiredToken: string;
    tokenSecret: string;
    rateLimitPerMinute: number;
    products: number;
    seed: number;
    queryLogPath: string;
    pipelinePath: string;
    timezone: string;
    authenticationProviders: string[];
    extraFacetFields: string[];
  };
  /** SPEC 7: the component-model service (CAD model download and icon URL by catalogue number). */
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
  if (!parsed.success) {
    const problems = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const variable = String(issue.path[0] ?? 'environment');
      if (problems.has(variable)) continue;
      problems.set(variable, `${variable}=${JSON.stringify(env[variable] ?? '')}: ${issue.message}`);
    }
    throw new ConfigError([...problems.values()]);
  }
  const e = parsed.data;
  return {
    mode: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicOrigin: e.PUBLIC_ORIGIN,
    zhPublicOrigin: e.ZH_PUBLIC_ORIGIN,
    zhHostSuffixes: e.ZH_HOST_SUFFIXES,
    layout: {
      apiHost: e.SITECORE_API_HOST,
      embedded: e.SITECORE_API_HOST === undefined,
      apiKey: e.SITECORE_API_KEY,
      siteName: e.SITECORE_SITE_NAME,
      timeoutMs: e.LAYOUT_TIMEOUT_MS,
      contentDir: e.CONTENT_DIR,
    },
    search: {
      apiUrl: e.SEARCH_API_URL,
      embedded: e.SEARCH_API_URL === undefined,
      organizationId: e.SEARCH_ORGANIZATION_ID,
      accessToken: e.SEARCH_ACCESS_TOKEN,
      expiredToken: e.SEARCH_EXPIRED_TOKEN,
      tokenSecret: e.SEARCH_TOKEN_SECRET,
      rateLimitPerMinute: e.SEARCH_RATE_LIMIT_PER_MINUTE,
      products: e.CATALOGUE_PRODUCTS,
      seed: e.CATALOGUE_SEED,
      queryLogPath: e.SEARCH_QUERY_LOG,
      pipelinePath: e.SEARCH_PIPELINE,
      timezone: e.SEARCH_TIMEZONE,
      authenticationProviders: e.SEARCH_AUTHENTICATION_PROVIDERS,
      extraFacetFields: e.SEARCH_EXTRA_FACETS,
    },
    // Unset: the embedded stand-in's base path on this origin (services/cad-models CAD_MODEL_BASE).
    cadModels: { apiUrl: (e.CAD_MODEL_API_URL ?? '/cad-models/v1').replace(/\/+$/, ''), embedded: e.CAD_MODEL_API_URL === undefined },
  };
}
