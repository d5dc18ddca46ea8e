import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, resolveLanguage, SITE_LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { translator } from '~/cms/use-site-shell.ts';
import { logFault } from '~/lib/faults.server.ts';
import { log } from '~/lib/logger.server.ts';
import { userFromClaims } from './claims.ts';
import { createStrategy, discover, newNonce, signInCookie, verifyIdToken, type SignInAttempt } from './oidc-client.server.ts';
import { endSession, refreshIfDue, safeRedirectPath, startSession, tokensLifeMs } from './session.server.ts';
import type { SessionUser } from './user.ts';
import { outsideCall } from '../../server/outside-call.ts';

/** The language of the page a sign-in started from (and goes back to). */
function languageOf(request: Request, context: AppLoadContext, redirectTo: string): SiteLanguage | undefined {
  const resolution = resolveLanguage(redirectTo.split('?')[0]!, new URL(request.url).host, context.config.zhHostSuffixes);
  return resolution.kind === 'page' ? resolution.language : undefined;
}

/** The provider's login page speaks the language of the page the visitor came from. */
function uiLocalesFor(request: Request, context: AppLoadContext, redirectTo: string): string {
  return LANGUAGES[languageOf(request, context, redirectTo) ?? DEFAULT_LANGUAGE].tag;
}

function unavailable(request: Request, context: AppLoadContext, cause: unknown): never {
  // One log line with the id the visitor is shown and the request id (issue 19).
  const errorId = logFault(request, context, cause, 'sign-in provider unavailable');
  throw data({ errorId }, { status: 503, headers: { 'Retry-After': '30' } });
}

