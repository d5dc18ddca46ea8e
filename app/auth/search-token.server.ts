import type { AppLoadContext } from '@remix-run/node';
import { decodeJwt } from 'jose';
import { LRUCache } from 'lru-cache';
import { createSearchToken } from '~/search-api/client.server.ts';
import type { SessionUser } from './user.ts';

/**
 * Issue 7 and 19, search identity the Coveo way: for a signed-in user the site asks the Search
 * API's token endpoint (`POST {apiUrl}/token`, with the API key allowed to impersonate) for a search
 * token naming them and their groups; searches made with it return their secured documents, which
 * anonymous visitors (the anonymous access token) never see. The site signs nothing itself. A token
 * is reused until a minute before it expires.
 */
export const SEARCH_TOKEN_VALID_FOR_MS = 900_000;
/** A token is asked for again this long before it expires, so no search carries an expiring one. */
const RENEW_BEFORE_MS = 60_000;
const TOKEN_REQUEST_TIMEOUT_MS = 3000;

export interface SearchIdentity {
  token: string;
  /** Who the answers are for: 'anonymous', or the user's id (cache keys use it, not the token). */
  identity: string;
}

interface TokenJob {
  user: SessionUser;
  search: AppLoadContext['config']['search'];
  /** The embedded Search API's in-process path in the demo (decision 0066); none: HTTP. */
  dispatcher: AppLoadContext['searchDispatcher'];
}

export class SearchTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SearchTokenError';
  }
}

async function requestToken({ user, search, dispatcher }: TokenJob): Promise<string> {
  try {
    return await createSearchToken(
      search,
      {
        userIds: [{ name: user.email || user.id, provider: 'Email Security Provider', type: 'User' }],
        userGroups: user.groups,
        userDisplayName: user.displayName,
        validFor: SEARCH_TOKEN_VALID_FOR_MS,
      },
      { timeoutMs: TOKEN_REQUEST_TIMEOUT_MS, ...(dispatcher ? { dispatcher } : {}) },
    );
  } catch (error) {
    throw new SearchTokenError(error instanceof Error ? error.message : String(error));
  }
}

/** Until shortly before the token's own expiry (its exp claim), else the validity asked for. */
function reuseMs(token: string): number {
  let expiresAt = Date.now() + SEARCH_TOKEN_VALID_FOR_MS;
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') expiresAt = exp * 1000;
  } catch {
    // Not a JWT: an opaque token lives as long as it was asked to.
  }
  return Math.max(1, expiresAt - RENEW_BEFORE_MS - Date.now());
}

const tokens = new LRUCache<string, string, TokenJob>({
  max: 10_000,
  ttl: SEARCH_TOKEN_VALID_FOR_MS - RENEW_BEFORE_MS,
  // Concurrent searches of one user share one token request.
  fetchMethod: async (_key, _stale, { context, options }) => {
    const token = await requestToken(context);
    options.ttl = reuseMs(token);
    return token;
  },
});

export async function searchIdentityFor(user: SessionUser | null, context: AppLoadContext): Promise<SearchIdentity> {
  const { search } = context.config;
  if (!user) return { token: search.accessToken, identity: 'anonymous' };
  const key = JSON.stringify([search.apiUrl, search.organizationId, user.id, user.email, user.groups]);
  try {
    const token = await tokens.fetch(key, { context: { user, search, dispatcher: context.searchDispatcher } });
    if (token) return { token, identity: `user:${user.id}` };
  } catch (error) {
    // The user still gets the public results; their secured ones come back with the endpoint.
    console.error(`[search] no search token for a signed-in user: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { token: search.accessToken, identity: 'anonymous' };
}
