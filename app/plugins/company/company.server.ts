import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { newErrorId } from '~/lib/error-id.ts';
import type { SolrCore } from '../../../server/ports/solr.ts';
import type { RenderingLoaderArgs } from '../server-registry.server.ts';
import { log } from '~/lib/logger.server.ts';
import {
  joinAddress,
  LIST_PAGE_SIZE,
  pageHref,
  RECENT_DAYS,
  type EventDetailView,
  type EventListView,
  type EventSummary,
  type ItemUnavailable,
  type ListProblem,
  type LocationsView,
  type NewsArticleView,
  type NewsListView,
  type NewsSummary,
  type Paging,
  type PlantLocation,
  type SalesChannel,
  type WhereToBuyView,
} from './views.ts';

/**
 * The company lists (news, events, where-to-buy, plant locations), read through the Solr select
 * port (`context.solr`), and the item pages of news and events on their wildcard items.
 */

type LoaderArgs = RenderingLoaderArgs;
type SolrDoc = Record<string, unknown>;

const DAY = 86_400_000;
const NEWS_PATH = '/company/news';
const EVENTS_PATH = '/company/events';
/** How the Solr documents name the site's languages. */
const SOLR_LANGUAGE: Record<SiteLanguage, string> = { en: 'en', de: 'de', 'ja-jp': 'ja', zh: 'zh' };
/** Item ids are the generator's slugs: digits for news, words, digits and hyphens for events. */
const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
/** More rows than the where-to-buy and locations cores hold; they are listed whole. */
const ALL_ROWS = 1000;

const str = (doc: SolrDoc, field: string): string => {
  const value = doc[field];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  if (typeof value === 'number') return String(value);
  return '';
};

/** Solr dates are ISO 8601 strings; an epoch number is read too. Invalid: ''. */
function isoDate(value: unknown): string {
  const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
}

/** A Solr phrase: the value quoted, its quotes and backslashes escaped. */
export function solrPhrase(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

const languageFilter = (language: SiteLanguage) => `language:${SOLR_LANGUAGE[language]}`;

async function select(context: AppLoadContext, core: SolrCore, params: Parameters<AppLoadContext['solr']['select']>[1]) {
  return context.solr.select<SolrDoc>(core, params);
}

/**
 * The `page` parameter: absent is 1; anything but one whole number from 1 up is a bad parameter.
 * Other parameters (campaign tags) are ignored.
 */
function readPage(url: URL): { page: number } | { problem: ListProblem } {
  const values = url.searchParams.getAll('page');
  if (values.length === 0) return { page: 1 };
  const value = values.join(',');
  if (values.length > 1 || !/^[1-9][0-9]{0,5}$/.test(value)) return { problem: { kind: 'badParameter', name: 'page', value } };
  return { page: Number(value) };
}

function paging(base: string, page: number, total: number): Paging {
  return { page, pageCount: Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)), total, base };
}

/** A page past the last is a 404 naming the last page, never an empty list answered 200. */
function beyondLast(args: LoaderArgs, paged: Paging): ListProblem | undefined {
  if (paged.page <= paged.pageCount) return undefined;
  args.markStatus(404);
  return { kind: 'beyondLast', last: paged.pageCount, lastHref: pageHref(paged.base, paged.pageCount) };
}

function unavailable(args: LoaderArgs, error: unknown): ListProblem {
  log('warn', 'solr', 'content list unavailable:', error instanceof Error ? error.message : error);
  args.markUnavailable();
  args.responseHeaders.set('Cache-Control', 'no-store');
  return { kind: 'unavailable' };
}

function badParameter(args: LoaderArgs, problem: ListProblem): ListProblem {
  args.markStatus(400);
  args.responseHeaders.set('Cache-Control', 'no-store');
  return problem;
}

function notFound(): never {
  throw data({ errorId: newErrorId() }, { status: 404 });
}

/** The id of a wildcard item page (/company/news/<id>); anything deeper or malformed is 404. */
function itemId(args: LoaderArgs, listPath: string): string {
  const { itemPath } = args;
  const rest = itemPath.toLowerCase().startsWith(`${listPath}/`) ? itemPath.slice(listPath.length + 1) : '';
  if (!ITEM_ID.test(rest)) notFound();
  return rest;
}

