import { Form, Link } from '@remix-run/react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import { localizedPath } from '~/cms/language.ts';
import { text, type TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { AlphabetIndex, useIndexLetter } from '~/lib/AlphabetIndex.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { FaqRenderingData } from './rendering-data.ts';
import { indexLetterOf, matchesIndex, type IndexLetter } from '../content/alphabet.ts';
import { FAQ_FILTER_MAX, FAQ_FILTER_PARAM, FAQ_PATH } from './faq.ts';
import { Marked } from './Marked.tsx';

interface FaqListFields {
  title?: TextField;
  intro?: TextField;
}

/**
 * The FAQ list: a text filter (a GET form, so it works without JavaScript), the A-to-Z index over
 * the questions, and the questions grouped by product type, each linking to its own page.
 */
function FaqList({ fields, data: view }: RenderingProps<FaqListFields, FaqRenderingData['FaqList']>) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const letter = useIndexLetter();
  const heading = text(fields.title);
  const groups = view?.groups ?? [];
  const available = new Set<IndexLetter>(groups.flatMap((group) => group.entries.map((entry) => indexLetterOf(entry.question))));
  const shown = groups.map((group) => ({ ...group, entries: group.entries.filter((entry) => matchesIndex(entry.question, letter)) })).filter((group) => group.entries.length);
  const count = shown.reduce((sum, group) => sum + group.entries.length, 0);
  const filter = view?.filter ?? '';
  const problems = (view?.problems ?? []).filter((problem) => problem !== 'letterInvalid');

  return (
    <section className="faq-list">
      {heading ? <h1><FieldText field={fields.title} /></h1> : null}
      {fields.intro?.value ? <p className="lead"><FieldText field={fields.intro} /></p> : null}
      <Form method="get" className="site-form faq-list__filter" role="search" autoComplete="off" preventScrollReset>
        <label htmlFor="faq-filter">{t('faq.filterLabel')}</label>
        <input id="faq-filter" key={filter} type="search" name={FAQ_FILTER_PARAM} defaultValue={filter} maxLength={FAQ_FILTER_MAX} aria-describedby={problems.length ? 'faq-filter-error' : undefined} aria-invalid={problems.length ? true : undefined} />
        <button type="submit" className="button">
          {t('faq.filterSubmit')}
        </button>
        {filter ? <Link to={localizedPath(language, FAQ_PATH)}>{t('faq.filterClear')}</Link> : null}
        {problems.map((problem) => (
          <p key={problem} id="faq-filter-error" className="form-error" role="alert">
            {t(`faq.${problem}`, { max: FAQ_FILTER_MAX })}
          </p>
        ))}
      </Form>
      <AlphabetIndex available={available} />
      {view?.unavailable ? (
        <p className="search-notice" role="status">
          {t('faq.unavailable')}
        </p>
      ) : (
        <p className="result-count" role="status">
          {filter ? t('faq.countFiltered', { count, filter }) : t('faq.count', { count })}
        </p>
      )}
      {!view?.unavailable && count === 0 ? <p className="empty-state">{filter ? t('faq.noMatch') : t('index.empty')}</p> : null}
      {shown.length > 1 ? (
        <nav className="faq-list__groups" aria-label={t('faq.groupsLabel')}>
          <ul>
            {shown.map((group) => (
              <li key={group.key}>
                <a href={`#faq-${group.key}`}>{group.name}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {shown.map((group) => (
        <section key={group.key} className="faq-list__group" aria-labelledby={`faq-${group.key}`}>
          <h2 id={`faq-${group.key}`}>{group.name}</h2>
          <ul className="faq-list__entries">
            {group.entries.map((entry) => (
              <li key={entry.slug} className="faq-entry">
                <h3>
                  <Link to={localizedPath(language, `${FAQ_PATH}/${entry.slug}`)}>
                    <Marked value={entry.questionMarked} fallback={entry.question} />
                  </Link>
                </h3>
                <p>
                  <Marked value={entry.answerMarked} fallback={entry.answer} />
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

export const faqList: ComponentDefinition<FaqRenderingData['FaqList']> = { name: 'FaqList', Component: FaqList };
