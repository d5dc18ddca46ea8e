import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Search tokens for identified users, as Coveo issues them: a JWT (HS256 here) naming the
 * organization and the user, with an expiry. The site mints one on the server for a signed-in
 * visitor; the search service then shows that visitor the secured documents.
 */

export interface SearchIdentity {
  userId: string;
  groups: string[];
}

const ISSUER = 'voltaris-site';

function key(secret: string) {
  return new TextEncoder().encode(secret);
}

export async function mintSearchToken(identity: SearchIdentity, options: { secret: string; organizationId: string; ttlSeconds?: number }): Promise<string> {
  return new SignJWT({ organization: options.organizationId, userIds: [{ name: identity.userId, provider: 'Email Security Provider', type: 'User' }], groups: identity.groups, v8: true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(identity.userId)
    .setIssuedAt()
    .setExpirationTime(`${options.ttlSeconds ?? 900}s`)
    .sign(key(options.secret));
}

export type TokenCheck = { kind: 'identified'; identity: SearchIdentity } | { kind: 'expired' } | { kind: 'invalid' };

export async function verifySearchToken(token: string, options: { secret: string; organizationId: string }): Promise<TokenCheck> {
  if (token.split('.').length !== 3) return { kind: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, key(options.secret), { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.organization !== options.organizationId || typeof payload.sub !== 'string') return { kind: 'invalid' };
    const groups = Array.isArray(payload.groups) ? payload.groups.filter((g): g is string => typeof g === 'string') : [];
    return { kind: 'identified', identity: { userId: payload.sub, groups } };
  } catch (error) {
    return error instanceof errors.JWTExpired ? { kind: 'expired' } : { kind: 'invalid' };
  }
}