function newsSummary(doc: SolrDoc, language: SiteLanguage, now: number): NewsSummary {
  const id = str(doc, 'slug');
  const date = isoDate(doc.date);
  const age = now - new Date(date).getTime();
  const seriesLink = str(doc, 'serieslink');
  return {
    id,
    title: str(doc, 'title'),
    date,
    recent: date !== '' && age >= 0 && age <= RECENT_DAYS * DAY,
    href: localizedPath(language, `${NEWS_PATH}/${id}`),
    ...(str(doc, 'series') && seriesLink ? { series: { code: str(doc, 'series'), href: localizedPath(language, seriesLink) } } : {}),
  };
}

export async function loadNewsList(args: LoaderArgs): Promise<NewsListView> {
  const { language, context } = args;
  const base = localizedPath(language, NEWS_PATH);
  const read = readPage(new URL(args.request.url));
  if ('problem' in read) return { kind: 'news', items: [], paging: paging(base, 1, 0), problem: badParameter(args, read.problem) };
  try {
    const found = await select(context, 'news', {
      q: '*:*',
      fq: [languageFilter(language)],
      sort: 'date desc',
      start: (read.page - 1) * LIST_PAGE_SIZE,
      rows: LIST_PAGE_SIZE,
    });
    const paged = paging(base, read.page, found.response.numFound);
    const problem = beyondLast(args, paged);
    const now = Date.now();
    return { kind: 'news', items: problem ? [] : found.response.docs.map((doc) => newsSummary(doc, language, now)), paging: paged, ...(problem ? { problem } : {}) };
  } catch (error) {
    return { kind: 'news', items: [], paging: paging(base, read.page, 0), problem: unavailable(args, error) };
  }
}

/**
 * One document by its slug in the page's language; none is a 404. Solr down: undefined, the
 * rendering says so and the page is 503.
 */
