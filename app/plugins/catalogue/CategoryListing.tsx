import { Link, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatNumber } from '~/lib/format.ts';
import { formatQuantity } from '~/lib/units.ts';
import { DataTable } from '~/lib/DataTable.tsx';
import { useHydrated } from '~/lib/use-hydrated.ts';
import { localizedPath } from '~/cms/language.ts';
import { Breadcrumbs, PageLevelsData } from './views/shared.tsx';
import { CompareTray } from './CompareToggle.tsx';
import { readCompareParts, toggleComparePart, useCompareParts } from './compare-store.ts';
import { activeListingFilters, compareSearch, listingSearch, MAX_COMPARE, type ListingState } from './url-state.ts';
import type { CategoryView, PartSummary } from './view-types.ts';
import { Filters, SeriesIndex } from './views/listing-filters.tsx';
import { choiceColumns } from './views/choices.tsx';
import { FilterDrawer } from '~/lib/Disclosure.tsx';

function Pagination({ view }: { view: CategoryView }) {
  const t = useTranslate();
  const pages = view.lastPage;
  const page = Math.min(view.state.page, pages);
  if (pages <= 1) return null;
  const href = (n: number) => `${view.path}${listingSearch(view.state, { page: n })}`;
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('catalogue.pages')}>
      {page > 1 ? <Link to={href(page - 1)} rel="prev">{t('catalogue.previous')}</Link> : null}
      {shown.map((n) => (
        <Link key={n} to={href(n)} aria-current={n === page ? 'page' : undefined}>
          {n}
        </Link>
      ))}
      {page < pages ? <Link to={href(page + 1)} rel="next">{t('catalogue.next')}</Link> : null}
    </nav>
  );
}

/**
 * A row's compare box. It alone follows hydration and the session's list, so switching to the list
 * once scripts run re-renders a dozen boxes, not the whole table with its formatted values.
 */
function CompareBox({ partNumber, onFull }: { partNumber: string; onFull: (full: boolean) => void }) {
  const t = useTranslate();
  const hydrated = useHydrated();
  const chosen = useCompareParts();
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // A box ticked before the scripts ran joins the session's list instead of being lost when it remounts.
    if (box.current?.checked && !readCompareParts().includes(partNumber)) onFull(!toggleComparePart(partNumber));
  }, [partNumber, onFull]);
  return (
    <label>
      <input
        // Remounted once hydrated: uncontrolled in the HTML, controlled by the session store after.
        key={hydrated ? 'session' : 'form'}
        ref={hydrated ? undefined : box}
        type="checkbox"
        name="parts"
        value={partNumber}
        checked={hydrated ? chosen.includes(partNumber) : undefined}
        onChange={hydrated ? () => onFull(!toggleComparePart(partNumber)) : undefined}
      />
      <span className="visually-hidden">
        {t('catalogue.addToCompare')} {partNumber}
      </span>
    </label>
  );
}

