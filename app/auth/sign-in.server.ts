import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES, localizedPath, resolveLanguage, SITE_LANGUAGES } from '~/cms/language.ts';
import { loadDictionary } from '~/cms/page.server.ts';
import { translator } from '~/cms/use-site-shell.ts';
import { logFault } from '~/lib/faults.server.ts';
import { log } from '~/lib/logger.server.ts';
import { userFromClaims } from './claims.ts';
import { createStrategy, discover, newNonce, signInCookie, verifyIdToken, type SignInAttempt } from './oidc-client.server.ts';
import { endSession, refreshIfDue, safeRedirectPath, startSession, tokensLifeMs } from './session.server.ts';
import type { SessionUser } from './user.ts';

/** The provider's login page speaks the language of the page the visitor came from. */
function uiLocalesFor(request: Request, context: AppLoadContext, redirectTo: string): string {
  const resolution = resolveLanguage(redirectTo.split('?')[0]!, new URL(request.url).host, context.config.zhHostSuffixes);
  const language = resolution.kind === 'page' ? resolution.language : 'en';
  return LANGUAGES[language].tag;
}

function unavailable(request: Request, cause: unknown): never {
  // One log line with the id the visitor is shown and the request id (issue 19).
  const errorId = logFault(request, cause, 'sign-in provider unavailable');
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
    unavailable(request, error);
  }
  const withoutState = new URL(request.url);
  withoutState.searchParams.delete('state');
  try {
    await created.strategy.authenticate(new Request(withoutState, { headers: request.headers }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const attempt: SignInAttempt = { nonce, redirectTo };
    thrown.headers.append('Set-Cookie', await signInCookie(context).serialize(attempt));
    thrown.headers.set('Cache-Control', 'no-store');
    // The provider's pages are not the app's: reached by a client-side navigation (a link to a
    // page that needs an account), the browser must load them as a document.
    thrown.headers.set('X-Remix-Reload-Document', 'true');
    return thrown;
  }
  throw new Error('The sign-in strategy neither redirected nor failed.');
}

const attemptSchema = z.object({ nonce: z.string().min(16), redirectTo: z.string() });

/** The names of the sign-in attempts' state cookies the browser sent. */
function stateCookieNames(request: Request): string[] {
  const names = (request.headers.get('cookie') ?? '').split(';').map((pair) => pair.split('=')[0]!.trim());
  return [...new Set(names.filter((name) => /^oauth2-state(:[\w-]+)?$/.test(name)))];
}

/** What a refused callback shows: a 400 page, and no session. */
export interface SignInRefused {
  refused: true;
  reason: 'expired' | 'failed';
}

/**
 * GET /login/callback: completes the flow, verifies the ID token, starts a new session (recording
 * the sign-in time) and goes back to the page the visitor started from. A wrong state, a missing
 * attempt cookie or a bad token fail closed, without a session.
 */
export async function completeSignIn(request: Request, context: AppLoadContext): Promise<Response | DataAnswer> {
  const cookie = signInCookie(context);
  const attempt = attemptSchema.safeParse(await cookie.parse(request.headers.get('cookie')));
  const clear = await cookie.serialize('', { maxAge: 0 });
  if (!attempt.success) return data<SignInRefused>({ refused: true, reason: 'expired' }, { status: 400, headers: { 'Set-Cookie': clear, 'Cache-Control': 'no-store' } });
  let discovery;
  try {
    discovery = await discover(context.config.auth.issuer);
  } catch (error) {
    unavailable(request, error);
  }
  const { strategy } = await createStrategy<{ user: SessionUser; idToken: string; accessToken: string; refreshToken?: string; expiresAt: number }>(
    context,
    request,
    { nonce: attempt.data.nonce, uiLocales: 'en' },
    async ({ tokens }) => {
      const idToken = tokens.idToken();
      const claims = await verifyIdToken(idToken, { discovery, clientId: context.config.auth.clientId, nonce: attempt.data.nonce });
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
    signedIn = await strategy.authenticate(request);
  } catch (error) {
    if (error instanceof Response) throw error;
    log('warn', 'auth', 'sign-in refused:', error instanceof Error ? error.message : error);
    return data<SignInRefused>({ refused: true, reason: 'failed' }, { status: 400, headers: { 'Set-Cookie': clear, 'Cache-Control': 'no-store' } });
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
  return redirect(safeRedirectPath(attempt.data.redirectTo), { headers });
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