async function itemDoc(args: LoaderArgs, core: SolrCore, id: string): Promise<SolrDoc | undefined> {
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

export async function loadNewsArticle(args: LoaderArgs): Promise<NewsArticleView | ItemUnavailable> {
  const id = itemId(args, NEWS_PATH);
  const doc = await itemDoc(args, 'news', id);
  if (!doc) return { kind: 'unavailable' };
  const item = { ...newsSummary(doc, args.language, Date.now()), body: str(doc, 'body') };
  return { kind: 'newsArticle', pageTitle: item.title, item, listHref: localizedPath(args.language, NEWS_PATH) };
}

/** Start of today (UTC): an event whose last day is today is still upcoming. */
const startOfToday = (now: number) => new Date(Math.floor(now / DAY) * DAY);

function eventSummary(doc: SolrDoc, language: SiteLanguage, today: Date): EventSummary {
  const id = str(doc, 'slug');
  const end = isoDate(doc.eventenddate);
  const href = localizedPath(language, `${EVENTS_PATH}/${id}`);
  return {
    id,
    title: str(doc, 'title'),
    start: isoDate(doc.eventstartdate),
    end,
    city: str(doc, 'eventcity'),
    venue: str(doc, 'eventvenue'),
    booth: str(doc, 'eventbooth'),
    past: end !== '' && new Date(end).getTime() < today.getTime(),
    href,
    calendarHref: `${href}/calendar.ics`,
  };
}

/**
 * Upcoming events first, soonest first, then past ones, latest first: two Solr lists paged as
 * one. Page n takes its rows from the upcoming list and, past its end, from the past list.
 */
export async function loadEventList(args: LoaderArgs): Promise<EventListView> {
  const { language, context } = args;
  const base = localizedPath(language, EVENTS_PATH);
  const read = readPage(new URL(args.request.url));
  if ('problem' in read) return { kind: 'events', items: [], paging: paging(base, 1, 0), problem: badParameter(args, read.problem) };
  const today = startOfToday(Date.now());
  const upcomingFilter = `eventenddate:[${today.toISOString()} TO *]`;
  const pastFilter = `eventenddate:[* TO ${today.toISOString()}}`;
  try {
    const first = (read.page - 1) * LIST_PAGE_SIZE;
    const upcoming = await select(context, 'events', { q: '*:*', fq: [languageFilter(language), upcomingFilter], sort: 'eventstartdate asc', start: first, rows: LIST_PAGE_SIZE });
    const upcomingCount = upcoming.response.numFound;
    const pastStart = Math.max(0, first - upcomingCount);
    const pastRows = LIST_PAGE_SIZE - upcoming.response.docs.length;
    const past = await select(context, 'events', { q: '*:*', fq: [languageFilter(language), pastFilter], sort: 'eventstartdate desc', start: pastStart, rows: pastRows });
    const paged = paging(base, read.page, upcomingCount + past.response.numFound);
    const problem = beyondLast(args, paged);
    const docs = problem ? [] : [...upcoming.response.docs, ...(pastRows > 0 ? past.response.docs : [])];
    return { kind: 'events', items: docs.map((doc) => eventSummary(doc, language, today)), paging: paged, ...(problem ? { problem } : {}) };
  } catch (error) {
    return { kind: 'events', items: [], paging: paging(base, read.page, 0), problem: unavailable(args, error) };
  }
}

export async function loadEventDetail(args: LoaderArgs): Promise<EventDetailView | ItemUnavailable> {
  const id = itemId(args, EVENTS_PATH);
  const doc = await itemDoc(args, 'events', id);
  if (!doc) return { kind: 'unavailable' };
  const item = { ...eventSummary(doc, args.language, startOfToday(Date.now())), body: str(doc, 'body') };
  return { kind: 'event', pageTitle: item.title, item, listHref: localizedPath(args.language, EVENTS_PATH) };
}

/** The event of a calendar download, in the language of its address; undefined when there is none. */
export async function findEvent(context: AppLoadContext, language: SiteLanguage, id: string): Promise<(EventSummary & { body: string }) | undefined> {
  if (!ITEM_ID.test(id)) return undefined;
  const found = await select(context, 'events', { q: '*:*', fq: [languageFilter(language), `slug:${solrPhrase(id)}`], rows: 1 });
  const doc = found.response.docs[0];
  return doc ? { ...eventSummary(doc, language, startOfToday(Date.now())), body: str(doc, 'body') } : undefined;
}

function salesChannel(doc: SolrDoc): SalesChannel & { regionCode: string; countryCode: string } {
  return {
    anchor: str(doc, 'slug'),
    name: str(doc, 'name'),
    kind: str(doc, 'kind') === 'salesoffice' ? 'salesoffice' : 'distributor',
    region: str(doc, 'region'),
    regionCode: str(doc, 'regioncode'),
    country: str(doc, 'country'),
    countryCode: str(doc, 'countrycode'),
    address: joinAddress(['companyaddress_t', 'companycity_t', 'companystate_t', 'companyzip_t', 'companycountry_t'].map((field) => str(doc, field))),
    phone: str(doc, 'phone'),
    email: str(doc, 'email'),
    url: str(doc, 'url'),
  };
}

/** One filter value from the query: absent or empty is "all"; several values are a bad parameter. */
function readChoice(url: URL, name: string): { value: string } | { problem: ListProblem } {
  const values = url.searchParams.getAll(name);
  if (values.length > 1) return { problem: { kind: 'badParameter', name, value: values.join(',') } };
  return { value: (values[0] ?? '').trim() };
}

const WHERE_TO_BUY_PATH = '/company/where-to-buy';

/**
 * Distributors and sales offices by region and country. `region` and `country` (codes, the same
 * in every language) filter through Solr; the choices come from every entry of the language.
 */
export async function loadWhereToBuy(args: LoaderArgs): Promise<WhereToBuyView> {
  const { language, context } = args;
  const url = new URL(args.request.url);
  const base = localizedPath(language, WHERE_TO_BUY_PATH);
  // The form sends "all" as an empty value: answered with the address that leaves it out.
  const empty = ['region', 'country'].filter((name) => url.searchParams.getAll(name).some((value) => value.trim() === ''));
  if (empty.length) {
    const clean = new URLSearchParams([...url.searchParams].filter(([name, value]) => !(empty.includes(name) && value.trim() === '')));
    throw redirect(clean.size ? `${base}?${clean.toString()}` : base);
  }
  const region = readChoice(url, 'region');
  const country = readChoice(url, 'country');
  const selected = { region: 'value' in region ? region.value : '', country: 'value' in country ? country.value : '' };
  const view = (fields: Partial<WhereToBuyView>): WhereToBuyView => ({ kind: 'whereToBuy', regions: [], selected, groups: [], total: 0, base, ...fields });
  if ('problem' in region) return view({ problem: badParameter(args, region.problem) });
  if ('problem' in country) return view({ problem: badParameter(args, country.problem) });
  const collator = new Intl.Collator(LANGUAGES[language].tag);
  let regions: WhereToBuyView['regions'];
  try {
    const every = await select(context, 'wheretobuy', { q: '*:*', fq: [languageFilter(language)], fl: 'region,regioncode,country,countrycode', rows: ALL_ROWS });
    const byRegion = new Map<string, { code: string; name: string; countries: Map<string, string> }>();
    for (const doc of every.response.docs) {
      const code = str(doc, 'regioncode');
      let entry = byRegion.get(code);
      if (!entry) byRegion.set(code, (entry = { code, name: str(doc, 'region'), countries: new Map() }));
      entry.countries.set(str(doc, 'countrycode'), str(doc, 'country'));
    }
    regions = [...byRegion.values()]
      .map((entry) => ({ code: entry.code, name: entry.name, countries: [...entry.countries].map(([code, name]) => ({ code, name })).sort((a, b) => collator.compare(a.name, b.name)) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  } catch (error) {
    return view({ problem: unavailable(args, error) });
  }
  // A value that is none of the choices is named on the page (400), never silently dropped.
  if (selected.region && !regions.some((r) => r.code === selected.region)) return view({ regions, problem: badParameter(args, { kind: 'badParameter', name: 'region', value: selected.region }) });
  if (selected.country && !regions.some((r) => r.countries.some((c) => c.code === selected.country))) {
    return view({ regions, problem: badParameter(args, { kind: 'badParameter', name: 'country', value: selected.country }) });
  }
  const fq = [languageFilter(language)];
  if (selected.region) fq.push(`regioncode:${solrPhrase(selected.region)}`);
  if (selected.country) fq.push(`countrycode:${solrPhrase(selected.country)}`);
  let shown: ReturnType<typeof salesChannel>[];
  try {
    shown = (await select(context, 'wheretobuy', { q: '*:*', fq, rows: ALL_ROWS })).response.docs.map(salesChannel);
  } catch (error) {
    return view({ regions, problem: unavailable(args, error) });
  }
  // Our own sales office before the distributors of its country.
  shown.sort((a, b) => collator.compare(a.region, b.region) || collator.compare(a.country, b.country) || (a.kind === b.kind ? 0 : a.kind === 'salesoffice' ? -1 : 1) || collator.compare(a.name, b.name));
  const groups: WhereToBuyView['groups'] = [];
  for (const { regionCode: _r, countryCode: _c, ...channel } of shown) {
    let group = groups.at(-1);
    if (group?.region !== channel.region) groups.push((group = { region: channel.region, countries: [] }));
    let byCountry = group.countries.at(-1);
    if (byCountry?.country !== channel.country) group.countries.push((byCountry = { country: channel.country, channels: [] }));
    byCountry.channels.push({ ...channel, url: channel.url.startsWith('/') ? localizedPath(language, channel.url) : channel.url });
  }
  return view({ regions, groups, total: shown.length });
}

export async function loadLocations(args: LoaderArgs): Promise<LocationsView> {
  const { language, context } = args;
  try {
    const found = await select(context, 'locations', { q: '*:*', fq: [languageFilter(language)], rows: ALL_ROWS });
    const collator = new Intl.Collator(LANGUAGES[language].tag);
    const locations: PlantLocation[] = found.response.docs.map((doc) => ({
      anchor: str(doc, 'slug'),
      name: str(doc, 'plantlocationname'),
      city: str(doc, 'city'),
      region: str(doc, 'region'),
      country: str(doc, 'country'),
      resourceUrl: str(doc, 'resourceurl').startsWith('/') ? localizedPath(language, str(doc, 'resourceurl')) : str(doc, 'resourceurl'),
    }));
    locations.sort((a, b) => collator.compare(a.region, b.region) || collator.compare(a.country, b.country) || collator.compare(a.name, b.name));
    const groups: LocationsView['groups'] = [];
    for (const location of locations) {
      let group = groups.at(-1);
      if (group?.region !== location.region) groups.push((group = { region: location.region, locations: [] }));
      group.locations.push(location);
    }
    return { kind: 'locations', groups };
  } catch (error) {
    return { kind: 'locations', groups: [], problem: unavailable(args, error) };
  }
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
