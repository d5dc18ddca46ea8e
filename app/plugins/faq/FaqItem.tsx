import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { Link } from '@remix-run/react';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate } from '~/lib/format.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { FaqRenderingData } from './rendering-data.ts';
import { FAQ_PATH } from './faq.ts';

/** One question's own page (the FAQ wildcard item): search results and the FAQ list link here. */
function FaqItem({ data: view }: RenderingProps<ComponentFields, FaqRenderingData['FaqItem']>) {
  const t = useTranslate();
  const shell = useSiteShell();
  const language = shell?.language ?? 'en';
  const back = (
    <p className="faq-item__back">
      <Link to={localizedPath(language, FAQ_PATH)}>{t('faq.backToList')}</Link>
    </p>
  );
  if (!view || 'unavailable' in view) {
    return (
      <section className="faq-item">
        <h1>{t('faq.title')}</h1>
        <p className="search-notice" role="status">
          {t('faq.unavailable')}
        </p>
        {back}
      </section>
    );
  }
  return (
    <article className="faq-item">
      <p className="faq-item__kicker">{t('faq.kicker', { type: view.productTypeName })}</p>
      <h1>{view.question}</h1>
      <div className="faq-item__answer">
        <p>{view.answer}</p>
      </div>
      {view.date ? (
        <p className="faq-item__date">
          {t('faq.updated')} <time dateTime={view.date}>{formatDate(view.date, shell?.tag ?? 'en', 'long')}</time>
        </p>
      ) : null}
      {view.related.length ? (
        <section className="faq-item__related" aria-labelledby="faq-related">
          <h2 id="faq-related">{t('faq.related', { type: view.productTypeName })}</h2>
          <ul>
            {view.related.map((entry) => (
              <li key={entry.slug}>
                <Link to={localizedPath(language, `${FAQ_PATH}/${entry.slug}`)}>{entry.question}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {back}
    </article>
  );
}

export const faqItem: ComponentDefinition<FaqRenderingData['FaqItem']> = { name: 'FaqItem', Component: FaqItem };
