import type { Translate } from '~/cms/use-site-shell.ts';
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
