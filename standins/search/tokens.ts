import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

/**
 * Search tokens, as Coveo's Search API issues them (`POST /rest/search/v2/token`, issue 19): a
 * server holding an API key with the impersonate privilege asks for a token naming a user; the
 * token is a JWT (HS256 here) with the organization, the user ids and groups, and an expiry. Only
 * the search service signs and checks them, with its own secret: the site never holds it.
 */

export interface SearchIdentity {
  userId: string;
  groups: string[];
}

const ISSUER = 'search-api-stand-in';

/** Coveo: a token is valid for 15 minutes at least and 24 hours at most (the default). */
const MIN_VALID_FOR_MS = 900_000;
const MAX_VALID_FOR_MS = 86_400_000;

/** The body of `POST /rest/search/v2/token` (Coveo's RestTokenParams, the fields the stand-in uses). */
export const searchTokenRequestSchema = z.object({
  userIds: z
    .array(
      z.object({
        name: z.string({ error: 'userIds[].name must be a string.' }).min(1, 'userIds[].name must not be empty.').max(500),
        provider: z.string({ error: 'userIds[].provider must be a string.' }).min(1, 'userIds[].provider must not be empty.').max(200),
        type: z.enum(['User', 'Group', 'VirtualGroup', 'Unknown']).default('User'),
        infos: z.record(z.string(), z.string()).optional(),
      }),
      { error: 'userIds must be a list of {name, provider}.' },
    )
    .min(1, 'Give at least one user id.')
    .max(100, 'Give at most 100 user ids.'),
  userGroups: z.array(z.string().min(1).max(200)).max(500).default([]),
  userDisplayName: z.string().max(500).optional(),
  validFor: z
    .number({ error: 'validFor must be a number of milliseconds.' })
    .int('validFor must be a whole number of milliseconds.')
    .min(MIN_VALID_FOR_MS, `validFor must be at least ${MIN_VALID_FOR_MS} ms.`)
    .max(MAX_VALID_FOR_MS, `validFor must be at most ${MAX_VALID_FOR_MS} ms.`)
    .default(MAX_VALID_FOR_MS),
  searchHub: z.string().max(200).optional(),
  pipeline: z.string().max(200).optional(),
  filter: z.string().max(20_000).optional(),
});

/** A secret for one process: tokens it issued stop working when it restarts, as sessions do. */
export function randomTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

/**
 * Signs a search token. `validForMs` may be below the endpoint's minimum (or negative) only for
 * tests that need an expired token; the endpoint checks the request before it gets here.
 */
export async function issueSearchToken(request: z.output<typeof searchTokenRequestSchema>, options: { secret: string; organizationId: string; validForMs?: number }): Promise<string> {
  const user = request.userIds[0]!;
  const validForSeconds = Math.round((options.validForMs ?? request.validFor) / 1000);
  return new SignJWT({
    v8: true,
    organization: options.organizationId,
    userIds: request.userIds,
    userGroups: request.userGroups,
    roles: ['queryExecutor'],
    ...(request.searchHub ? { searchHub: request.searchHub } : {}),
    ...(request.pipeline ? { pipeline: request.pipeline } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(user.name)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + validForSeconds)
    .sign(key(options.secret));
}

type TokenCheck = { kind: 'identified'; identity: SearchIdentity } | { kind: 'expired' } | { kind: 'invalid' };

export async function verifySearchToken(token: string, options: { secret: string; organizationId: string }): Promise<TokenCheck> {
  if (token.split('.').length !== 3) return { kind: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, key(options.secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.organization !== options.organizationId || typeof payload.sub !== 'string') return { kind: 'invalid' };
    const groups = Array.isArray(payload.userGroups) ? payload.userGroups.filter((g): g is string => typeof g === 'string') : [];
    return { kind: 'identified', identity: { userId: payload.sub, groups } };
  } catch (error) {
    return error instanceof errors.JWTExpired ? { kind: 'expired' } : { kind: 'invalid' };
  }
}
