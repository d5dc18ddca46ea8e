import { buildSearchEngine, type SearchEngine, type SearchEngineConfiguration } from '@coveo/headless';
import type { AppLoadContext } from '@remix-run/node';
import type { SearchIdentity } from '~/auth/search-token.server.ts';
import { headlessRequest } from '~/search-api/client.server.ts';

/** A request to the Search API as Headless hands it to preprocessRequest (the type is not exported). */
type PlatformRequestOptions = Parameters<NonNullable<SearchEngineConfiguration['preprocessRequest']>>[0];

/**
 * The one way the site builds a Headless search engine on the server (the search page, the header
 * box's plan): the visitor's search token, the Search API of the configuration, its requests sent
 * through the site's Search API client (the visitor named for rate limits, the failure policy),
 * analytics off (the server sends its own).
 */
export function buildSiteSearchEngine(args: {
  context: AppLoadContext;
  request: Request;
  identity: SearchIdentity;
  locale: string;
  /** A last change to a request (the search page's facet freeze rewrites the search body). */
  adjustRequest?: (request: PlatformRequestOptions) => PlatformRequestOptions;
  preprocessSearchResponseMiddleware?: NonNullable<SearchEngineConfiguration['search']>['preprocessSearchResponseMiddleware'];
}): SearchEngine {
  const { search } = args.context.config;
  return buildSearchEngine({
    configuration: {
      organizationId: search.organizationId,
      accessToken: args.identity.token,
      search: {
        proxyBaseUrl: search.apiUrl,
        locale: args.locale,
        timezone: search.timezone,
        ...(search.authenticationProviders.length ? { authenticationProviders: search.authenticationProviders } : {}),
        ...(args.preprocessSearchResponseMiddleware ? { preprocessSearchResponseMiddleware: args.preprocessSearchResponseMiddleware } : {}),
      },
      // Off on the server; legacy mode because the smart-snippet controllers warn about 'next' mode.
      analytics: { enabled: false, analyticsMode: 'legacy' },
      // headless 4.0.0 drops forwardedFor (REQ-PLATFORM-4): name the visitor ourselves, for rate limits.
      preprocessRequest: (req) => headlessRequest(args.context, args.adjustRequest ? args.adjustRequest(req) : req, args.request.headers.get('user-agent') ?? 'voltaris-site'),
    },
    loggerOptions: { level: 'silent' },
  });
}
