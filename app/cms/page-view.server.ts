import type { AppLoadContext } from '@remix-run/node';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { getSessionUser } from '~/auth/session.server.ts';
import { analyticsIdentity, sendPageEvent, trackingAllowed } from '~/lib/analytics.server.ts';
import { text, type TextField } from './fields.ts';
import { LANGUAGES, type SiteLanguage } from './language.ts';
import { pageViewRecord } from './page-view.ts';

/** Route fields that feed the record when a page has them (product pages carry the levels). */
const LEVEL_FIELDS = {
  L1: 'levelonecategory',
  L2: 'leveltwocategory',
  L3: 'levelthreecategory',
  L4: 'levelfourcategory',
  L5: 'levelfivecategory',
  L6: 'series',
  'L6.5': 'seriesvariant',
  L7: 'partnumber',
} as const;

export interface PageVisit {
  request: Request;
  context: AppLoadContext;
  responseHeaders: Headers;
  language: SiteLanguage;
  itemPath: string;
  route: RouteData;
  /** Levels computed by a rendering; they win over the route's own level fields. */
  levels?: Partial<Record<keyof typeof LEVEL_FIELDS, string>>;
}

/**
 * Logs the SPEC 3 page-view record as a usage-analytics view event. A Remix data request for the
 * page the visitor is already on (a search refinement, say) is not a new page view.
 */
export async function logPageView({ request, context, responseHeaders, language, itemPath, route, levels }: PageVisit): Promise<void> {
  if (!trackingAllowed(request)) return;
  const url = new URL(request.url);
  const referer = request.headers.get('referer') ?? '';
  if (url.searchParams.has('_data') && URL.canParse(referer) && new URL(referer).pathname === url.pathname) return;
  const fields = (route.fields ?? {}) as Record<string, TextField | undefined>;
  const field = (name: string) => text(fields[name]);
  const user = await getSessionUser(request, context);
  const record = pageViewRecord({
    user_id: user?.id,
    user_type: user?.type,
    site_section: itemPath.split('/').filter(Boolean)[0] ?? 'home',
    content_type: route.templateName ?? field('contentType'),
    language: LANGUAGES[language].tag,
    ...Object.fromEntries(Object.entries(LEVEL_FIELDS).map(([level, name]) => [level, levels?.[level as keyof typeof LEVEL_FIELDS] ?? field(name)])),
    product_technology: field('producttechnologies'),
    business_unit: field('businessUnit'),
  });
  url.searchParams.delete('_data');
  await sendPageEvent({
    request,
    context,
    responseHeaders,
    kind: 'view',
    perVisitor: (header) => ({ referrer: header('referer') }),
    body: {
      language: record.language,
      location: url.toString(),
      title: field('pageTitle') || route.displayName || route.name,
      contentIdKey: '@clickableuri',
      contentIdValue: `${url.origin}${url.pathname}`,
      contentType: record.content_type,
      ...analyticsIdentity(user),
      customData: record,
    },
  });
}
