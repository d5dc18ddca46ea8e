import type { AppLoadContext } from '@remix-run/node';
import type { z } from 'zod';
import { visitorHeaders } from './visitor.server.ts';
import { PolicyDispatcher, sendPlain, withFailurePolicy } from './failure-policy.server.ts';
import { outsideCall } from '../../server/outside-call.ts';
import {
  documentResponseSchema,
  documentSuggestionsSchema,
  errorBodySchema,
  querySuggestResponseSchema,
  searchResponseSchema,
  tokenResponseSchema,
  type DocumentResponse,
  type DocumentSuggestion,
  type SearchResponse,
} from './schemas.server.ts';

/**
 * The one module that talks to the Search API (Coveo Search API v2 and the platform calls next to
 * it). Every call names the visitor (X-Forwarded-For) for the service's rate limits, has its own
 * time limit, and reports a failure as a SearchApiError with the service's status and message, in
 * the words Headless uses ("Client could not connect to the following URL: ..."). The search page
 * and the header box's plan go through Headless; Headless's requests come back here through
 * `headlessRequest`, which applies the failure policy.
 */

export class SearchApiError extends Error {
  constructor(
    message: string,
    /** The service's status code (0: it could not be reached). */
    readonly status: number,
  ) {
    super(message);
    this.name = 'SearchApiError';
  }
}

export type SearchConfig = AppLoadContext['config']['search'];

export interface SpecificFacetRequest {
  type: 'specific';
  facetId: string;
  field: string;
  numberOfValues: number;
  sortCriteria?: 'alphanumeric' | 'occurrences' | 'automatic';
  currentValues: Array<{ value: string; state: 'selected' }>;
}

/**
 * A numeric range facet (Coveo's `numericalRange`): with `generateAutomaticRanges` the answer
 * carries the field's `domain` (its smallest and largest value under the query), which is how a
 * listing learns its own bounds; `currentValues` asks for explicit ranges.
 */
export interface NumericFacetRequest {
  type: 'numericalRange';
  facetId: string;
  field: string;
  numberOfValues: number;
  generateAutomaticRanges: boolean;
  currentValues: Array<{ start: number; end: number; endInclusive: boolean; state: 'idle' | 'selected' }>;
}

/** The part of a search request (POST {apiUrl}) the site sends outside Headless. */
export interface SearchRequest {
  q?: string;
  aq?: string;
  cq?: string;
  /** Disjunctive query: ((q AND aq) OR dq) AND cq. */
  dq?: string;
  numberOfResults: number;
  firstResult?: number;
  sortCriteria?: string;
  facets?: Array<SpecificFacetRequest | NumericFacetRequest>;
  locale?: string;
  fieldsToInclude?: string[];
  searchHub?: string;
  tab?: string;
  enableDidYouMean?: boolean;
  /** Product recommendations: the model's id, its parameters and context. */
  recommendation?: string;
  mlParameters?: { itemIds: string[]; brandFilter?: string; categoryFilter?: string };
  actionsHistory?: unknown[];
  context?: Record<string, string | string[]>;
}

interface CallOptions {
  /** A visitor's search token; the site's anonymous access token otherwise. */
  token?: string;
  timeoutMs: number;
}

function apiUrl(search: SearchConfig, path = '', params: Record<string, string> = {}): URL {
  const url = new URL(`${search.apiUrl.replace(/\/+$/, '')}${path}`);
  url.searchParams.set('organizationId', search.organizationId);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url;
}

/** The platform's base: the Search API lives at {platform}/rest/search/v2. */
function platformUrl(search: SearchConfig, path: string): URL {
  return new URL(`${search.apiUrl.replace(/\/rest\/search\/v2\/?$/, '')}${path}`);
}

const disconnected = (url: URL, status = 0) => new SearchApiError(`Client could not connect to the following URL: ${url.origin}`, status);

/** The call's name in the metrics and traces: the last part of the Search API's path (search for the search itself). */
export function searchOperation(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : url;
  if (/\/rest\/search\/v2\/?$/.test(path)) return 'search';
  if (path.includes('/caseassists/')) return 'case-assist';
  return /([A-Za-z]+)\/?$/.exec(path)?.[1] ?? 'other';
}

const serviceFailed = (answer: { status: number }) => answer.status >= 500 || answer.status === 429;

async function send(context: AppLoadContext, url: URL, init: { method?: string; body?: string | URLSearchParams; contentType?: string; authorization: string }, timeoutMs: number): Promise<Response> {
  try {
    return await outsideCall('search', searchOperation(url.href), (trace) => fetch(url.href, {
      method: init.method ?? 'POST',
      headers: { ...trace, authorization: init.authorization, ...(init.contentType ? { 'content-type': init.contentType } : {}), ...visitorHeaders(context) },
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
      // The embedded Search API in this process, when there is one (demo mode); HTTP otherwise.
      ...(context.searchDispatcher ? { dispatcher: context.searchDispatcher } : {}),
    }), serviceFailed);
  } catch {
    throw disconnected(url);
  }
}

/** The answer's body checked against `schema`; an error answer or one that does not fit is a SearchApiError. */
async function read<T extends z.ZodType>(response: Response, url: URL, schema: T): Promise<z.infer<T>> {
  // A 404 is what a wrong address gives: Headless calls that disconnected too.
  if (response.status === 404) throw disconnected(url, 404);
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    throw new SearchApiError(error.data?.message ?? 'unknown', error.data?.statusCode ?? response.status);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new SearchApiError('unknown', response.status);
  return parsed.data;
}

const bearer = (search: SearchConfig, options: { token?: string }) => `Bearer ${options.token ?? search.accessToken}`;

