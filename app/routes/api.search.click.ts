import type { ActionFunctionArgs } from '@remix-run/node';
import { readVisitorId, trackingAllowed } from '~/lib/analytics.server.ts';
import { clickBeaconSchema } from '~/plugins/search/click.schema.ts';
import { recentResultsKeyFor } from '~/plugins/search/recent-cookie.server.ts';
import { recordOpenedResult } from '~/plugins/search/recent-results.server.ts';

const noContent = (headers?: Headers) => new Response(null, { status: 204, headers });

/**
 * POST /api/search/click?...: a result link's ping (or a beacon sent by script). Logs Coveo's
 * documentOpen click event for the visitor; answers 204 whatever happens, as a beacon expects,
 * except 400 for a malformed beacon and 405 for anything but POST.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } });
  const parsed = clickBeaconSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return new Response(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'), { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  // A beacon from another site could be forged to skew the figures: only our own pages count.
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return noContent();
  if (!trackingAllowed(request)) return noContent();
  const visitorId = await readVisitorId(request);
  if (!visitorId) return noContent();
  const beacon = parsed.data;
  const headers = new Headers();
  await recordOpenedResult(context.shared, await recentResultsKeyFor(request, headers), { uniqueId: beacon.id, title: beacon.title, clickUri: beacon.uri });
  context.analytics.send('click', visitorId, {
    language: beacon.lang,
    userAgent: request.headers.get('user-agent') ?? '',
    originContext: 'Search',
    originLevel1: 'default',
    originLevel2: beacon.tab,
    originLevel3: request.headers.get('ping-from') ?? request.headers.get('referer') ?? '',
    actionCause: 'documentOpen',
    actionType: 'document',
    searchQueryUid: beacon.uid,
    documentPosition: beacon.pos,
    documentTitle: beacon.title,
    documentUri: beacon.uri,
    documentUriHash: beacon.hash,
    documentUrl: beacon.uri,
    sourceName: beacon.src,
    anonymous: true,
    customData: { contentIDKey: 'permanentid', contentIDValue: beacon.pid },
  });
  return noContent(headers);
}

export function loader() {
  return new Response('Method not allowed', { status: 405, headers: { Allow: 'POST' } });
}
