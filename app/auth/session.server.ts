import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { createSessionStorage, redirect, type AppLoadContext, type SessionStorage } from '@remix-run/node';
import { z } from 'zod';
import { SharedStoreUnavailable, type SharedStore } from '../../server/shared-store.ts';
import { storeUnavailable } from '~/lib/faults.server.ts';
import { SharedSessionStore, SqliteSessionStore, type SessionStore } from './session-store.server.ts';
import { PROFILE_FIELDS, userGroups, type SessionUser } from './user.ts';
import { sameSitePath } from '~/lib/same-site-path.ts';
import { log } from '~/lib/logger.server.ts';
import { outsideCall } from '../../server/outside-call.ts';

/**
 * The signed-in session (issue 7, issue 19 item 7): a signed, HttpOnly, SameSite=Lax cookie
 * (Secure over https) holding only a random id; the user (id, groups, profile) and times are in the
 * server-side store (session-store.server.ts), the provider tokens in the site's shared store by
 * session id (any process can refresh them or end the provider session). A new
 * session on every sign-in; signing out deletes it, so a copied cookie stops working.
 */
const sessionUserSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  displayName: z.string(),
  groups: z.array(z.enum(userGroups)),
  type: z.enum(['internal', 'external']),
  profile: z.object(Object.fromEntries(PROFILE_FIELDS.map((field) => [field, z.string()])) as Record<(typeof PROFILE_FIELDS)[number], z.ZodString>),
});

interface SessionData {
  sid: string;
  user: SessionUser;
  signedInAt: number;
  expiresAt: number;
}

export interface ServerTokens {
  accessToken: string;
  refreshToken?: string;
  idToken: string;
  accessExpiresAt: number;
}

/** Tokens live as long as the session's row may (its length and the week it is still recognised). */
const tokensKey = (sid: string) => `session-tokens:${sid}`;

export async function keepTokens(store: SharedStore, sid: string, tokens: ServerTokens, ttlMs: number): Promise<void> {
  await store.set(tokensKey(sid), JSON.stringify(tokens), ttlMs);
}

export async function tokensOf(store: SharedStore, sid: string): Promise<ServerTokens | undefined> {
  const value = await store.get(tokensKey(sid));
  return value === undefined ? undefined : (JSON.parse(value) as ServerTokens);
}

export async function forgetTokens(store: SharedStore, sid: string): Promise<void> {
  await store.delete(tokensKey(sid));
}

const storages = new Map<string, SessionStorage<SessionData>>();
const stores = new Map<string, SessionStore>();

/** The site's session store: the shared store (Redis) when there is one, else SQLite in DATA_DIR. */
function storeFor(context: AppLoadContext): SessionStore {
  if (context.shared.kind === 'redis') return new SharedSessionStore(context.shared);
  const file = path.resolve(context.config.dataDir, 'sessions.sqlite');
  let store = stores.get(file);
  if (!store) {
    store = new SqliteSessionStore(file);
    stores.set(file, store);
  }
  return store;
}

/** A week past its end a session is still recognised as expired (REQ-AUTH-5: the re-authenticate dialog). */
const EXPIRED_GRACE_SECONDS = 7 * 24 * 3600;

export function tokensLifeMs(context: AppLoadContext): number {
  return (context.config.auth.sessionMaxAgeSeconds + EXPIRED_GRACE_SECONDS) * 1000;
}

export function sessionStorage(context: AppLoadContext, request: Request): SessionStorage<SessionData> {
  const secure = new URL(request.url).protocol === 'https:';
  const store = storeFor(context);
  const key = `${context.config.auth.sessionSecret}|${secure}|${context.config.dataDir}|${context.shared.kind}`;
  let storage = storages.get(key);
  if (!storage) {
    const maxAge = context.config.auth.sessionMaxAgeSeconds + EXPIRED_GRACE_SECONDS;
    const until = (expires: Date | undefined) => expires?.getTime() ?? Date.now() + maxAge * 1000;
    // The cookie holds only the (signed) id; what it names is on the server (issue 19, item 7).
    storage = createSessionStorage<SessionData>({
      cookie: {
        name: 'session',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        secrets: [context.config.auth.sessionSecret],
        maxAge,
      },
      createData: async (data, expires) => store.create(data, until(expires)),
      readData: async (id) => ((await store.read(id)) as Partial<SessionData> | undefined) ?? null,
      updateData: async (id, data, expires) => store.update(id, data, until(expires)),
      deleteData: async (id) => store.delete(id),
    });
    storages.set(key, storage);
  }
  return storage;
}

export type SessionState = { kind: 'signed-in'; user: SessionUser; sid: string } | { kind: 'expired'; user: SessionUser } | { kind: 'anonymous' };

