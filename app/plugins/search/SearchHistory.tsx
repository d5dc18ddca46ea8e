import { Link } from '@remix-run/react';
import type { Translate } from '~/cms/use-site-shell.ts';
import type { RecentResult } from './recent.ts';

/** What the visitor's cookies add to the search page (SPEC 4): their recent queries and opened results. */
export interface SearchHistoryValues {
  recent: string[];
  /** Results this visitor opened, newest first; none for a visitor who asked not to be tracked. */
  recentResults: RecentResult[];
}

/**
 * The search page's personal slot (decision 0035): a copy of the page is cut around this element
 * and each visitor gets it rendered from their own cookies (search-history.server.tsx), so it must
 * depend on nothing but its props, and its wrapper is there even when it is empty.
 */
export function SearchHistory({ history, queryHref, t }: { history: SearchHistoryValues; queryHref: (query: string) => string; t: Translate }) {
  return (
    <div className="search-history">
      {history.recentResults.length ? (
        <nav className="recent-queries" aria-label={t('search.recentResults')}>
          <h2>{t('search.recentResults')}</h2>
          <ul>
            {history.recentResults.map((result) => (
              <li key={result.uniqueId}>
                <a href={result.clickUri}>{result.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {history.recent.length ? (
        <nav className="recent-queries" aria-label={t('search.recent')}>
          <h2>{t('search.recent')}</h2>
          <ul>
            {history.recent.map((query) => (
              <li key={query}>
                <Link to={queryHref(query)}>{query}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
