import type { AppLoadContext } from '@remix-run/node';
import { localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { LIST_PAGE_SIZE, RECENT_DAYS, type EventDetailView, type EventListView, type EventSummary, type ItemUnavailable, type NewsArticleView, type NewsListView, type NewsSummary } from './views.ts';
import { badParameter, beyondLast, DAY, EVENTS_PATH, isoDate, ITEM_ID, itemDoc, itemId, languageFilter, NEWS_PATH, paging, readPage, select, solrPhrase, str, unavailable, type LoaderArgs, type SolrDoc } from './company.server.ts';

/** News and events: their lists (paged, upcoming and past) and each one's page on its wildcard item. */
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
