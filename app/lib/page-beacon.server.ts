import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { getSessionUser } from '~/auth/session.server.ts';
import { pageViewRecord, PAGE_VIEW_FIELDS } from '~/cms/page-view.ts';
import { rememberQuery } from '~/plugins/search/recent.ts';
import { readRecentQueries, writeRecentQueries } from '~/plugins/search/recent-cookie.server.ts';
import { analyticsIdentity, trackingAllowed, visitorIdFor } from './analytics.server.ts';
import { BEACON_PATH } from './page-beacon.ts';
import { facetStateOf } from '~/plugins/search/analytics.server.ts';
import { sameSitePath } from './same-site-path.ts';
import { beaconLanguage as language, beaconShort as short, searchSchema, type SearchBeacon } from './search-beacon.ts';

/**
 * The analytics record of a page, carried by a request the browser makes itself (decision 0049):
 * an image without JavaScript, navigator.sendBeacon with it. The page holds nothing of its visitor,
 * so a shared cache may serve it, and each visit (a cache hit too) still reaches this endpoint,
 * which adds who the visitor is (visitor id, session, user agent) and honours DNT and Sec-GPC.
 */


/** The page-view record without the visitor's own fields (user_id, user_type: the endpoint's). */
const PAGE_FIELDS = PAGE_VIEW_FIELDS.filter((field) => field !== 'user_id' && field !== 'user_type');
const viewSchema = z.strictObject({
  language,
  /** Path and query of the page. */
  location: z.string().max(4000).regex(/^\/(?!\/)/, 'must be a path on this site'),
  title: z.string().max(500),
  contentType: short,
  /** The fields the page provides ('not provided' ones left out: the endpoint fills them in). */
  record: z.strictObject(Object.fromEntries(PAGE_FIELDS.map((field) => [field, z.string().max(500).optional()])) as Record<(typeof PAGE_FIELDS)[number], z.ZodOptional<z.ZodString>>),
});
export type { SearchBeacon };
export type ViewBeacon = z.infer<typeof viewSchema>;


/** The page the visitor came from, as the beacon takes it. */
const refSchema = z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(4000)]);

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/** The beacon's address for a page: its view, and the search it ran (search pages). */
export function beaconHref(view: ViewBeacon, search?: SearchBeacon): string {
  const params = new URLSearchParams({ view: encode(view) });
  if (search) params.set('search', encode(search));
  return `${BEACON_PATH}?${params}`;
}

/**
 * The beacon as a stop on the way to `next`, for a flow that has no page of its own to carry it:
 * a search a redirect trigger answers, a smart-snippet feedback post. The visitor's cookie is sent
 * only to /api/, so only there does the event join the visitor's other events; the beacon logs it
 * and sends the browser on with 303.
 */
export function beaconHopHref(search: SearchBeacon, next: string, ref?: string): string {
  const params = new URLSearchParams({ search: encode(search), next });
  // The Referer is the browser's: one the beacon would refuse is left out, not a 400 for the visitor.
  if (ref && refSchema.safeParse(ref).success) params.set('ref', ref);
  return `${BEACON_PATH}?${params}`;
}

const encoded = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .max(8000)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')
    .transform((text, ctx) => {
      try {
        return JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A beacon's query: the page view, the search, and with JavaScript the page's own referrer. */
export const beaconQuerySchema = z
  .strictObject({
    view: encoded(viewSchema).optional(),
    search: encoded(searchSchema).optional(),
    ref: refSchema.optional(),
    /** Where a hop goes on to (beaconHopHref): a path on this site. */
    // As a browser would follow it: the path, unchanged by the URL parser (no tab, newline or `\`).
    next: z
      .string()
      .max(4000)
      .refine((path) => sameSitePath(path) === path, 'must be a path on this site')
      .optional(),
  })
  .refine((query) => query.view || query.search, 'names no event (view or search)');

/** A transparent 1×1 GIF: what the image beacon shows. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Answers a beacon (GET from an image, POST from sendBeacon): never cached, never shared. */
export async function answerBeacon(request: Request, context: AppLoadContext): Promise<Response> {
  const url = new URL(request.url);
  const parsed = beaconQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const message = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'query'}: ${issue.message}`).join('\n');
    return new Response(`${message}\n`, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  }
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  const { next } = parsed.data;
  // A beacon from another site could be forged to skew the figures: only our own pages count. A
  // hop is the visitor's own navigation, and one typed in the address bar has no site ('none').
  const site = request.headers.get('sec-fetch-site');
  const ours = !site || site === 'same-origin' || (next !== undefined && site === 'none' && request.headers.get('sec-fetch-mode') === 'navigate');
  if (ours) await recordPageEvents(request, context, parsed.data, headers);
  if (next !== undefined) {
    headers.set('Location', next);
    return new Response(null, { status: 303, headers });
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    headers.set('Content-Type', 'image/gif');
    return new Response(request.method === 'HEAD' ? null : PIXEL, { status: 200, headers });
  }
  return new Response(null, { status: 204, headers });
}

/**
 * What a beacon does for its visitor: their recent queries, and unless they asked not to be
 * tracked, the events with their visitor id (set in `headers` on their first tracked visit).
 */
export async function recordPageEvents(request: Request, context: AppLoadContext, beacon: { view?: ViewBeacon; search?: SearchBeacon; ref?: string }, headers: Headers) {
  const url = new URL(request.url);
  const secure = url.protocol === 'https:';
  const { view, search, ref = '' } = beacon;
  // Recent queries are the visitor's own convenience, not analytics: kept under DNT too (REQ-BOX-5).
  if (search) {
    const previous = await readRecentQueries(request);
    const recent = rememberQuery(previous, search.query, search.found);
    if (recent.join('\n') !== previous.join('\n')) headers.append('Set-Cookie', await writeRecentQueries(recent, secure));
  }
  if (!trackingAllowed(request)) return;
  const visitorId = await visitorIdFor(request, headers, secure);
  const user = await getSessionUser(request, context);
  const identity = analyticsIdentity(user);
  const userAgent = request.headers.get('user-agent') ?? '';
  if (view) {
    const location = new URL(view.location, url.origin);
    context.analytics.send('view', visitorId, {
      language: view.language,
      location: location.toString(),
      referrer: ref,
      title: view.title,
      contentIdKey: '@clickableuri',
      contentIdValue: `${location.origin}${location.pathname}`,
      contentType: view.contentType,
      ...identity,
      customData: pageViewRecord({ ...view.record, user_id: user?.id, user_type: user?.type }),
    });
  }
  if (search?.kind === 'search') {
    const { selected, ...body } = search.body;
    context.analytics.send('search', visitorId, { ...body, facetState: facetStateOf(selected), ...identity, userAgent, originLevel3: ref });
  } else if (search) {
    context.analytics.send('custom', visitorId, { ...search.body, ...identity, userAgent, originLevel3: ref });
  }
}