/** POST {apiUrl}: a search (or, with `recommendation`, a product recommendation). */
export async function search(context: AppLoadContext, body: SearchRequest, options: CallOptions): Promise<SearchResponse> {
  const config = context.config.search;
  const url = apiUrl(config);
  const response = await send(context, url, { body: JSON.stringify({ timezone: config.timezone, ...body }), contentType: 'application/json', authorization: bearer(config, options) }, options.timeoutMs);
  return read(response, url, searchResponseSchema);
}

/** POST {apiUrl}/querySuggest: completions of what the visitor has typed. */
export async function querySuggest(context: AppLoadContext, body: { q: string; count: number; locale: string }, options: CallOptions): Promise<Array<{ expression: string; highlighted: string }>> {
  const config = context.config.search;
  const url = apiUrl(config, '/querySuggest');
  const response = await send(context, url, { body: JSON.stringify({ ...body, timezone: config.timezone }), contentType: 'application/json', authorization: bearer(config, options) }, options.timeoutMs);
  return (await read(response, url, querySuggestResponseSchema)).completions;
}

/** POST {apiUrl}/html: a document's HTML version. `status` 404: no such document. */
export async function documentHtml(context: AppLoadContext, body: { uniqueId: string; q: string; locale: string }, options: CallOptions): Promise<{ status: number; html: string }> {
  const config = context.config.search;
  const url = apiUrl(config, '/html');
  const form = new URLSearchParams({ ...body, enableNavigation: 'false', requestedOutputSize: '0' });
  const response = await send(context, url, { body: form, contentType: 'application/x-www-form-urlencoded', authorization: bearer(config, options) }, options.timeoutMs);
  if (!response.ok) {
    await response.body?.cancel();
    return { status: response.status, html: '' };
  }
  return { status: response.status, html: await response.text() };
}

/** GET {apiUrl}/document: an item's fields; undefined when they cannot be had. */
export async function documentFields(context: AppLoadContext, query: { uniqueId: string; locale: string }, options: CallOptions): Promise<DocumentResponse | undefined> {
  const config = context.config.search;
  const url = apiUrl(config, '/document', query);
  try {
    return await read(await send(context, url, { method: 'GET', authorization: bearer(config, options) }, options.timeoutMs), url, documentResponseSchema);
  } catch {
    return undefined;
  }
}

/** Case Assist: POST {platform}/rest/organizations/{org}/caseassists/{id}/documents/suggest. */
export async function documentSuggestions(
  context: AppLoadContext,
  caseAssistId: string,
  body: { locale: string; fields: Record<string, { value: string }>; context?: Record<string, string> },
  options: CallOptions & { numberOfResults: number },
): Promise<DocumentSuggestion[]> {
  const config = context.config.search;
  const url = platformUrl(config, `/rest/organizations/${encodeURIComponent(config.organizationId)}/caseassists/${encodeURIComponent(caseAssistId)}/documents/suggest`);
  url.searchParams.set('numberOfResults', String(options.numberOfResults));
  const response = await send(context, url, { body: JSON.stringify(body), contentType: 'application/json', authorization: bearer(config, options) }, options.timeoutMs);
  return (await read(response, url, documentSuggestionsSchema)).documents;
}

/** POST {apiUrl}/token with the key allowed to impersonate: a search token naming a user. */
export async function createSearchToken(
  config: SearchConfig,
  body: { userIds: Array<{ name: string; provider: string; type: string }>; userGroups: string[]; userDisplayName: string; validFor: number },
  options: { timeoutMs: number; dispatcher?: AppLoadContext['searchDispatcher'] },
): Promise<string> {
  const url = apiUrl(config, '/token');
  let response: Response;
  try {
    // A token is asked for on the site's own behalf, not the visitor's: no X-Forwarded-For.
    response = await fetch(url.href, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
      // The embedded Search API in this process (demo mode), as the searches go; HTTP otherwise.
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
  } catch {
    throw disconnected(url);
  }
  const answer: unknown = await response.json().catch(() => undefined);
  const token = tokenResponseSchema.safeParse(answer);
  if (!response.ok || !token.success) {
    const message = errorBodySchema.safeParse(answer).data?.message;
    throw new SearchApiError(`the search token endpoint answered ${response.status}${message ? `: ${message}` : ''}`, response.status);
  }
  return token.data.token;
}

/** A request as Headless hands it to preprocessRequest. */
export interface HeadlessRequest {
  url: string;
  method?: string;
  headers?: Record<string, string> | HeadersInit;
  body?: BodyInit | null;
}

/**
 * What the search page's Headless engine sends instead of its own request: the same request with
 * the visitor named, carried by the failure policy (failure-policy.server.ts).
 */
export function headlessRequest<T extends HeadlessRequest>(context: AppLoadContext, request: T, userAgent: string): T {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(visitorHeaders(context))) headers.set(name, value);
  headers.set('user-agent', userAgent);
  const prepared = { ...request, headers: Object.fromEntries(headers) };
  const body = typeof request.body === 'string' ? request.body : request.body instanceof URLSearchParams ? request.body.toString() : undefined;
  const init = { method: prepared.method ?? 'POST', headers: prepared.headers, ...(body !== undefined ? { body } : {}), ...(context.searchDispatcher ? { dispatcher: context.searchDispatcher } : {}) };
  const operation = searchOperation(prepared.url);
  // Each try is one call: timed, and traced with the page's trace passed on in `traceparent`.
  const dispatcher = new PolicyDispatcher((signal) => withFailurePolicy(() => outsideCall('search', operation, (trace) => sendPlain(prepared.url, { ...init, headers: { ...init.headers, ...trace }, signal }), serviceFailed)));
  return { ...prepared, dispatcher };
}
