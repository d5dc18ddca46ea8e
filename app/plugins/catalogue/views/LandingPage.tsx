import { Link } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import { formatNumber } from '~/lib/format.ts';
import { CompareTray } from '../CompareToggle.tsx';
import type { LandingView } from '../view-types.ts';
import { CrossReferenceForm, useLanguage } from './view-parts.tsx';

export function LandingPage({ view }: { view: LandingView }) {
  const t = useTranslate();
  const language = useLanguage();
  return (
    <section className="catalogue catalogue--landing">
      <h2>{t('catalogue.browse')}</h2>
      <p>{t('catalogue.total', { count: formatNumber(view.total, language) })}</p>
      <div className="catalogue-tree">
        {view.tree.map((l1) => (
          <section key={l1.href} className="catalogue-tree__l1">
            <h3>{l1.name}</h3>
            <ul>
              {l1.children.map((l2) => (
                <li key={l2.href}>
                  <Link to={l2.href}>{l2.name}</Link> <span className="facet__count">({formatNumber(l2.count, language)})</span>
                  <ul>
                    {l2.children.map((l3) => (
                      <li key={l3.href}>
                        <Link to={l3.href}>{l3.name}</Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            <p>
              <Link to={l1.href}>{t('catalogue.allOf', { name: l1.name })}</Link>
            </p>
          </section>
        ))}
      </div>
      <h2>{t('catalogue.crossReference')}</h2>
      <p>{t('catalogue.crossReferenceHelp')}</p>
      <CrossReferenceForm />
      <p>
        <Link to={localizedPath(language, '/products/compare')}>{t('catalogue.compareTitle')}</Link>
      </p>
      <CompareTray />
    </section>
  );
}
