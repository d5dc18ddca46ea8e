import type { Translate } from '~/cms/use-site-shell.ts';
import { laterVisitorIdOf } from '~/lib/analytics.server.ts';
import { RECENT_QUERIES_COOKIE, VISITOR_COOKIE } from '~/lib/copyable-cookies.ts';
import type { PageCopyRecorder } from '~/load-context.ts';
import { laterRecentQueries, writeRecentQueries, writeRecentQueriesNow } from './recent-cookie.server.ts';
import { openedResultsHere } from './recent-results.server.ts';
import type { SearchHistoryValues } from './SearchHistory.tsx';

/** React's escaping of text and attribute values on the server (escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
const escape = (text: string) => text.replace(/["&'<>]/g, (match) => ESCAPES[match]!);

/**
 * SearchHistory's HTML, as React renders it, for each returning visitor served a copy of the search
 * page (decision 0035). React's renderToString cost a fifth of such a response; this costs a few
 * microseconds. A unit test holds the two equal (tests/unit/search-history.test.tsx), and the page
 * cache uses a copy for visitors with cookies only when the copy's own slot, rendered here, is
 * found in the page React rendered.
 */
export function searchHistoryHtml(history: SearchHistoryValues, queryHref: (query: string) => string, t: Translate): string {
  let html = '<div class="search-history">';
  if (history.recentResults.length) {
    const label = escape(t('search.recentResults'));
    html += `<nav class="recent-queries" aria-label="${label}"><h2>${label}</h2><ul>`;
    for (const result of history.recentResults) html += `<li><a href="${escape(result.clickUri)}">${escape(result.title)}</a></li>`;
    html += '</ul></nav>';
  }
  if (history.recent.length) {
    const label = escape(t('search.recent'));
    html += `<nav class="recent-queries" aria-label="${label}"><h2>${label}</h2><ul>`;
    // Remix's Link: an <a> marked for route discovery.
    for (const query of history.recent) html += `<li><a data-discover="true" href="${escape(queryHref(query))}">${escape(query)}</a></li>`;
    html += '</ul></nav>';
  }
  return `${html}</div>`;
}

/**
 * What a copy of the search page redoes for each visitor served it (decision 0035): their recent
 * queries with this one remembered, written back to their cookie, and the results they opened,
 * in the page's history slot.
 */
export function repeatSearchHistory(
  pageCopy: PageCopyRecorder,
  page: {
    history: SearchHistoryValues;
    /** The recent queries after this search, from the visitor's previous ones. */
    remember: (previous: string[]) => string[];
    tracking: boolean;
    secure: boolean;
    queryHref: (query: string) => string;
    t: Translate;
  },
): void {
  const { remember, tracking, secure, queryHref, t } = page;
  pageCopy.personalCookie(RECENT_QUERIES_COOKIE);
  pageCopy.forEachLaterVisitor(
    (visit) => {
      const before = laterRecentQueries(visit);
      const after = remember(before);
      if (after.join('\n') === before.join('\n')) return undefined;
      const cookie = writeRecentQueriesNow(after, secure);
      if (cookie !== undefined) return visit.setCookie(cookie);
      return writeRecentQueries(after, secure).then((written) => visit.setCookie(written));
    },
    [RECENT_QUERIES_COOKIE],
  );
  pageCopy.personalSlot<SearchHistoryValues>({
    cookies: [RECENT_QUERIES_COOKIE, VISITOR_COOKIE],
    values: page.history,
    dataKey: 'history',
    valuesFor: (visit) => ({ recent: remember(laterRecentQueries(visit)), recentResults: tracking ? openedResultsHere(laterVisitorIdOf(visit)) : [] }),
    html: (values) => searchHistoryHtml(values, queryHref, t),
  });
}
