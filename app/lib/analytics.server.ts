import { randomUUID } from 'node:crypto';
import { createCookie, type AppLoadContext } from '@remix-run/node';
import type { AnalyticsKind, LaterVisit } from '~/load-context.ts';
import { VISITOR_COOKIE } from './copyable-cookies.ts';
import { SyncCookie } from './sync-cookie.server.ts';

export type { AnalyticsKind };

/**
 * Usage analytics (SPEC 3, 7), sent by the server in Coveo's UA v15 shape (the port,
 * server/ports/usage-analytics.ts, posts them): Headless never runs in the browser
 * (decision 0008), so the events it would have logged, and the page views, are logged here. Nothing is
 * sent, and no visitor id is set, for a request that carries `DNT: 1` or `Sec-GPC: 1` (SPEC 5:
 * analytics are off when the browser signals do-not-track or global privacy control).
 */
export function trackingAllowed(request: Request): boolean {
  return request.headers.get('dnt') !== '1' && request.headers.get('sec-gpc') !== '1';
}

/** Coveo's visitor id (clientId): first party, a year, never readable by scripts. */
const visitorCookie = new SyncCookie(createCookie(VISITOR_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 * 60 * 24 * 365 }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function validVisitorId(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/** The visitor id a request carries. A page that reads it tells its copy (decision 0035). */
export function readVisitorId(request: Request, context: AppLoadContext | undefined): string | undefined {
  context?.pageCopy?.readsCookie(visitorCookie.name);
  return validVisitorId(visitorCookie.read(request.headers.get('cookie')));
}

/** The visitor id of a visitor served a copy of a page, from their own cookie. */
export function laterVisitorIdOf(visit: LaterVisit): string | undefined {
  const value = visit.cookie(visitorCookie.name);
  return value === undefined ? undefined : validVisitorId(visitorCookie.decode(value));
}

/** The visitor id of this request, creating one (and its cookie) on the first tracked visit. */
export async function visitorIdFor(request: Request, responseHeaders: Headers, secure: boolean, context?: AppLoadContext): Promise<string> {
  const known = createdFor.get(request) ?? readVisitorId(request, context);
  if (known) return known;
  // Someone else's id must never travel with a copy of the page (decision 0031).
  context?.pageCopy?.personalCookie(visitorCookie.name);
  return newVisitorId(request, secure, (cookie) => responseHeaders.append('Set-Cookie', cookie));
}

/** A visitor served a copy of a page: their own id, or a new one (decision 0031) when they sent none. */
function laterVisitorId(visit: LaterVisit, secure: boolean): string | Promise<string> {
  return createdFor.get(visit) ?? laterVisitorIdOf(visit) ?? newVisitorId(visit, secure, (cookie) => visit.setCookie(cookie));
}

/** The page view and the search event of one visit share the id (and one Set-Cookie). */
const createdFor = new WeakMap<Request | LaterVisit, string>();

/** Without a promise once the cookie's attributes are known: a copy of a page is served without waiting. */
function newVisitorId(visit: Request | LaterVisit, secure: boolean, setCookie: (cookie: string) => void): string | Promise<string> {
  const created = randomUUID();
  createdFor.set(visit, created);
  const header = visitorCookie.write(created, secure);
  if (header !== undefined) {
    setCookie(header);
    return created;
  }
  return visitorCookieHeader(created, secure).then((cookie) => {
    setCookie(cookie);
    return created;
  });
}

/** The visitor cookie for an id, as Remix's serialize writes it (a unit test holds them equal). */
export function visitorCookieHeader(id: string, secure: boolean): Promise<string> {
  return visitorCookie.serialize(id, secure);
}

/**
 * Logs an event of a page visit (a page view, a search) for this request, and again for each
 * visitor later served a copy of the page (decision 0031), with their own visitor id and the
 * fields `perVisitor` reads from their request headers (user agent, referrer).
 */
export async function sendPageEvent(args: {
  request: Request;
  context: AppLoadContext;
  responseHeaders: Headers;
  kind: AnalyticsKind;
  body: Record<string, unknown>;
  perVisitor: (header: (name: string) => string) => Record<string, unknown>;
}): Promise<void> {
  const { request, context, kind, body, perVisitor } = args;
  const secure = new URL(request.url).protocol === 'https:';
  const visitorId = await visitorIdFor(request, args.responseHeaders, secure, context);
  // Serialized once: a copy of the page may be served thousands of times a second.
  const common = JSON.stringify(body);
  const eventOf = (id: string, fields: Record<string, unknown>) => withFields(common, body, { ...fields, clientId: id });
  // A rendering that only makes a copy for someone served from it is no visit (decision 0035).
  if (context.pageCopy?.forAVisitor !== false) context.analytics.sendJson(kind, visitorId, eventOf(visitorId, perVisitor((name) => request.headers.get(name) ?? '')));
  context.pageCopy?.forEachLaterVisitor(
    (visit) => {
      const send = (id: string) => context.analytics.sendJson(kind, id, eventOf(id, perVisitor((name) => visit.header(name) ?? '')));
      const id = laterVisitorId(visit, secure);
      return typeof id === 'string' ? send(id) : id.then(send);
    },
    [visitorCookie.name],
  );
}

/**
 * JSON.stringify({ ...body, ...fields }) given `serialized`, JSON.stringify(body): the fields are
 * appended to the object's text, unless one of them replaces a field of body.
 */
export function withFields(serialized: string, body: Record<string, unknown>, fields: Record<string, unknown>): string {
  if (Object.keys(fields).some((key) => Object.hasOwn(body, key))) return JSON.stringify({ ...body, ...fields });
  const appended = JSON.stringify(fields);
  if (appended === '{}') return serialized;
  return serialized === '{}' ? appended : `${serialized.slice(0, -1)},${appended.slice(1)}`;
}

/** SPEC 3 analytics block: anonymous, or the signed-in user's name and display name. */
export function analyticsIdentity(user: { email: string; displayName: string } | null): Record<string, unknown> {
  return user ? { anonymous: false, username: user.email, userDisplayName: user.displayName } : { anonymous: true };
}
