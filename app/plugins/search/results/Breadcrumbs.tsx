import { Link } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { FacetView } from '../search-view.ts';
import { withChange, type SearchUrlState } from '../url-state.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from '../sections.ts';
import { categoryPathLabels, dateRangeLabel, facetValueLabel, nameOf } from '../facet-values.ts';
import { formatQuantity, useHref } from './search-page-parts.tsx';
import { ValueFilters } from './ValueFilters.tsx';
import type { QueryValueView } from '../query-values.ts';

/** The active filters, each removable, and all of them at once (REQ-FACET-2: deselect-all resets). */
export function Breadcrumbs({ state, facets, names, values = [] }: { state: SearchUrlState; facets: FacetView[]; names: Record<string, string> | undefined; values?: QueryValueView[] }) {
  const t = useTranslate();
  const fieldOf = (id: string) => facets.find((facet) => facet.id === id)?.field ?? id;
  const valueText = (id: string, value: string) => (value.includes('|') || nameOf(names, value) ? categoryPathLabels(value, names).join(' › ') : facetValueLabel(t, fieldOf(id), value, names));
  const href = useHref();
  // A facet the answer left out (its value refused: `f.date=past-3-day`) is still named by its
  // section's label, in the page's language, not by its English id (issue 31).
  const labelOf = (id: string) => {
    const label = facets.find((facet) => facet.id === id)?.label ?? [...SEARCH_TABS, ...SEARCH_SCOPES].flatMap((section) => section.facets).find((facet) => facet.id === id)?.label;
    return label ? t(label) : id;
  };
  const tag = useSiteShell()?.tag ?? 'en';
  const crumbs = Object.entries(state.facets).flatMap(([id, values]) => values.map((value) => ({ id, value })));
  const ranges = Object.entries(state.ranges).filter(([, range]) => range.min !== undefined || range.max !== undefined);
  if (crumbs.length === 0 && ranges.length === 0 && values.length === 0) return null;
  const unitOf = (id: string) => facets.find((facet) => facet.id === id)?.unit;
  return (
    <nav className="search-breadcrumbs" aria-label={t('search.activeFilters')}>
      <ul>
        <ValueFilters state={state} values={values} />
        {crumbs.map(({ id, value }) => (
          <li key={`${id}=${value}`}>
            <Link
              to={href(withChange(state, { facets: { ...state.facets, [id]: (state.facets[id] ?? []).filter((v) => v !== value) } }))}
              aria-label={t('search.removeFilter', { filter: `${labelOf(id)}: ${categoryPathLabels(value, names).at(-1)}` })}
            >
              {labelOf(id)}: {value.includes('..') ? dateRangeLabel(value, tag) : valueText(id, value)} ×
            </Link>
          </li>
        ))}
        {ranges.map(([id, range]) => {
          const text = `${labelOf(id)}: ${formatQuantity(range.min, unitOf(id), tag)} – ${formatQuantity(range.max, unitOf(id), tag)}`;
          const rest = { ...state.ranges };
          delete rest[id];
          return (
            <li key={`range-${id}`}>
              <Link to={href(withChange(state, { ranges: rest }))} aria-label={t('search.removeFilter', { filter: text })}>
                {text} ×
              </Link>
            </li>
          );
        })}
        <li>
          <Link to={href(withChange(state, { facets: {}, ranges: {} }))}>{t('search.clearAll')}</Link>
        </li>
      </ul>
    </nav>
  );
}
