import { buildSearchEngine, type SearchEngine, type SearchEngineConfiguration } from '@coveo/headless';
import type { AppLoadContext } from '@remix-run/node';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import type { SearchIdentity } from '~/auth/search-token.server.ts';
import { headlessRequest } from '~/search-api/client.server.ts';

/** A request to the Search API as Headless hands it to preprocessRequest (the type is not exported). */
type PlatformRequestOptions = Parameters<NonNullable<SearchEngineConfiguration['preprocessRequest']>>[0];

/**
 * Headless's initial configuration state asks `dayjs.tz.guess()` for the process's time zone, which
 * builds an `Intl.DateTimeFormat` every time: several times per engine, about 0.3 ms of every
 * distinct search's CPU (decision 0107). The process's zone does not change while it runs, so it is
 * asked once. Headless extends the same dayjs instance with the same plugin (dayjs installs a plugin
 * once); the engine's `timezone` is the configuration's anyway (below).
 */
dayjs.extend(timezone);
const guessZone = dayjs.tz.guess.bind(dayjs.tz);
let processZone: string | undefined;
dayjs.tz.guess = () => (processZone ??= guessZone());

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
