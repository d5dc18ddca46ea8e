import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { Link } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { CompanyRenderingData } from './rendering-data.ts';
import { Day, ItemPage, ListHeading, ListProblemNotice, Pager, ResultCount, type ListFields } from './parts.tsx';
import type { NewsSummary } from './views.ts';

function RecentBadge({ item }: { item: NewsSummary }) {
  const t = useTranslate();
  return item.recent ? <span className="badge badge--ok">{t('news.recent')}</span> : null;
}

function NewsList({ fields, data: view }: RenderingProps<ListFields, CompanyRenderingData['NewsList']>) {
  const t = useTranslate();
  if (!view) return null;
  return (
    <section className="company-list news-list">
      <ListHeading fields={fields} />
      {view.problem ? (
        <ListProblemNotice problem={view.problem} resetHref={view.paging.base} />
      ) : view.items.length === 0 ? (
        <p className="empty-state">{t('news.empty')}</p>
      ) : (
        <>
          <ResultCount paging={view.paging} shown={view.items.length} />
          <ol className="result-list">
            {view.items.map((item) => (
              <li key={item.id} className="result news-item">
                <h2>
                  <Link to={item.href}>{item.title}</Link>
                </h2>
                <p className="result__meta">
                  <Day iso={item.date} /> <RecentBadge item={item} />
                  {item.series ? (
                    <>
                      {' · '}
                      {t('news.series')} <Link to={item.series.href}>{item.series.code}</Link>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
        </>
      )}
      <Pager paging={view.paging} label={t('news.pages')} />
    </section>
  );
}

function NewsArticle({ data }: RenderingProps<ComponentFields, CompanyRenderingData['NewsArticle']>) {
  const t = useTranslate();
  return (
    <ItemPage view={data} className="news-article" namespace="news">
      {(item) => (
        <>
          <p className="result__meta">
            <Day iso={item.date} /> <RecentBadge item={item} />
          </p>
          <div className="prose">
            <p>{item.body}</p>
          </div>
          {item.series ? (
            <p>
              {t('news.aboutSeries')} <Link to={item.series.href}>{t('news.seriesLink', { series: item.series.code })}</Link>
            </p>
          ) : null}
        </>
      )}
    </ItemPage>
  );
}

export const newsList: ComponentDefinition<CompanyRenderingData['NewsList']> = { name: 'NewsList', Component: NewsList };
export const newsArticle: ComponentDefinition<CompanyRenderingData['NewsArticle']> = { name: 'NewsArticle', Component: NewsArticle };
