import { buildSearchEngine, type SearchEngine, type SearchEngineConfiguration } from '@coveo/headless';
import type { AppLoadContext } from '@remix-run/node';
import type { SearchIdentity } from '~/auth/search-token.server.ts';
import { FAILURE_POLICY_HEADER, installFailurePolicy } from './failure-policy.server.ts';

installFailurePolicy();

/** A request to the Search API as Headless hands it to preprocessRequest (the type is not exported). */
type PlatformRequestOptions = Parameters<NonNullable<SearchEngineConfiguration['preprocessRequest']>>[0];

/**
 * The one way the site builds a Headless search engine on the server (the search page, the header
 * box's plan): the visitor's search token, the Search API of the configuration, the visitor named
 * for rate limits, the page's failure policy, analytics off (the server sends its own).
 */
export function buildSiteSearchEngine(args: {
  context: AppLoadContext;
  request: Request;
  identity: SearchIdentity;
  locale: string;
  /** Which failure policy the request follows (failure-policy.server.ts). */
  policy: string;
  /** A last change to a request (the search page's facet freeze rewrites the search body). */
  adjustRequest?: (request: PlatformRequestOptions) => PlatformRequestOptions;
  preprocessSearchResponseMiddleware?: NonNullable<SearchEngineConfiguration['search']>['preprocessSearchResponseMiddleware'];
}): SearchEngine {
  const { search } = args.context.config;
  const visitor = args.context.clientAddress;
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
      preprocessRequest: (req) => {
        const headers = new Headers(req.headers as HeadersInit);
        if (visitor) headers.set('x-forwarded-for', visitor);
        headers.set(FAILURE_POLICY_HEADER, args.policy);
        headers.set('user-agent', args.request.headers.get('user-agent') ?? 'voltaris-site');
        const prepared = { ...req, headers: Object.fromEntries(headers) };
        return args.adjustRequest ? args.adjustRequest(prepared) : prepared;
      },
    },
    loggerOptions: { level: 'silent' },
  });
}
