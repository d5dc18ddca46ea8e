import { Link } from '@remix-run/react';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { crossReferenceReason } from '../../catalogue/cross-reference-reason.ts';
import type { CrossReferenceAnswerView } from '../cross-reference-answer.ts';

/** Another maker's number, answered with ours above the results (decision 0161): the part, why, and the cross-reference. */
export function CrossReferenceAnswer({ answer }: { answer: CrossReferenceAnswerView }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  return (
    <section className="search-cross-reference notice" aria-label={t('search.crossReference.more')}>
      <p>
        <strong>
          {t(`search.crossReference.${answer.grade}`, { part: answer.query, ours: answer.partNumber, description: answer.summary })
            .split(answer.partNumber)
            .flatMap((piece, index) => (index === 0 ? [piece] : [<Link key={index} to={answer.href}>{answer.partNumber}</Link>, piece]))}
        </strong>
      </p>
      <p>{crossReferenceReason(answer.reason, t, language)}</p>
      <p>
        <Link to={answer.crossReferenceHref}>{t('search.crossReference.more')}</Link>
      </p>
    </section>
  );
}
