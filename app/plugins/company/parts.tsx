import { Link } from '@remix-run/react';
import { FieldText, useFieldShown } from '~/cms/components/EditingChromes.tsx';
import type { ReactNode } from 'react';
import type { TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate } from '~/lib/format.ts';
import { LIST_PAGE_SIZE, pageHref, type ItemUnavailable, type ListProblem, type Paging } from './views.ts';

/** Heading and lead of a list page, from the rendering's datasource. */
export interface ListFields {
  title?: TextField;
  intro?: TextField;
}

export function ListHeading({ fields }: { fields: ListFields }) {
  const introShown = useFieldShown(fields.intro);
  return (
    <>
      <h1>
        <FieldText field={fields.title} />
      </h1>
      {introShown ? (
        <p className="lead">
          <FieldText field={fields.intro} />
        </p>
      ) : null}
    </>
  );
}

export function useLanguageTag(): string {
  return useSiteShell()?.tag ?? 'en';
}

/** A day in the page language's long form ('MMMM D, Y' in English), machine-readable in `datetime`. */
export function Day({ iso }: { iso: string }) {
  const tag = useLanguageTag();
  if (!iso) return null;
  return <time dateTime={iso.slice(0, 10)}>{formatDate(iso, tag, 'long')}</time>;
}

/**
 * First to last day of an event, each day in the language's long form, joined by the dictionary's
 * separator. Not Intl's formatRange: runtimes' ICU versions disagree on it (Node wrote Japanese ranges
 * as 2027/02/01～2027/02/04), and the server and the browser must print the same.
 */
export function DayRange({ start, end }: { start: string; end: string }) {
  const tag = useLanguageTag();
  const t = useTranslate();
  if (!start || !end || start.slice(0, 10) === end.slice(0, 10)) return <Day iso={start || end} />;
  return (
    <span className="date-range">
      <time dateTime={start.slice(0, 10)}>{formatDate(start, tag, 'long')}</time>
      {t('companyList.dateRangeSeparator')}
      <time dateTime={end.slice(0, 10)}>{formatDate(end, tag, 'long')}</time>
    </span>
  );
}

/** "Showing 13–24 of 80" and the page links; works as plain links without JavaScript. */
export function Pager({ paging, label }: { paging: Paging; label: string }) {
  const t = useTranslate();
  if (paging.pageCount <= 1) return null;
  const pages = Array.from({ length: paging.pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label={label}>
      {paging.page > 1 ? (
        <Link to={pageHref(paging.base, paging.page - 1)} rel="prev">
          {t('companyList.previous')}
        </Link>
      ) : null}
      {pages.map((page) => (
        <Link key={page} to={pageHref(paging.base, page)} aria-current={page === paging.page ? 'page' : undefined} aria-label={t('companyList.pageN', { page })}>
          {page}
        </Link>
      ))}
      {paging.page < paging.pageCount ? (
        <Link to={pageHref(paging.base, paging.page + 1)} rel="next">
          {t('companyList.next')}
        </Link>
      ) : null}
    </nav>
  );
}

export function ResultCount({ paging, shown }: { paging: Paging; shown: number }) {
  const t = useTranslate();
  const from = (paging.page - 1) * LIST_PAGE_SIZE + 1;
  return (
    <p className="result-count" role="status">
      {t('companyList.range', { from, to: from + shown - 1, total: paging.total })}
    </p>
  );
}

/** What a list shows instead of rows: the bad parameter, the last page, or that it cannot be read now. */
export function ListProblemNotice({ problem, resetHref }: { problem: ListProblem; resetHref: string }) {
  const t = useTranslate();
  if (problem.kind === 'unavailable') {
    return (
      <div className="search-error" role="alert">
        <p>{t('companyList.unavailable')}</p>
      </div>
    );
  }
  if (problem.kind === 'beyondLast') {
    return (
      <div className="search-error" role="alert">
        <p>{t('companyList.beyondLast', { last: problem.last })}</p>
        <p>
          <Link to={problem.lastHref}>{t('companyList.toLast', { last: problem.last })}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="search-error" role="alert">
      <p>{t(`companyList.bad.${problem.name}`, { value: problem.value })}</p>
      <p>
        <Link to={resetHref}>{t('companyList.reset')}</Link>
      </p>
    </div>
  );
}

/**
 * A news or event item's page: the trail back to its list, the title, the item's own content, and
 * the link back; or, when the item cannot be read now, the notice that says so.
 */
export function ItemPage<Item extends { title: string }>({
  view,
  className,
  namespace,
  children,
}: {
  view: { listHref: string; item: Item } | ItemUnavailable | undefined;
  className: string;
  /** The dictionary namespace of the list: its title and the back link's text. */
  namespace: 'news' | 'events';
  children: (item: Item) => ReactNode;
}) {
  const t = useTranslate();
  if (!view) return null;
  if ('kind' in view && view.kind === 'unavailable') return <ListProblemNotice problem={{ kind: 'unavailable' }} resetHref="" />;
  const { item, listHref } = view as { listHref: string; item: Item };
  return (
    <article className={`company-item ${className}`}>
      <nav className="breadcrumbs" aria-label={t('companyList.breadcrumb')}>
        <ol>
          <li>
            <Link to={listHref}>{t(`${namespace}.title`)}</Link>
          </li>
          <li aria-current="page">{item.title}</li>
        </ol>
      </nav>
      <h1>{item.title}</h1>
      {children(item)}
      <p>
        <Link to={listHref}>{t(`${namespace}.back`)}</Link>
      </p>
    </article>
  );
}
