import { Link } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { QueryValueView } from '../query-values.ts';
import { withChange, type SearchUrlState } from '../url-state.ts';
import { useHref } from './search-page-parts.tsx';

/**
 * The values the search read out of the query (decision 0163), each a removable filter: its link
 * searches the query without that value (dropped, not searched as words), a plain link that works
 * without JavaScript; the URL keeps the query as typed, so paging and sorting keep the filter.
 */
export function ValueFilters({ state, values }: { state: SearchUrlState; values: QueryValueView[] }) {
  const t = useTranslate();
  const href = useHref();
  return values.map((value) => {
    const text = t(value.near ? 'search.valueFilterNear' : 'search.valueFilter', { parameter: value.label, value: value.value });
    return (
      <li key={`value-${value.field}`} className="search-breadcrumbs__value">
        <Link to={href(withChange(state, { q: value.queryWithout }))} aria-label={t('search.removeFilter', { filter: text })}>
          {text} ×
        </Link>
      </li>
    );
  });
}
