import { data, type AppLoadContext } from '@remix-run/node';
import { localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { newErrorId } from '../../../server/error-id.ts';
import type { SolrCore } from '../../../server/ports/solr.ts';
import type { RenderingLoaderArgs } from '../server-registry.server.ts';
import { log } from '~/lib/logger.server.ts';
import { LIST_PAGE_SIZE, pageHref, type ListProblem, type Paging } from './views.ts';

/**
 * The company lists (news, events, where-to-buy, plant locations), read through the Solr select
 * port (`context.solr`), and the item pages of news and events on their wildcard items. This
 * module reads Solr for them and holds what they share (paging, problems, item ids); the lists
 * are news-events.server.ts and places.server.ts.
 */
export type LoaderArgs = RenderingLoaderArgs;
export type SolrDoc = Record<string, unknown>;

export const DAY = 86_400_000;
export const NEWS_PATH = '/company/news';
export const EVENTS_PATH = '/company/events';
/** How the Solr documents name the site's languages. */
export const SOLR_LANGUAGE: Record<SiteLanguage, string> = { en: 'en', de: 'de', 'ja-jp': 'ja', zh: 'zh' };
/** Item ids are the generator's slugs: digits for news, words, digits and hyphens for events. */
export const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** More rows than the where-to-buy and locations cores hold; they are listed whole. */
export const ALL_ROWS = 1000;

export const str = (doc: SolrDoc, field: string): string => {
  const value = doc[field];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  if (typeof value === 'number') return String(value);
  return '';
};

/** Solr dates are ISO 8601 strings; an epoch number is read too. Invalid: ''. */
export function isoDate(value: unknown): string {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/** A Solr phrase: the value quoted, its quotes and backslashes escaped. */
export function solrPhrase(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

export const languageFilter = (language: SiteLanguage) => `language:${SOLR_LANGUAGE[language]}`;

export async function select(context: AppLoadContext, core: SolrCore, params: Parameters<AppLoadContext['solr']['select']>[1]) {
  return context.solr.select<SolrDoc>(core, params);
}

/**
 * The `page` parameter: absent is 1; anything but one whole number from 1 up is a bad parameter.
 * Other parameters (campaign tags) are ignored.
 */
export function readPage(url: URL): { page: number } | { problem: ListProblem } {
  const values = url.searchParams.getAll('page');
  if (values.length === 0) return { page: 1 };
  const value = values.join(',');
  if (values.length > 1 || !/^[1-9][0-9]{0,5}$/.test(value)) return { problem: { kind: 'badParameter', name: 'page', value } };
  return { page: Number(value) };
}

export function paging(base: string, page: number, total: number): Paging {
  return { page, pageCount: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)), total, base };
}

/** A page past the last is a 404 naming the last page, never an empty list answered 200. */
export function beyondLast(args: LoaderArgs, paged: Paging): ListProblem | undefined {
  if (paged.page <= paged.pageCount) return undefined;
  args.markStatus(404);
  return { kind: 'beyondLast', last: paged.pageCount, lastHref: pageHref(paged.base, paged.pageCount) };
}

export function unavailable(args: LoaderArgs, error: unknown): ListProblem {
  log('warn', 'solr', 'content list unavailable:', error instanceof Error ? error.message : error);
  args.markUnavailable();
  args.responseHeaders.set('Cache-Control', 'no-store');
  return { kind: 'unavailable' };
}

export function badParameter(args: LoaderArgs, problem: ListProblem): ListProblem {
  args.markStatus(400);
  args.responseHeaders.set('Cache-Control', 'no-store');
  return problem;
}

export function notFound(): never {
  throw data({ errorId: newErrorId() }, { status: 404 });
}

/** The id of a wildcard item page (/company/news/<id>); anything deeper or malformed is 404. */
export function itemId(args: LoaderArgs, listPath: string): string {
  const { itemPath } = args;
  const rest = itemPath.toLowerCase().startsWith(`${listPath}/`) ? itemPath.slice(listPath.length + 1) : '';
  if (!ITEM_ID.test(rest)) notFound();
  return rest;
}

/**
 * One document by its slug in the page's language; none is a 404. Solr down: undefined, the
 * rendering says so and the page is 503.
 */
export async function itemDoc(args: LoaderArgs, core: SolrCore, id: string): Promise<SolrDoc | undefined> {
  let found;
  try {
    found = await select(args.context, core, { q: '*:*', fq: [languageFilter(args.language), `slug:${solrPhrase(id)}`], rows: 1 });
  } catch (error) {
    unavailable(args, error);
    return undefined;
  }
  const doc = found.response.docs[0];
  if (!doc) notFound();
  return doc;
}

/**
 * Every news and event page of a language, and the pages of their lists, as site paths in that
 * language (for the sitemap): read from Solr as the lists are.
 */
export async function companyItemPaths(context: AppLoadContext, language: SiteLanguage): Promise<string[]> {
  const paths: string[] = [];
  for (const [core, listPath] of [
    ['news', NEWS_PATH],
    ['events', EVENTS_PATH],
  ] as const) {
    const found = await select(context, core, { q: '*:*', fq: [languageFilter(language)], fl: 'slug', rows: 10_000 });
    const base = localizedPath(language, listPath);
    const pages = Math.max(1, Math.ceil(found.response.numFound / LIST_PAGE_SIZE));
    for (let n = 1; n <= pages; n += 1) paths.push(pageHref(base, n));
    for (const doc of found.response.docs) paths.push(localizedPath(language, `${listPath}/${str(doc, 'slug')}`));
  }
  return paths;
}
