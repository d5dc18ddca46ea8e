import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import type { HttpDataFetcher, HttpResponse } from '@sitecore-jss/sitecore-jss';
import type { DictionaryPhrases, RestDictionaryService as RestDictionaryServiceClass } from '@sitecore-jss/sitecore-jss/i18n';
import type { LayoutServiceData, RestLayoutService as RestLayoutServiceClass } from '@sitecore-jss/sitecore-jss/layout';
import { outsideCall } from '../../server/outside-call.ts';

/**
 * The layout port's client: the real JSS REST services. JSS 21 ships CommonJS subpaths without an
 * exports map, so named ESM imports fail in Remix dev and in the built server (REQ-PLATFORM-2); loading
 * them with createRequire works in both, and `import type` keeps the types.
 */
const require = createRequire(import.meta.url);
const { RestLayoutService } = require('@sitecore-jss/sitecore-jss/layout') as {
  RestLayoutService: typeof RestLayoutServiceClass;
};
const { RestDictionaryService } = require('@sitecore-jss/sitecore-jss/i18n') as {
  RestDictionaryService: typeof RestDictionaryServiceClass;
};

export interface LayoutPortConfig {
  apiHost: string;
  apiKey: string;
  siteName: string;
  timeoutMs: number;
  /** The dictionary is cached per language; off in development so edits show at once. */
  cacheDictionary: boolean;
  /** Seconds one item's layout data is reused (0: never). Each caller gets its own copy. */
  layoutCacheSeconds: number;
  /**
   * How requests reach the layout service: the global fetch (HTTP) unless the embedded stand-in
   * answers in the same process (services/layout/in-process-fetch.ts), with the same answers.
   */
  fetch?: typeof fetch;
}

export interface LayoutPort {
  fetchLayout(itemPath: string, sitecoreLanguage: string): Promise<LayoutServiceData>;
  fetchDictionary(sitecoreLanguage: string): Promise<DictionaryPhrases>;
}

/**
 * JSS's data-fetcher contract over a fetch function: JSON parsed when the answer says it is JSON,
 * and a status outside 2xx thrown with the answer as `response`, so JSS reads a 404's body (route:
 * null) itself and layoutServiceDown tells an outage from a refusal.
 */
export function fetchDataFetcher(fetchImpl: typeof fetch, timeoutMs: number): <T>(url: string, data?: unknown) => Promise<HttpResponse<T>> {
  return async <T>(url: string, data?: unknown) => {
    const operation = url.includes('/dictionary/') ? 'dictionary' : url.includes('/placeholder/') ? 'placeholder' : 'layout';
    const response = await outsideCall(
      'layout',
      operation,
      (trace) =>
        fetchImpl(url, {
          method: data === undefined ? 'GET' : 'POST',
          headers: data === undefined ? { ...trace, accept: 'application/json' } : { ...trace, accept: 'application/json', 'content-type': 'application/json' },
          ...(data === undefined ? {} : { body: JSON.stringify(data) }),
          signal: AbortSignal.timeout(timeoutMs),
        }),
      (answer) => answer.status >= 500 || answer.status === 429,
    );
    const json = response.headers.get('content-type')?.includes('application/json');
    const body = (json ? await response.json() : await response.text()) as T;
    const answer = { status: response.status, statusText: response.statusText, data: body };
    // As JSS 22's own fetcher (NativeDataFetcher): a status outside 2xx is thrown with the answer
    // on it; JSS reads a 404's body (route: null) from it, and anything else fails the call.
    if (!response.ok) throw Object.assign(new Error(`The layout service answered ${response.status} ${response.statusText}`.trim()), { response: answer });
    return answer;
  };
}

/**
 * Whether a failed layout or dictionary call means the service is down (no answer, a time-out, a
 * 5xx or 429 it gave) rather than refusing what the site asked (another 4xx: a wrong API key or
 * site name, ours to fix) or answering what cannot be read.
 */
export function layoutServiceDown(error: unknown): boolean {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  if (typeof status === 'number') return status >= 500 || status === 429;
  return !(error instanceof SyntaxError);
}

export function createLayoutPort(config: LayoutPortConfig): LayoutPort {
  const fetcher = fetchDataFetcher(config.fetch ?? fetch, config.timeoutMs);
  const layout = new RestLayoutService({
    apiHost: config.apiHost,
    apiKey: config.apiKey,
    siteName: config.siteName,
    configurationName: 'jss',
    // Visits are tracked by the site's own analytics, not by the layout service (REQ-JSS-1).
    tracking: false,
    dataFetcherResolver: <T>() => fetcher as HttpDataFetcher<T>,
  });
  const dictionary = new RestDictionaryService({
    apiHost: config.apiHost,
    apiKey: config.apiKey,
    siteName: config.siteName,
    cacheEnabled: config.cacheDictionary,
    cacheTimeout: 60,
    dataFetcher: (url: string) => fetcher(url),
  });
  // Pages add their renderings' data to the route they get, so each caller gets a copy.
  const recent = new LRUCache<string, LayoutServiceData, { itemPath: string; language: string }>({
    max: 1000,
    ttl: Math.max(1, config.layoutCacheSeconds) * 1000,
    fetchMethod: (_key, _stale, { context }) => layout.fetchLayoutData(context.itemPath, context.language),
  });
  const cachedLayout = async (itemPath: string, language: string) =>
    structuredClone((await recent.fetch(JSON.stringify([itemPath.toLowerCase(), language]), { context: { itemPath, language } }))!);
  return {
    fetchLayout: (itemPath, language) => (config.layoutCacheSeconds > 0 ? cachedLayout(itemPath, language) : layout.fetchLayoutData(itemPath, language)),
    fetchDictionary: (language) => dictionary.fetchDictionaryData(language),
  };
}
