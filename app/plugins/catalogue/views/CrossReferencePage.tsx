import { Link } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { localizedPath } from '~/cms/language.ts';
import { crossReferenceReason } from '../cross-reference-reason.ts';
import { DataTable } from '~/lib/DataTable.tsx';
import { CompareToggle, CompareTray } from '../CompareToggle.tsx';
import { Breadcrumbs } from './shared.tsx';
import type { CrossReferenceView } from '../view-types.ts';
import { CrossReferenceForm, useLanguage } from './view-parts.tsx';

export function CrossReferencePage({ view }: { view: CrossReferenceView }) {
  const t = useTranslate();
  const language = useLanguage();
  const whyOf = (reason: CrossReferenceView['matches'][number]['reason']) => crossReferenceReason(reason, t, language);
  return (
    <section className="catalogue catalogue--cross-reference">
      <Breadcrumbs crumbs={[{ name: t('catalogue.crossReference'), href: localizedPath(language, '/products/cross-reference') }]} />
      <h1>{t('catalogue.crossReference')}</h1>
      <p>{t('catalogue.crossReferenceHelp')}</p>
      <CrossReferenceForm query={view.query} />
      {view.problem ? (
        <p className="field-error" role="alert">
          {t(view.problem === 'crossReferenceInvalid' ? 'catalogue.crossReferenceInvalid' : 'catalogue.partNumberInvalid')}
        </p>
      ) : null}
      {view.query && !view.problem && view.matches.length === 0 ? <p>{t('catalogue.noMatches')}</p> : null}
      {view.matches.length ? (
        <DataTable
          className="parametric-table"
          rows={view.matches}
          rowKey={(match) => match.part.partNumber}
          columns={[
            {
              header: t('catalogue.partNumber'),
              rowHeader: true,
              cell: (match) => (
                <>
                  <Link to={match.part.href}>{match.part.partNumber}</Link>
                  <br />
                  <small>{match.part.description}</small>
                </>
              ),
            },
            { header: t('catalogue.grade.title'), cell: (match) => <span className={`badge ${match.grade === 'dropIn' ? 'badge--ok' : ''}`}>{t(`catalogue.grade.${match.grade}`)}</span> },
            { header: t('catalogue.reason'), cell: (match) => whyOf(match.reason) },
            { header: t('catalogue.compare'), cell: (match) => <CompareToggle partNumber={match.part.partNumber} /> },
          ]}
        />
      ) : null}
      <CompareTray />
    </section>
  );
}
