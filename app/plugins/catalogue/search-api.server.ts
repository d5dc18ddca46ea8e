import type { AppLoadContext } from '@remix-run/node';
import { visitorHeaders } from '~/lib/search-visitor.server.ts';

/**
 * The catalogue's one outside call: a plain POST of the Coveo Search API v2 (`{apiUrl}?organizationId=`,
 * `Authorization: Bearer`), the same wire protocol @coveo/headless speaks, without headless's
 * per-request engine: the catalogue needs no controllers, only results and facet values
 * (docs/decisions/0020). Errors keep REQ-ERR-3's wording.
 */

export interface SpecificFacetRequest {
  type: 'specific';
  facetId: string;
  field: string;
  numberOfValues: number;
  sortCriteria?: 'alphanumeric' | 'occurrences' | 'automatic';
  currentValues: Array<{ value: string; state: 'selected' }>;
}

export interface SearchApiRequest {
  aq: string;
  /** Words typed by the visitor (the resource library's text filter). */
  q?: string;
  cq?: string;
  numberOfResults: number;
  firstResult?: number;
  sortCriteria?: string;
  facets?: SpecificFacetRequest[];
  locale: string;
  fieldsToInclude?: string[];
}

export interface SearchApiResult {
  title: string;
  clickUri: string;
  uniqueId: string;
  raw: Record<string, unknown>;
}

export interface SearchApiFacet {
  facetId: string;
  field: string;
  values: Array<{ value: string; state: string; numberOfResults: number }>;
}

export interface SearchApiResponse {
  totalCount: number;
  results: SearchApiResult[];
  facets: SearchApiFacet[];
}

export class CatalogueUnavailableError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'CatalogueUnavailableError';
  }
}

/** A value for an aq expression: quoted, with the quote escaped (values come from URLs). */
export function aqValue(value: string): string {
  return `"${value.replace(/["\\]/g, '')}"`;
}

/** A number for an aq expression: plain decimal, never exponent notation the parser might not take. */
export function aqNumber(value: number): string {
  if (Number.isInteger(value) || Math.abs(value) >= 1e-6) return String(value);
  return value.toFixed(20).replace(/0+$/, '');
}

// `_request` is kept for the callers; the visitor now comes from the load context (req.ip).
// `accessToken`: a signed-in visitor's search token, so their secured documents are found too.
export async function searchCatalogue(context: AppLoadContext, body: SearchApiRequest, _request?: Request, options: { accessToken?: string } = {}): Promise<SearchApiResponse> {
  const { search } = context.config;
  const url = new URL(search.apiUrl);
  url.searchParams.set('organizationId', search.organizationId);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.accessToken ?? search.accessToken}`,
        'content-type': 'application/json',
        // The visitor, not the web server, is who the search service rate-limits (req.ip, issue 19).
        ...visitorHeaders(context),
      },
      body: JSON.stringify({ q: '', searchHub: 'catalogue', tab: 'parametric', ...body }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    // REQ-ERR-3: a failed fetch is the disconnected error.
    throw new CatalogueUnavailableError(`Client could not connect to the following URL: ${url.origin}`, 0);
  }
  if (response.status === 404) throw new CatalogueUnavailableError(`Client could not connect to the following URL: ${url.origin}`, 404);
  const payload = (await response.json().catch(() => ({}))) as Partial<SearchApiResponse> & { message?: string; statusCode?: number };
  if (!response.ok) throw new CatalogueUnavailableError(payload.message ?? 'unknown', payload.statusCode ?? response.status);
  return { totalCount: payload.totalCount ?? 0, results: payload.results ?? [], facets: payload.facets ?? [] };
}
