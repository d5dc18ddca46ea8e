import { createHash } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';
import { z } from 'zod';

/**
 * The links a subscription change is confirmed with (issue 19, item 5: double opt-in, and a signed
 * link to unsubscribe). The token is a JWE (dir, A256GCM) under a key derived from SESSION_SECRET:
 * authenticated, so nobody can make one for an address they do not read mail for, and encrypted,
 * so the address is not readable in a URL that may end up in logs. It expires; it never changes
 * anything by itself (the page it opens asks for a POST).
 */
export type LinkedChange = 'OPT_IN' | 'OPT_OUT';

/** How long the link to confirm a change works. */
export const CONFIRM_LINK_SECONDS = 48 * 3600;
/** How long the unsubscribe link in a welcome mail works. */
export const UNSUBSCRIBE_LINK_SECONDS = 365 * 24 * 3600;

const AUDIENCE = 'voltaris:subscription-change';

const payloadSchema = z.object({ email: z.string().email(), status: z.enum(['OPT_IN', 'OPT_OUT']) });

function keyOf(secret: string): Uint8Array {
  // A key of its own: the session cookie's secret never signs anything else directly.
  return createHash('sha256').update(`subscription-link|${secret}`).digest();
}

export async function signChangeLink(secret: string, change: { email: string; status: LinkedChange }, validSeconds: number, now = Date.now()): Promise<string> {
  return new EncryptJWT({ email: change.email, status: change.status })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + validSeconds)
    .encrypt(keyOf(secret));
}

export type LinkCheck = { ok: true; email: string; status: LinkedChange } | { ok: false; reason: 'expired' | 'invalid' };

export async function readChangeLink(secret: string, token: string): Promise<LinkCheck> {
  if (token.length > 2000) return { ok: false, reason: 'invalid' };
  try {
    const { payload } = await jwtDecrypt(token, keyOf(secret), { audience: AUDIENCE, keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] });
    const parsed = payloadSchema.safeParse(payload);
    return parsed.success ? { ok: true, ...parsed.data } : { ok: false, reason: 'invalid' };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