function ResultsTable({ view }: { view: CategoryView }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const navigate = useNavigate();
  const [full, setFull] = useState(false);
  const compareAction = localizedPath(language, '/products/compare');
  // Without JavaScript the checked boxes are submitted; with it (React handles the event only once
  // it has hydrated), the session's list is the selection.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`${compareAction}${compareSearch(readCompareParts())}`);
  };
  const sortHref = (field: string) => `${view.path}${listingSearch(view.state, { sort: field, dir: view.state.sort === field && view.state.dir === 'asc' ? 'desc' : 'asc', page: 1 })}`;
  const ariaSort = (field: string) => (view.state.sort === field ? (view.state.dir === 'asc' ? ('ascending' as const) : ('descending' as const)) : undefined);
  if (view.products.length === 0 && view.total > 0) {
    // Past the last page (a kept link, a catalogue that shrank): the filters are not the problem.
    const last = view.lastPage;
    return (
      <p className="catalogue-empty">
        {/* Page numbers as the pager and the address write them (9999, not 9,999): names, not amounts. */}
        {t('catalogue.pastLastPage', { page: String(view.state.page), last: String(last) })}{' '}
        <Link to={`${view.path}${listingSearch(view.state, { page: last })}`}>{t('catalogue.goToLastPage', { last: String(last) })}</Link>
      </p>
    );
  }
  if (view.products.length === 0) return <p className="catalogue-empty">{t('catalogue.noResults')}</p>;
  return (
    <form method="get" action={compareAction} onSubmit={onSubmit} className="catalogue-results">
      <DataTable
        className="parametric-table"
        scroll
        rows={view.products}
        rowKey={(part) => part.partNumber}
        columns={[
          {
            header: <span className="visually-hidden">{t('catalogue.compare')}</span>,
            cell: (part) => <CompareBox partNumber={part.partNumber} onFull={setFull} />,
          },
          {
            header: (
              <Link to={sortHref('partnumber')} preventScrollReset>
                {t('catalogue.partNumber')}
              </Link>
            ),
            sort: ariaSort('partnumber'),
            rowHeader: true,
            cell: (part) => <Link to={part.href}>{part.partNumber}</Link>,
          },
          { header: t('catalogue.series'), cell: (part) => <Link to={part.seriesHref}>{part.series}</Link> },
          ...choiceColumns(view, t),
          view.parameters.length === 0 && { header: t('catalogue.description'), cell: (part) => part.description },
          ...view.parameters.map((parameter) => ({
            header: (
              <Link to={sortHref(parameter.field)} preventScrollReset>
                {parameter.label}
              </Link>
            ),
            sort: ariaSort(parameter.field),
            className: 'num',
            cell: (part: PartSummary) => (part.values[parameter.field] === undefined ? '–' : formatQuantity(part.values[parameter.field]!, parameter.unit, language)),
          })),
          {
            header: t('catalogue.availability'),
            cell: (part) => (
              <>
                {part.inStock ? <span className="badge badge--ok">{t('catalogue.inStock')}</span> : null}{' '}
                {part.sample ? <span className="badge">{t('catalogue.samples')}</span> : null}
              </>
            ),
          },
        ]}
      />
      {full ? (
        <p className="field-error" role="alert">
          {t('catalogue.compareFull')}
        </p>
      ) : null}
      <p>
        <button type="submit">{t('catalogue.compareSelected', { max: MAX_COMPARE })}</button>
      </p>
    </form>
  );
}

/** The parametric listing of a category (L1 to L3): filters, sort, pages, all GET and all in the URL. */
export function CategoryListing({ view }: { view: CategoryView }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const navigation = useNavigation();
  return (
    <section className="catalogue catalogue--category" aria-busy={navigation.state === 'loading'}>
      <Breadcrumbs crumbs={view.crumbs} />
      <h1>{view.name}</h1>
      <PageLevelsData levels={view.pageLevels} />
      {view.children.length ? (
        <nav aria-label={t('catalogue.categories')} className="catalogue-children">
          <ul>
            {view.children.map((child) => (
              <li key={child.href}>
                <Link to={child.href}>{child.name}</Link> <span className="facet__count">({formatNumber(child.count, language)})</span>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <SeriesIndex view={view} />
      <div className="catalogue-listing">
        {/* Remounted per URL so the inputs show the state after client-side navigations too. */}
        <FilterDrawer className="catalogue-filter-drawer" label={t('catalogue.filtersCount', { count: formatNumber(activeListingFilters(view.state), language) })} closeLabel={t('catalogue.filtersClose')}>
          <Filters key={`${view.path}${listingSearch(view.state)}`} view={view} />
        </FilterDrawer>
        <div className="catalogue-listing__results">
          {/* Parameters the listing could not read (page=abc, size=7): named, the form beside to choose again (400). */}
          {view.problems.some((problem) => problem.code === 'badParameter') ? (
            <div className="field-error" role="alert">
              {view.problems
                .filter((problem) => problem.code === 'badParameter')
                .map((problem) => (
                  <p key={problem.input}>{t(`catalogue.problem.${problem.input}`, problem.values)}</p>
                ))}
            </div>
          ) : null}
          <p className="catalogue-count" aria-live="polite">
            {t('catalogue.partsFound', { count: formatNumber(view.total, language) })}
          </p>
          <CompareTray />
          <ResultsTable view={view} />
          <Pagination view={view} />
        </div>
      </div>
    </section>
  );
}

export type { ListingState };
