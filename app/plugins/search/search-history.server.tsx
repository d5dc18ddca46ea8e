import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import type { Translate } from '~/cms/use-site-shell.ts';
import { SearchHistory, type SearchHistoryValues } from './SearchHistory.tsx';

/**
 * The search history slot's HTML as the page renders it, for a copy of the page served to a
 * returning visitor (decision 0035). Remix's Link needs a router; its links are absolute paths, so
 * a memory router renders them as the page's own router does. The page cache checks the result
 * against the copy it cuts (the slot is found there exactly once) before serving it to anyone.
 */
export function renderSearchHistory(history: SearchHistoryValues, queryHref: (query: string) => string, t: Translate): string {
  return renderToString(
    <MemoryRouter>
      <SearchHistory history={history} queryHref={queryHref} t={t} />
    </MemoryRouter>,
  );
}