/** GET /login?redirectTo=...: starts the authorization-code flow (PKCE S256, state, nonce). */
export async function startSignIn(request: Request, context: AppLoadContext): Promise<Response> {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'));
  const nonce = newNonce();
  let created;
  try {
    created = await createStrategy<never>(context, request, { nonce, uiLocales: uiLocalesFor(request, context, redirectTo) }, async () => {
      throw new Error('No sign-in is completed on /login.');
    });
  } catch (error) {
    unavailable(request, context, error);
  }
  const withoutState = new URL(request.url);
  withoutState.searchParams.delete('state');
  try {
    await created.strategy.authenticate(new Request(withoutState, { headers: request.headers }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const attempt: SignInAttempt = { nonce, redirectTo, startedAt: Date.now() };
    thrown.headers.append('Set-Cookie', await signInCookie(context).serialize(attempt));
    thrown.headers.set('Cache-Control', 'no-store');
    // The provider's pages are not the app's: reached by a client-side navigation (a link to a
    // page that needs an account), the browser must load them as a document.
    thrown.headers.set('X-Remix-Reload-Document', 'true');
    return thrown;
  }
  throw new Error('The sign-in strategy neither redirected nor failed.');
}

const attemptSchema = z.object({ nonce: z.string().min(16), redirectTo: z.string(), startedAt: z.number() });

/** How long a sign-in may take, from /login to the callback (the provider's state lives as long). */
const ATTEMPT_VALID_MS = 600_000;

/** The attempt the browser still holds, expired or not; none when it holds none we signed. */
async function attemptOf(request: Request, context: AppLoadContext): Promise<SignInAttempt | undefined> {
  const attempt = attemptSchema.safeParse(await signInCookie(context).parse(request.headers.get('cookie')));
  return attempt.success ? attempt.data : undefined;
}

/**
 * The callback has one address for every language: it answers in the language of the page the
 * sign-in started from, when the browser still holds the attempt (even one that took too long).
 */
export async function signInLanguage(request: Request, context: AppLoadContext): Promise<SiteLanguage | undefined> {
  const attempt = await attemptOf(request, context);
  return attempt ? languageOf(request, context, attempt.redirectTo) : undefined;
}

/** The names of the sign-in attempts' state cookies the browser sent. */
function stateCookieNames(request: Request): string[] {
  const names = (request.headers.get('cookie') ?? '').split(';').map((pair) => pair.split('=')[0]!.trim());
  return [...new Set(names.filter((name) => /^oauth2-state(:[\w-]+)?$/.test(name)))];
}

/** What a refused callback shows: a 400 page, and no session. */
export interface SignInRefused {
  refused: true;
  reason: 'expired' | 'failed';
  /** Where signing in again goes back to: the page the refused attempt started from. */
  redirectTo?: string;
}

/**
 * GET /login/callback: completes the flow, verifies the ID token, starts a new session (recording
 * the sign-in time) and goes back to the page the visitor started from. A wrong state, a missing
 * attempt cookie or a bad token fail closed, without a session.
 */
export async function completeSignIn(request: Request, context: AppLoadContext): Promise<Response | DataAnswer> {
  const cookie = signInCookie(context);
  const held = await attemptOf(request, context);
  const clear = await cookie.serialize('', { maxAge: 0 });
  // A refused attempt is spent (it reads as expired from now on) but still names the language, for a reload.
  const spent = held ? await cookie.serialize({ ...held, startedAt: 0 } satisfies SignInAttempt) : clear;
  const refuse = (reason: SignInRefused['reason']) =>
    data<SignInRefused>({ refused: true, reason, ...(held ? { redirectTo: safeRedirectPath(held.redirectTo) } : {}) }, { status: 400, headers: { 'Set-Cookie': spent, 'Cache-Control': 'no-store' } });
  if (!held || !(Date.now() - held.startedAt <= ATTEMPT_VALID_MS)) return refuse('expired');
  let discovery;
  try {
    discovery = await discover(context.config.auth.issuer);
  } catch (error) {
    unavailable(request, context, error);
  }
  const { strategy } = await createStrategy<{ user: SessionUser; idToken: string; accessToken: string; refreshToken?: string; expiresAt: number }>(
    context,
    request,
    { nonce: held.nonce, uiLocales: 'en' },
    async ({ tokens }) => {
      const idToken = tokens.idToken();
      const claims = await verifyIdToken(idToken, { discovery, clientId: context.config.auth.clientId, nonce: held.nonce });
      return {
        user: userFromClaims(claims, context.config.auth.internalEmailSuffix),
        idToken,
        accessToken: tokens.accessToken(),
        ...(tokens.hasRefreshToken() ? { refreshToken: tokens.refreshToken() } : {}),
        expiresAt: tokens.accessTokenExpiresAt().getTime(),
      };
    },
  );
  let signedIn;
  try {
    // The code exchanged for tokens at the provider, and the ID token's keys fetched: timed as one call.
    signedIn = await outsideCall('oidc', 'callback', () => strategy.authenticate(request));
  } catch (error) {
    if (error instanceof Response) throw error;
    log('warn', 'auth', 'sign-in refused:', error instanceof Error ? error.message : error);
    return refuse('failed');
  }
  const session = await startSession(request, context, signedIn.user, {
    accessToken: signedIn.accessToken,
    idToken: signedIn.idToken,
    accessExpiresAt: signedIn.expiresAt,
    ...(signedIn.refreshToken ? { refreshToken: signedIn.refreshToken } : {}),
  });
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  headers.append('Set-Cookie', session);
  headers.append('Set-Cookie', clear);
  // remix-auth-oauth2 names its state cookie per attempt (`oauth2-state:<id>`): end each one sent.
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  for (const name of stateCookieNames(request)) headers.append('Set-Cookie', `${name}=; Path=/login; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  return redirect(safeRedirectPath(held.redirectTo), { headers });
}

/**
 * Sign-out is for the site's own pages only (issue 19, item 5): a browser says where a post comes
 * from (Sec-Fetch-Site, or at least Origin); anything else, `null` included, is refused. A post
 * with neither header is no browser's cross-site request and is let through.
 */
export function postedFromOwnPages(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('origin');
  return origin === null || origin === new URL(request.url).origin;
}

/** POST /logout: ends the session here and, where the provider supports it, there too. */
/** The sign-out form's one field: the language of the page it was on, so the visitor lands on that language's home. */
export const signOutSchema = z.object({ language: z.enum(SITE_LANGUAGES).catch(DEFAULT_LANGUAGE) });


/** Where the provider sends a visitor back after signing out; `state` carries the page's language. */
export const SIGNED_OUT_PATH = '/logout';

export async function signOut(request: Request, context: AppLoadContext): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const { language } = signOutSchema.parse({ language: form.get('language') ?? undefined });
  if (!postedFromOwnPages(request)) {
    const t = translator(await loadDictionary(context, language));
    return new Response(t('auth.signOutRefused'), { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  const { setCookie, idToken } = await endSession(request, context);
  const headers = new Headers({ 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' });
  const origin = new URL(request.url).origin;
  try {
    const discovery = await discover(context.config.auth.issuer);
    if (discovery.end_session_endpoint && idToken) {
      const end = new URL(discovery.end_session_endpoint);
      end.searchParams.set('id_token_hint', idToken);
      end.searchParams.set('post_logout_redirect_uri', `${origin}${SIGNED_OUT_PATH}`);
      end.searchParams.set('state', language);
      end.searchParams.set('ui_locales', LANGUAGES[language].tag);
      end.searchParams.set('client_id', context.config.auth.clientId);
      return redirect(end.toString(), { headers });
    }
  } catch {
    // The provider is unreachable: the site's own session is ended all the same.
  }
  return redirect(localizedPath(language, '/'), { headers });
}

/** GET /logout, where the provider returns: the home page in the language signed out from (`state`). */
export function signedOut(request: Request): Response {
  const { language } = signOutSchema.parse({ language: new URL(request.url).searchParams.get('state') ?? undefined });
  return redirect(localizedPath(language, '/'));
}

/** Refreshes a signed-in session's tokens when they are about to end (called by the page shell). */
export async function keepSessionFresh(request: Request, context: AppLoadContext, sid: string): Promise<void> {
  await refreshIfDue(context.shared, sid, async (refreshToken) => {
    const { strategy } = await createStrategy<never>(context, request, { nonce: '', uiLocales: 'en' }, async () => {
      throw new Error('No sign-in is completed by a refresh.');
    });
    const tokens = await strategy.refreshToken(refreshToken);
    return {
      accessToken: tokens.accessToken(),
      idToken: 'id_token' in tokens.data ? tokens.idToken() : '',
      accessExpiresAt: tokens.accessTokenExpiresAt().getTime(),
      ...(tokens.hasRefreshToken() ? { refreshToken: tokens.refreshToken() } : {}),
    };
  }, tokensLifeMs(context));
}
