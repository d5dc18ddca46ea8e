import type { AppLoadContext } from '@remix-run/node';
import { search, SearchApiError, type SearchRequest as ClientSearchRequest, type NumericFacetRequest, type SpecificFacetRequest } from '~/search-api/client.server.ts';
import type { FacetResponse, SearchResponse, SearchResult } from '~/search-api/schemas.server.ts';

/**
 * The catalogue's one outside call: a plain search through the site's Search API client, without
 * headless's per-request engine: the catalogue needs no controllers, only results and facet values
 * (docs/decisions/0020). Errors keep REQ-ERR-3's wording.
 */

export type { NumericFacetRequest, SpecificFacetRequest };

export interface SearchApiRequest extends Omit<ClientSearchRequest, 'aq' | 'locale'> {
  aq: string;
  locale: string;
}

export type SearchApiResult = SearchResult;
export type SearchApiFacet = FacetResponse;
export type SearchApiResponse = SearchResponse;

export class CatalogueUnavailableError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'CatalogueUnavailableError';
  }
}

// `_request` is kept for the callers; the visitor now comes from the load context (req.ip).
// `accessToken`: a signed-in visitor's search token, so their secured documents are found too.
export async function searchCatalogue(context: AppLoadContext, body: SearchApiRequest, _request?: Request, options: { accessToken?: string } = {}): Promise<SearchApiResponse> {
  try {
    return await search(context, { q: '', searchHub: 'catalogue', tab: 'parametric', ...body }, { ...(options.accessToken ? { token: options.accessToken } : {}), timeoutMs: 10_000 });
  } catch (error) {
    if (error instanceof SearchApiError) throw new CatalogueUnavailableError(error.message, error.status);
    throw error;
  }
}