/** Who is asking: signed in, signed in before but expired, or never signed in (REQ-AUTH-5 authentication). */
export async function sessionState(request: Request, context: AppLoadContext): Promise<SessionState> {
  const session = await sessionStorage(context, request)
    .getSession(request.headers.get('cookie'))
    .catch((error: unknown) => (error instanceof SharedStoreUnavailable ? storeUnavailable(request, context, error) : Promise.reject(error)));
  const parsed = sessionUserSchema.safeParse(session.get('user'));
  const sid = session.get('sid');
  if (!parsed.success || typeof sid !== 'string') return { kind: 'anonymous' };
  const user: SessionUser = parsed.data;
  const expiresAt = Number(session.get('expiresAt'));
  if (!Number.isFinite(expiresAt) || Date.now() >= expiresAt) return { kind: 'expired', user };
  return { kind: 'signed-in', user, sid };
}

export async function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const state = await sessionState(request, context);
  return state.kind === 'signed-in' ? state.user : null;
}

/** Only same-origin relative paths are followed after sign-in; anything else goes home. */
export function safeRedirectPath(value: unknown): string {
  return (typeof value === 'string' ? sameSitePath(value) : undefined) ?? '/';
}

export function signInPath(redirectTo: string): string {
  return `/login?${new URLSearchParams({ redirectTo: safeRedirectPath(redirectTo) })}`;
}

/** Thrown by requireUser for an expired session: the page shows the Auth required dialog. */
export class AuthRequired extends Error {
  constructor(readonly user: SessionUser) {
    super('The session has expired.');
  }
}

/**
 * The signed-in user, or: a redirect to sign-in for a visitor who never signed in, or AuthRequired
 * (the re-authenticate dialog, REQ-AUTH-5) for one whose session expired.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const state = await sessionState(request, context);
  if (state.kind === 'signed-in') return state.user;
  const url = new URL(request.url);
  url.searchParams.delete('_data');
  if (state.kind === 'expired') throw new AuthRequired(state.user);
  throw redirect(signInPath(`${url.pathname}${url.search}`));
}

export async function startSession(request: Request, context: AppLoadContext, user: SessionUser, tokens: Omit<ServerTokens, never>): Promise<string> {
  const storage = sessionStorage(context, request);
  // A new session (and id) on every sign-in: nothing of a previous session carries over, and the
  // previous one, if any, is ended on the server.
  const previous = await storage.getSession(request.headers.get('cookie'));
  if (previous.id) {
    const previousSid = previous.get('sid');
    if (typeof previousSid === 'string') await forgetTokens(context.shared, previousSid);
    await storage.destroySession(previous);
  }
  const session = await storage.getSession();
  const sid = randomUUID();
  session.set('sid', sid);
  session.set('user', user);
  session.set('signedInAt', Date.now());
  session.set('expiresAt', Date.now() + context.config.auth.sessionMaxAgeSeconds * 1000);
  await keepTokens(context.shared, sid, tokens, tokensLifeMs(context));
  return storage.commitSession(session);
}

export async function endSession(request: Request, context: AppLoadContext): Promise<{ setCookie: string; idToken?: string }> {
  const storage = sessionStorage(context, request);
  const session = await storage.getSession(request.headers.get('cookie'));
  const sid = session.get('sid');
  const idToken = typeof sid === 'string' ? (await tokensOf(context.shared, sid))?.idToken : undefined;
  if (typeof sid === 'string') await forgetTokens(context.shared, sid);
  return { setCookie: await storage.destroySession(session), ...(idToken ? { idToken } : {}) };
}

/** Refresh this long before the access token ends (issue 7: refresh before expiry). */
export const REFRESH_AHEAD_MS = 60_000;

export function refreshDue(tokens: ServerTokens, now = Date.now()): boolean {
  return Boolean(tokens.refreshToken) && tokens.accessExpiresAt - now <= REFRESH_AHEAD_MS;
}

/**
 * Keeps a signed-in session's provider tokens fresh: shortly before the access token ends, the
 * refresh token buys new ones. A refusal leaves the tokens as they are; the session itself ends at
 * its own time.
 */
export async function refreshIfDue(store: SharedStore, sid: string, refresh: (refreshToken: string) => Promise<ServerTokens>, ttlMs: number): Promise<boolean> {
  const tokens = await tokensOf(store, sid);
  if (!tokens || !refreshDue(tokens)) return false;
  try {
    const next = await outsideCall('oidc', 'refresh', () => refresh(tokens.refreshToken!));
    await keepTokens(store, sid, { ...next, refreshToken: next.refreshToken ?? tokens.refreshToken, idToken: next.idToken || tokens.idToken }, ttlMs);
    return true;
  } catch (error) {
    log('warn', 'auth', 'token refresh refused:', error instanceof Error ? error.message : error);
    return false;
  }
}
