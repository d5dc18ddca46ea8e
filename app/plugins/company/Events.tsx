import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { Link } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { CompanyRenderingData } from './rendering-data.ts';
import { DayRange, ItemPage, ListHeading, ListProblemNotice, Pager, ResultCount, type ListFields } from './parts.tsx';
import type { EventSummary } from './views.ts';

function Place({ item }: { item: EventSummary }) {
  const t = useTranslate();
  return <>{[item.city, item.venue, item.booth ? t('events.booth', { booth: item.booth }) : ''].filter(Boolean).join(t('companyList.listSeparator'))}</>;
}

function EventRows({ items }: { items: EventSummary[] }) {
  const t = useTranslate();
  return (
    <ol className="result-list">
      {items.map((item) => (
        <li key={item.id} className={`result event-item${item.past ? ' event-item--past' : ''}`}>
          <h3>
            <Link to={item.href}>{item.title}</Link> {item.past ? <span className="badge">{t('events.pastBadge')}</span> : null}
          </h3>
          <p className="result__meta">
            <DayRange start={item.start} end={item.end} />
            {' · '}
            <Place item={item} />
          </p>
        </li>
      ))}
    </ol>
  );
}

function EventList({ fields, data: view }: RenderingProps<ListFields, CompanyRenderingData['EventList']>) {
  const t = useTranslate();
  if (!view) return null;
  const upcoming = view.items.filter((item) => !item.past);
  const past = view.items.filter((item) => item.past);
  return (
    <section className="company-list event-list">
      <ListHeading fields={fields} />
      {view.problem ? (
        <ListProblemNotice problem={view.problem} resetHref={view.paging.base} />
      ) : view.items.length === 0 ? (
        <p className="empty-state">{t('events.empty')}</p>
      ) : (
        <>
          <ResultCount paging={view.paging} shown={view.items.length} />
          {upcoming.length ? (
            <>
              <h2>{t('events.upcoming')}</h2>
              <EventRows items={upcoming} />
            </>
          ) : null}
          {past.length ? (
            <>
              <h2>{t('events.past')}</h2>
              <EventRows items={past} />
            </>
          ) : null}
        </>
      )}
      <Pager paging={view.paging} label={t('events.pages')} />
    </section>
  );
}

function EventDetail({ data }: RenderingProps<ComponentFields, CompanyRenderingData['EventDetail']>) {
  const t = useTranslate();
  return (
    <ItemPage view={data} className="event-detail" namespace="events">
      {(item) => (
        <>
          {item.past ? <p className="badge">{t('events.pastNotice')}</p> : null}
          <dl className="event-facts">
            <dt>{t('events.dates')}</dt>
            <dd>
              <DayRange start={item.start} end={item.end} />
            </dd>
            <dt>{t('events.city')}</dt>
            <dd>{item.city}</dd>
            {item.venue ? (
              <>
                <dt>{t('events.venue')}</dt>
                <dd>{item.venue}</dd>
              </>
            ) : null}
            {item.booth ? (
              <>
                <dt>{t('events.boothLabel')}</dt>
                <dd>{item.booth}</dd>
              </>
            ) : null}
          </dl>
          <div className="prose">
            <p>{item.body}</p>
          </div>
          <p>
            {/* A file, not a page: a plain link, never client-side navigation. */}
            <a className="button button--primary" href={item.calendarHref} download>
              {t('events.calendar')}
            </a>
          </p>
        </>
      )}
    </ItemPage>
  );
}

export const eventList: ComponentDefinition<CompanyRenderingData['EventList']> = { name: 'EventList', Component: EventList };
export const eventDetail: ComponentDefinition<CompanyRenderingData['EventDetail']> = { name: 'EventDetail', Component: EventDetail };
