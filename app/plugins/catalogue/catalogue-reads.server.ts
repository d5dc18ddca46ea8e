import { data, type AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { newErrorId } from '../../../server/error-id.ts';
import { allOf, fieldIs } from '~/search-api/query-expression.server.ts';
import { searchCatalogue, type SearchApiResult } from './search-api.server.ts';
import type { CategoryNode } from './taxonomy.server.ts';
import type { ChoiceField, Crumb, PartSummary, PageLevels } from './view-types.ts';

const CHOICE_FIELDS: ChoiceField[] = ['fusespeed', 'polarity', 'contactform', 'lifecycle', 'aecq'];

/** What every catalogue view reads the same way: parts from the Search API's results, a category's breadcrumbs and filter. */
export const PRODUCT = fieldIs('objecttype', 'Product');

export function notFound(): never {
  throw data({ errorId: newErrorId() }, { status: 404 });
}

export function partOf(result: SearchApiResult, language: SiteLanguage): PartSummary {
  const raw = result.raw;
  const values: Record<string, number> = {};
  for (const [field, value] of Object.entries(raw)) if (typeof value === 'number' && field !== 'date' && field !== 'size') values[field] = value;
  const str = (field: string) => (typeof raw[field] === 'string' ? (raw[field] as string) : '');
  return {
    partNumber: str('partnumber') || result.title,
    href: localizedPath(language, str('clickableuri') || result.clickUri),
    series: str('series'),
    seriesHref: localizedPath(language, str('serieslink')),
    description: str('shortdescription'),
    inStock: raw.checkstock === true,
    sample: raw.isparteligibleforsample === true,
    l2: str('leveltwocategory'),
    package: str('package'),
    packageDisplay: str('packagedisplayname') || str('package'),
    image: str('productimageurl'),
    datasheet: str('datasheeturl'),
    values,
    choices: Object.fromEntries(CHOICE_FIELDS.filter((field) => str(field)).map((field) => [field, str(field)])),
  };
}

/** The levels below "Products" (the component names the root in the visitor's language). */
export function crumbsFor(nodes: CategoryNode[], language: SiteLanguage): Crumb[] {
  return [...nodes.map((node) => ({ name: node.name, href: localizedPath(language, node.path) }))];
}

export function categoryAq(nodes: CategoryNode[]): string {
  const fields = ['levelonecategory', 'leveltwocategory', 'levelthreecategory'];
  return allOf(...nodes.map((node, i) => fieldIs(fields[i]!, node.indexName)));
}

/** REQ-ANALYTICS-1 page-view analytics: L1 to L6, L6.5 and L7; a missing level is 'not provided'. */
export function pageLevels(levels: Array<string | undefined>): PageLevels {
  const names = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L6.5', 'L7'] as const;
  return Object.fromEntries(names.map((name, i) => [name, levels[i] || 'not provided'])) as PageLevels;
}

export async function fetchParts(partNumbers: string[], language: SiteLanguage, context: AppLoadContext, request: Request): Promise<PartSummary[]> {
  if (partNumbers.length === 0) return [];
  const result = await searchCatalogue(context, { aq: allOf(PRODUCT, fieldIs('partnumber', partNumbers)), numberOfResults: partNumbers.length, locale: LANGUAGES[language].tag }, request);
  const found = new Map(result.results.map((r) => [String(r.raw.partnumber ?? r.title).toUpperCase(), partOf(r, language)]));
  return partNumbers.map((pn) => found.get(pn)).filter((p): p is PartSummary => Boolean(p));
}
