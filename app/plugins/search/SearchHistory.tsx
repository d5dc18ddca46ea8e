import { Link } from '@remix-run/react';
import type { Translate } from '~/cms/use-site-shell.ts';
import type { RecentResult } from './recent.ts';

/** What the visitor's cookies add to the search page (REQ-BOX-5, REQ-BOX-6): their recent queries and opened results. */
export interface SearchHistoryValues {
  recent: string[];
  /** Results this visitor opened, newest first; none for a visitor who asked not to be tracked. */
  recentResults: RecentResult[];
}

/**
 * The visitor's recent queries and opened results (REQ-BOX-5, REQ-BOX-6), from their cookies: a page that shows
 * any is the visitor's own and answered privately (decision 0049).
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
