import type { AppLoadContext } from '@remix-run/node';
import { LRUCache } from 'lru-cache';
import { mintSearchToken } from '../../services/search/tokens.ts';
import type { SessionUser } from './user.ts';

/**
 * Issue 7, search identity: searches made for a signed-in user carry a search token naming them
 * (HS256, as the search service expects), so secured documents are returned to them and never to
 * anonymous visitors, who use the site's anonymous access token. Tokens live 15 minutes; one is
 * reused for 10 of them.
 */
const TOKEN_TTL_SECONDS = 900;
const minted = new LRUCache<string, string>({ max: 10_000, ttl: 600_000 });

export interface SearchIdentity {
  token: string;
  /** Who the answers are for: 'anonymous', or the user's id (cache keys use it, not the token). */
  identity: string;
}

export async function searchIdentityFor(user: SessionUser | null, context: AppLoadContext): Promise<SearchIdentity> {
  const { search } = context.config;
  if (!user) return { token: search.accessToken, identity: 'anonymous' };
  const key = `${search.organizationId}|${user.id}|${user.groups.join(',')}`;
  let token = minted.get(key);
  if (!token) {
    token = await mintSearchToken({ userId: user.email || user.id, groups: user.groups }, { secret: search.tokenSecret, organizationId: search.organizationId, ttlSeconds: TOKEN_TTL_SECONDS });
    minted.set(key, token);
  }
  return { token, identity: `user:${user.id}` };
}
