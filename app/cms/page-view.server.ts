import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';
import type { ViewBeacon } from '~/lib/page-beacon.server.ts';
import { text, type TextField } from './fields.ts';
import { LANGUAGES, type SiteLanguage } from './language.ts';
import { NOT_PROVIDED, pageViewRecord } from './page-view.ts';

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
  language: SiteLanguage;
  itemPath: string;
  route: RouteData;
  /** Levels computed by a rendering; they win over the route's own level fields. */
  levels?: Partial<Record<keyof typeof LEVEL_FIELDS, string>>;
}

/**
 * The REQ-ANALYTICS-1 page-view record of a page, for its beacon (decision 0049): what every visitor of the
 * page shares. Who the visitor is (user id and type, visitor id) the beacon's endpoint adds.
 */
export function pageViewBeacon({ request, language, itemPath, route, levels }: PageVisit): ViewBeacon {
  const url = new URL(request.url);
  const fields = (route.fields ?? {}) as Record<string, TextField | undefined>;
  const field = (name: string) => text(fields[name]);
  const { user_id: _user, user_type: _type, ...record } = pageViewRecord({
    site_section: itemPath.split('/').filter(Boolean)[0] ?? 'home',
    content_type: route.templateName ?? field('contentType'),
    language: LANGUAGES[language].tag,
    ...Object.fromEntries(Object.entries(LEVEL_FIELDS).map(([level, name]) => [level, levels?.[level as keyof typeof LEVEL_FIELDS] ?? field(name)])),
    product_technology: field('producttechnologies'),
    business_unit: field('businessUnit'),
  });
  return {
    language: record.language,
    location: `${url.pathname}${url.search}`,
    title: field('pageTitle') || route.displayName || route.name,
    contentType: record.content_type,
    // The beacon sits twice in the page (its image and the page data): only what the page provides.
    record: Object.fromEntries(Object.entries(record).filter(([, value]) => value !== NOT_PROVIDED)),
  };
}
