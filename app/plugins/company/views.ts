/**
 * What the company lists (news, events, where-to-buy, plant locations) hand their components.
 * Shared by the server and the browser: data shapes and the paging rule only.
 */

/** Rows a news or events page shows. */
export const LIST_PAGE_SIZE = 12;

/** An item is "recent" for this long after its date. */
export const RECENT_DAYS = 30;

/** A list's paging: the page shown, the last one and the address of any page. */
export interface Paging {
  page: number;
  pageCount: number;
  total: number;
  /** The list's own address (page 1); page n is `${base}?page=n`. */
  base: string;
}

export const pageHref = (base: string, page: number) => (page <= 1 ? base : `${base}?page=${page}`);

/**
 * Why a list shows no rows: a parameter it cannot read (400), a page past the last (404, linking
 * to the last one), the content service down (503 when the page has nothing else).
 */
export type ListProblem =
  | { kind: 'badParameter'; name: string; value: string }
  | { kind: 'beyondLast'; lastHref: string; last: number }
  | { kind: 'unavailable' };

export interface NewsSummary {
  id: string;
  title: string;
  /** ISO 8601. */
  date: string;
  recent: boolean;
  href: string;
  series?: { code: string; href: string };
}

export interface NewsListView {
  kind: 'news';
  items: NewsSummary[];
  paging: Paging;
  problem?: ListProblem;
}

export interface NewsArticleView {
  kind: 'newsArticle';
  pageTitle: string;
  item: NewsSummary & { body: string };
  listHref: string;
}

/** An item page whose content service is down (the page answers 503). */
export interface ItemUnavailable {
  kind: 'unavailable';
}

export interface EventSummary {
  id: string;
  title: string;
  /** First and last day, ISO 8601 (all-day: the time of day means nothing). */
  start: string;
  end: string;
  city: string;
  venue: string;
  booth: string;
  past: boolean;
  href: string;
  calendarHref: string;
}

export interface EventListView {
  kind: 'events';
  items: EventSummary[];
  paging: Paging;
  problem?: ListProblem;
}

export interface EventDetailView {
  kind: 'event';
  pageTitle: string;
  item: EventSummary & { body: string };
  listHref: string;
}

export interface SalesChannel {
  /** The anchor of the entry on the page (/company/where-to-buy#<anchor>). */
  anchor: string;
  name: string;
  kind: 'distributor' | 'salesoffice';
  region: string;
  country: string;
  /** The company address on one line: street, city, state, postcode, country, skipping empty parts. */
  address: string;
  phone: string;
  email: string;
  /** A site path (our own office: the contact page) or the distributor's website. */
  url: string;
}

/** A filter choice: the code in the address (the same in every language) and its name here. */
export interface Choice {
  code: string;
  name: string;
}

export interface WhereToBuyView {
  kind: 'whereToBuy';
  /** Every region with its countries: the filter's choices. */
  regions: Array<Choice & { countries: Choice[] }>;
  /** The codes asked for ('' for all). */
  selected: { region: string; country: string };
  /** The entries shown, by region then country. */
  groups: Array<{ region: string; countries: Array<{ country: string; channels: SalesChannel[] }> }>;
  total: number;
  /** The page without filters. */
  base: string;
  problem?: ListProblem;
}

export interface PlantLocation {
  /** The anchor the search index links to (/company/locations#<anchor>). */
  anchor: string;
  name: string;
  city: string;
  region: string;
  country: string;
  /** The plant's own address on the site (its entry on this page), in the page's language. */
  resourceUrl: string;
}

export interface LocationsView {
  kind: 'locations';
  groups: Array<{ region: string; locations: PlantLocation[] }>;
  problem?: ListProblem;
}

/** Street, city, state, postcode, country on one line, empty parts left out. */
export function joinAddress(parts: ReadonlyArray<unknown>): string {
  return parts
    .map((part) => (typeof part === 'string' ? part.trim() : ''))
    .filter(Boolean)
    .join(', ');
}
