import { randomUUID } from 'node:crypto';
import { createCookie, type AppLoadContext } from '@remix-run/node';
import type { AnalyticsKind } from '../../server/load-context.ts';

export type { AnalyticsKind };

/**
 * Usage analytics (REQ-ANALYTICS-4, REQ-COVEO-16), sent by the server in Coveo's UA v15 shape (the port,
 * server/ports/usage-analytics.ts, posts them): Headless never runs in the browser
 * (decision 0008), so the events it would have logged, and the page views, are logged here. Nothing is
 * sent, and no visitor id is set, for a request that carries `DNT: 1` or `Sec-GPC: 1` (REQ-ANALYTICS-3:
 * analytics are off when the browser signals do-not-track or global privacy control).
 */
export function trackingAllowed(request: Request): boolean {
  return request.headers.get('dnt') !== '1' && request.headers.get('sec-gpc') !== '1';
}

export const VISITOR_COOKIE = 'visitor';

/**
 * Coveo's visitor id (clientId): first party, a year, never readable by scripts. Only the API
 * reads it (the beacon, result clicks), so it is sent only there: a visitor who has browsed still
 * asks for pages without a cookie, and a shared cache in front answers them (decision 0059).
 */
export const VISITOR_COOKIE_PATH = '/api/';
const visitorCookie = createCookie(VISITOR_COOKIE, { httpOnly: true, sameSite: 'lax', path: VISITOR_COOKIE_PATH, maxAge: 60 * 60 * 24 * 365 });
const rootVisitorCookie = createCookie(VISITOR_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/' });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The visitor id a request carries. */
export async function readVisitorId(request: Request): Promise<string | undefined> {
  const value: unknown = await visitorCookie.parse(request.headers.get('cookie'));
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/** The events of one request share the id (and one Set-Cookie). */
const createdFor = new WeakMap<Request, string>();

/**
 * The visitor id of this request, creating one (and its cookie) on the first tracked visit. A
 * request outside the API never carries the cookie, so it cannot know the visitor: a flow with no
 * page (a smart-snippet feedback post, a search answered by a redirect) passes through the beacon
 * to log its event (beaconHopHref). Should one call this anyway, it gets an id of its own and no
 * cookie, which would replace the visitor's.
 */
export async function visitorIdFor(request: Request, responseHeaders: Headers, secure: boolean): Promise<string> {
  const known = createdFor.get(request) ?? (await readVisitorId(request));
  if (known) return known;
  const created = randomUUID();
  createdFor.set(request, created);
  if (new URL(request.url).pathname.startsWith(VISITOR_COOKIE_PATH)) responseHeaders.append('Set-Cookie', await visitorCookie.serialize(created, { secure }));
  return created;
}

/**
 * Visitor ids were once sent with every request (Path=/). A page request that still carries one
 * moves it under the API's path, same id, and ends the old cookie, so the visitor's next pages
 * come from the shared cache. Answers the Set-Cookie values to add (none for anyone else).
 */
export async function moveRootVisitorCookie(request: Request): Promise<string[]> {
  if (new URL(request.url).pathname.startsWith(VISITOR_COOKIE_PATH)) return [];
  const id = await readVisitorId(request);
  if (!id) return [];
  const secure = new URL(request.url).protocol === 'https:';
  return [await rootVisitorCookie.serialize('', { secure, maxAge: 0 }), await visitorCookie.serialize(id, { secure })];
}

/** Logs an event of this request for its visitor, with the fields `perVisitor` reads from the request. */
export async function sendPageEvent(args: {
  request: Request;
  context: AppLoadContext;
  responseHeaders: Headers;
  kind: AnalyticsKind;
  body: Record<string, unknown>;
  perVisitor: (header: (name: string) => string) => Record<string, unknown>;
}): Promise<void> {
  const { request, context, kind, body, perVisitor } = args;
  const visitorId = await visitorIdFor(request, args.responseHeaders, new URL(request.url).protocol === 'https:');
  context.analytics.send(kind, visitorId, { ...body, ...perVisitor((name) => request.headers.get(name) ?? '') });
}

/** REQ-ANALYTICS-4 analytics block: anonymous, or the signed-in user's name and display name. */
export function analyticsIdentity(user: { email: string; displayName: string } | null): Record<string, unknown> {
  return user ? { anonymous: false, username: user.email, userDisplayName: user.displayName } : { anonymous: true };
}
