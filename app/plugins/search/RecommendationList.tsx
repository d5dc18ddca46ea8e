import { Link } from '@remix-run/react';
import { useId } from 'react';
import { useTranslate, type Translate } from '~/cms/use-site-shell.ts';
import type { RecommendationListView } from './recommendations.ts';

/**
 * A list of recommended parts (product page, zero-result search), from a plain view model made on
 * the server (recommendations.server.ts), so it is in the page without JavaScript. Each part links
 * to its product page. Its words are in the 'recommendations' dictionary namespace: a rendering
 * that shows it lists that namespace in its `phrases`.
 */
export function RecommendationList(props: { view: RecommendationListView; headingLevel?: 2 | 3 }) {
  return <RecommendationListContent {...props} t={useTranslate()} />;
}

/** The same with the phrases given (outside a page's dictionary context, e.g. in tests). */
export function RecommendationListContent({ view, headingLevel = 2, t }: { view: RecommendationListView; headingLevel?: 2 | 3; t: Translate }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`recommendations recommendations--${view.kind}`} aria-labelledby={headingId} aria-busy={view.status === 'loading' || undefined} data-status={view.status}>
      <Heading id={headingId}>{t(`recommendations.${view.kind}`)}</Heading>
      {view.status === 'loading' ? <p role="status">{t('recommendations.loading')}</p> : null}
      {view.status === 'error' ? <p className="recommendations__note">{t('recommendations.unavailable')}</p> : null}
      {view.status === 'empty' ? <p className="recommendations__note">{t('recommendations.empty')}</p> : null}
      {view.status === 'ok' ? (
        <ul className="recommendations__list">
          {view.items.map((item) => (
            <li key={item.partNumber} className="recommendation">
              {item.image ? <img src={item.image} alt="" width={64} height={64} loading="lazy" /> : null}
              <div>
                <Link to={item.href} className="recommendation__part">
                  {item.partNumber}
                </Link>
                <p className="recommendation__description">{item.description}</p>
                <p className="recommendation__meta">
                  {item.category}
                  {item.inStock ? (
                    <>
                      {item.category ? ' ' : ''}
                      <span className="badge badge--ok">{t('recommendations.inStock')}</span>
                    </>
                  ) : null}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
