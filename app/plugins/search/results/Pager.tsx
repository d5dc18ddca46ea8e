import { Link } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { SearchUrlState } from '../url-state.ts';
import { useHref } from './search-page-parts.tsx';

function pagesAround(current: number, last: number): number[] {
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  return [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
}

/** The result pages around the current one, with previous and next (none for a single page). */
export function Pager({ state, last, onPage }: { state: SearchUrlState; last: number; /** Called as a page link is followed: the page moves focus to the new results. */ onPage?: () => void }) {
  const t = useTranslate();
  const href = useHref();
  if (last <= 1) return null;
  return (
    <nav className="pager" aria-label={t('search.pages')}>
      {state.page > 1 ? (
        <Link to={href({ ...state, page: state.page - 1 })} rel="prev" onClick={onPage}>
          {t('search.previous')}
        </Link>
      ) : null}
      {pagesAround(state.page, last).map((page) => (
        <Link key={page} to={href({ ...state, page })} aria-current={page === state.page ? 'page' : undefined} onClick={onPage}>
          {page}
        </Link>
      ))}
      {state.page < last ? (
        <Link to={href({ ...state, page: state.page + 1 })} rel="next" onClick={onPage}>
          {t('search.next')}
        </Link>
      ) : null}
    </nav>
  );
}
