import { randomBytes } from 'node:crypto';
import { createCookie, type AppLoadContext } from '@remix-run/node';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { OAuth2Strategy } from 'remix-auth-oauth2';
import { z } from 'zod';
import { outsideCall } from '../../server/outside-call.ts';

/**
 * The sign-in client (REQ-AREA-2, REQ-AUTH-2): remix-auth-oauth2 does the authorization-code flow with PKCE
 * (S256) and state; it checks neither the ID token nor a nonce (REQ-PLATFORM-5), so this module adds
 * both: a nonce in a signed cookie, and the ID token verified against the provider's JWKS
 * (signature, issuer, audience, expiry with REQ-AUTH-3's 900 s clock skew, nonce).
 */
export const CLOCK_SKEW_SECONDS = 900;

const discoverySchema = z.object({
  issuer: z.string().url(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  end_session_endpoint: z.string().url().optional(),
  revocation_endpoint: z.string().url().optional(),
});
export type Discovery = z.infer<typeof discoverySchema>;

const discoveries = new Map<string, Promise<Discovery>>();

/** The provider's discovery document, fetched once per issuer (a failure is retried next time). */
export function discover(issuer: string): Promise<Discovery> {
  let pending = discoveries.get(issuer);
  if (!pending) {
    pending = outsideCall('oidc', 'discovery', (headers) => fetch(`${issuer}/.well-known/openid-configuration`, { headers, signal: AbortSignal.timeout(5000) }), (response) => !response.ok)
      .then(async (response) => {
        if (!response.ok) throw new Error(`discovery answered ${response.status}`);
        const document = discoverySchema.parse(await response.json());
        if (document.issuer !== issuer) throw new Error(`discovery names issuer ${document.issuer}, expected ${issuer}`);
        return document;
      })
      .catch((error: unknown) => {
        discoveries.delete(issuer);
        throw error;
      });
    discoveries.set(issuer, pending);
  }
  return pending;
}

const jwksByUri = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  groups?: unknown;
  nonce?: string;
  [claim: string]: unknown;
}

export async function verifyIdToken(idToken: string, options: { discovery: Discovery; clientId: string; nonce: string }): Promise<IdTokenClaims> {
  let jwks = jwksByUri.get(options.discovery.jwks_uri);
  if (!jwks) jwksByUri.set(options.discovery.jwks_uri, (jwks = createRemoteJWKSet(new URL(options.discovery.jwks_uri))));
  const { payload } = await jwtVerify(idToken, jwks, {
    issuer: options.discovery.issuer,
    audience: options.clientId,
    clockTolerance: CLOCK_SKEW_SECONDS,
    requiredClaims: ['sub', 'exp', 'iat'],
  });
  if (!options.nonce || payload.nonce !== options.nonce) throw new Error('The ID token does not carry the nonce this sign-in sent.');
  return payload as IdTokenClaims;
}

/**
 * The sign-in attempt's nonce, where to go afterwards and when it started, signed. The attempt is
 * good for ten minutes (sign-in.server.ts); the browser keeps it for a day, so a callback that
 * comes too late still knows the language to say so in.
 */
export function signInCookie(context: AppLoadContext) {
  return createCookie('sign-in', {
    path: '/login',
    httpOnly: true,
    sameSite: 'lax',
    secure: context.config.mode === 'production' && context.config.publicOrigin?.startsWith('https:') === true,
    maxAge: 86_400,
    secrets: [context.config.auth.sessionSecret],
  });
}

export interface SignInAttempt {
  nonce: string;
  redirectTo: string;
  /** Milliseconds since the epoch. */
  startedAt: number;
}

/** remix-auth-oauth2 with the nonce and the page language added to the authorization request. */
class OpenIdStrategy<User> extends OAuth2Strategy<User> {
  constructor(
    options: OAuth2Strategy.ConstructorOptions,
    verify: (args: OAuth2Strategy.VerifyOptions) => Promise<User>,
    private readonly extra: { nonce: string; uiLocales: string },
  ) {
    super(options, verify);
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    next.set('nonce', this.extra.nonce);
    next.set('ui_locales', this.extra.uiLocales);
    // oidc-provider (and the spec) only grant offline_access, the refresh token, with consent.
    next.set('prompt', 'consent');
    return next;
  }
}

export function newNonce(): string {
  return randomBytes(16).toString('base64url');
}

export async function createStrategy<User>(context: AppLoadContext, request: Request, extra: { nonce: string; uiLocales: string }, verify: (args: OAuth2Strategy.VerifyOptions) => Promise<User>) {
  const { auth } = context.config;
  const discovery = await discover(auth.issuer);
  const origin = new URL(request.url).origin;
  return {
    discovery,
    strategy: new OpenIdStrategy<User>(
      {
        clientId: auth.clientId,
        clientSecret: auth.clientSecret,
        authorizationEndpoint: discovery.authorization_endpoint,
        tokenEndpoint: discovery.token_endpoint,
        ...(discovery.revocation_endpoint ? { tokenRevocationEndpoint: discovery.revocation_endpoint } : {}),
        redirectURI: `${origin}/login/callback`,
        scopes: auth.scopes,
        cookie: { name: 'oauth2-state', path: '/login', httpOnly: true, sameSite: 'Lax', maxAge: 600, ...(origin.startsWith('https:') ? { secure: true as const } : {}) },
      },
      verify,
      extra,
    ),
  };
}
