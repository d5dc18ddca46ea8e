import { Link } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { FacetView } from '../search-view.ts';
import { withChange, type SearchUrlState } from '../url-state.ts';
import { categoryPathLabels, dateRangeLabel, facetValueLabel } from '../facet-values.ts';
import { useHref } from './search-page-parts.tsx';
import { RangeFacet } from './RangeFacet.tsx';

export function FacetBox({ facet, state, names }: { facet: FacetView; state: SearchUrlState; names: Record<string, string> | undefined }) {
  const t = useTranslate();
  const href = useHref();
  const tag = useSiteShell()?.tag ?? 'en';
  if (facet.values.length === 0 && !facet.path?.length && !state.ranges[facet.id]) return null;
  if (facet.type === 'hierarchical') {
    const path = facet.path ?? [];
    return (
      <fieldset className="facet">
        <legend>{t(facet.label)}</legend>
        <ul>
          {path.length ? (
            <li>
              <Link to={href(withChange(state, { facets: { ...state.facets, [facet.id]: path.length > 1 ? [path.slice(0, -1).join('|')] : [] } }))}>← {categoryPathLabels(path.at(-1) ?? '', names)}</Link>
            </li>
          ) : null}
          {facet.values.map((value) => (
            <li key={value.value}>
              <Link to={href(withChange(state, { facets: { ...state.facets, [facet.id]: [value.value] } }))}>
                {categoryPathLabels(value.value, names).at(-1)} <span className="facet__count">({value.count})</span>
              </Link>
            </li>
          ))}
        </ul>
        <input type="hidden" name={`f.${facet.id}`} value={path.join('|')} disabled={path.length === 0} />
      </fieldset>
    );
  }
  if (facet.type === 'numericalRange') return <RangeFacet facet={facet} state={state} />;
  const searchable = facet.type === 'specific' && (facet.moreValues || facet.search !== undefined);
  const shown = facet.search ? facet.search.values : facet.values;
  // Selected values the facet search does not show must still be sent, or Apply would drop them.
  const hiddenSelected = facet.search ? (state.facets[facet.id] ?? []).filter((value) => !shown.some((v) => v.value === value)) : [];
  const label = t(facet.label);
  return (
    <fieldset className="facet">
      <legend>{label}</legend>
      {searchable ? (
        <div className="facet__search">
          <label htmlFor={`facet-search-${facet.id}`} className="visually-hidden">
            {t('search.facetSearch', { facet: label })}
          </label>
          <input
            id={`facet-search-${facet.id}`}
            type="search"
            name={`fs.${facet.id}`}
            defaultValue={state.facetSearch[facet.id] ?? ''}
            key={state.facetSearch[facet.id] ?? ''}
            placeholder={t('search.facetSearchPlaceholder')}
            maxLength={100}
            autoComplete="off"
          />
        </div>
      ) : null}
      {facet.search && shown.length === 0 ? <p className="facet__empty">{t('search.facetSearchNone', { q: facet.search.query })}</p> : null}
      {hiddenSelected.map((value) => (
        <input key={value} type="hidden" name={`f.${facet.id}`} value={value} />
      ))}
      <ul>
        {shown.map((value) => (
          <li key={value.value}>
            <label>
              {/* Keyed by its state: after Back the box shows the URL's choice, not the one the visitor last clicked. */}
              <input type="checkbox" name={`f.${facet.id}`} value={value.value} defaultChecked={value.selected} key={String(value.selected)} />
              {facet.type === 'dateRange' ? dateRangeLabel(value.value, tag) : facetValueLabel(t, facet.field, value.value, names)} <span className="facet__count">({value.count})</span>
            </label>
          </li>
        ))}
      </ul>
      <p className="facet__links">
        {facet.search ? (
          <Link to={href({ ...state, facetSearch: Object.fromEntries(Object.entries(state.facetSearch).filter(([id]) => id !== facet.id)) })} preventScrollReset>
            {t('search.facetSearchClear')}
          </Link>
        ) : null}
        {facet.moreValues && !facet.search && !state.expanded.includes(facet.id) ? (
          <Link to={href({ ...state, expanded: [...state.expanded, facet.id] })} preventScrollReset>
            {t('search.showMore')}
          </Link>
        ) : null}
        {state.expanded.includes(facet.id) ? (
          <Link to={href({ ...state, expanded: state.expanded.filter((id) => id !== facet.id) })} preventScrollReset>
            {t('search.showLess')}
          </Link>
        ) : null}
        {state.facets[facet.id]?.length ? <Link to={href(withChange(state, { facets: { ...state.facets, [facet.id]: [] } }))}>{t('search.clear')}</Link> : null}
      </p>
    </fieldset>
  );
}
