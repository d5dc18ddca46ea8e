import { Form, Link } from '@remix-run/react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import { text, type TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { formatDate, formatFileSize } from '~/lib/format.ts';
import { AlphabetIndex } from '~/lib/AlphabetIndex.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { ContentRenderingData } from './rendering-data.ts';
import type { IndexLetter } from './alphabet.ts';
import {
  LIBRARY_INDEX_PARAM,
  LIBRARY_LANGUAGES,
  LIBRARY_PAGE_SIZE,
  LIBRARY_QUERY_MAX,
  LIBRARY_SORTS,
  LIBRARY_TYPES,
  libraryQuery,
  type LibraryDocument,
  type LibraryLanguage,
  type LibraryState,
  type LibraryType,
  type ResourceLibraryData,
} from './resource-library.ts';

interface ResourceLibraryFields {
  title?: TextField;
  intro?: TextField;
}

/** The `lang` of a document's title: the BCP 47 code of its language. */
const LANGUAGE_TAGS: Record<LibraryLanguage, string> = { en: 'en', de: 'de', ja: 'ja', zh: 'zh-CN' };

function Filters({ state, data }: { state: LibraryState; data?: Extract<ResourceLibraryData, { status: 'ok' }> }) {
  const t = useTranslate();
  const typeCount = (type: LibraryType) => data?.types.find((one) => one.value === type)?.count ?? 0;
  const languageCount = (language: LibraryLanguage) => data?.languages.find((one) => one.value === language)?.count ?? 0;
  const withCount = (label: string, count: number) => (data ? `${label} (${count})` : label);
  return (
    <Form method="get" className="library-filters" role="search" autoComplete="off" aria-label={t('resources.filters')}>
      <div className="field">
        <label htmlFor="library-q">{t('resources.search')}</label>
        <input id="library-q" type="search" name="q" defaultValue={state.q} maxLength={LIBRARY_QUERY_MAX} />
      </div>
      <div className="field">
        <label htmlFor="library-type">{t('resources.typeLabel')}</label>
        <select id="library-type" name="type" defaultValue={state.type ?? ''}>
          <option value="">{t('resources.allTypes')}</option>
          {(Object.keys(LIBRARY_TYPES) as LibraryType[]).filter((type) => !data || type === state.type || typeCount(type) > 0).map((type) => (
            <option key={type} value={type}>
              {withCount(t(`resources.type.${type}`), typeCount(type))}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="library-lang">{t('resources.languageLabel')}</label>
        <select id="library-lang" name="lang" defaultValue={state.lang ?? ''}>
          <option value="">{t('resources.allLanguages')}</option>
          {(Object.keys(LIBRARY_LANGUAGES) as LibraryLanguage[]).map((language) => (
            <option key={language} value={language}>
              {withCount(t(`resources.lang.${language}`), languageCount(language))}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="library-sort">{t('resources.sortLabel')}</label>
        <select id="library-sort" name="sort" defaultValue={state.sort}>
          {LIBRARY_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`resources.sort.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      {state.letter !== 'All' ? <input type="hidden" name={LIBRARY_INDEX_PARAM} value={state.letter} /> : null}
      <div className="library-filters__actions">
        <button type="submit" className="button button--primary">
          {t('resources.apply')}
        </button>
        {state.q || state.type || state.lang || state.letter !== 'All' ? <Link to="?">{t('resources.reset')}</Link> : null}
      </div>
    </Form>
  );
}

function DocumentRow({ document, tag, lead }: { document: LibraryDocument; tag: string; lead: boolean }) {
  // One level below the library's own heading (heading-order): h2 under a lead h1, else h3.
  const Title = lead ? 'h2' : 'h3';
  const t = useTranslate();
  const typeName = document.type ? t(`resources.type.${document.type}`) : document.typeName;
  const languageTag = document.language ? LANGUAGE_TAGS[document.language] : undefined;
  return (
    <li className="library-document">
      {document.thumbnail ? <img className="library-document__thumbnail" src={document.thumbnail} alt={t('resources.thumbnailAlt', { type: typeName })} width={60} height={80} loading="lazy" /> : null}
      <div className="library-document__body">
        <Title className="library-document__title">
          <a href={document.href} lang={languageTag} hrefLang={languageTag} type="application/pdf">
            {document.title}
          </a>
          {document.secured ? (
            <span className="library-document__lock">
              <span aria-hidden="true">🔒 </span>
              {t('resources.secured')}
            </span>
          ) : null}
        </Title>
        <dl className="library-document__meta">
          <div>
            <dt>{t('resources.type')}</dt>
            <dd>{typeName}</dd>
          </div>
          {document.language ? (
            <div>
              <dt>{t('resources.language')}</dt>
              <dd>{t(`resources.lang.${document.language}`)}</dd>
            </div>
          ) : null}
          {document.date ? (
            <div>
              <dt>{t('resources.date')}</dt>
              <dd>
                <time dateTime={document.date.slice(0, 10)}>{formatDate(document.date, tag, 'long')}</time>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('resources.file')}</dt>
            <dd>
              {document.fileType}
              {document.size ? (
                <>
                  {', '}
                  <data value={document.size}>{formatFileSize(document.size, tag)}</data>
                </>
              ) : null}
            </dd>
          </div>
          {document.documentNumber ? (
            <div>
              <dt>{t('resources.number')}</dt>
              <dd>{document.documentNumber}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </li>
  );
}

function Pager({ state, lastPage }: { state: LibraryState; lastPage: number }) {
  const t = useTranslate();
  if (lastPage <= 1) return null;
  const first = Math.max(1, Math.min(state.page - 2, lastPage - 4));
  const pages = Array.from({ length: Math.min(5, lastPage) }, (_, index) => first + index);
  return (
    <nav className="pager" aria-label={t('resources.pages')}>
      <ul>
        {state.page > 1 ? (
          <li>
            <Link to={libraryQuery(state, { page: state.page - 1 })} rel="prev">
              {t('resources.previous')}
            </Link>
          </li>
        ) : null}
        {pages.map((page) => (
          <li key={page}>
            <Link to={libraryQuery(state, { page })} aria-current={page === state.page ? 'page' : undefined} aria-label={t('resources.page', { page })}>
              {page}
            </Link>
          </li>
        ))}
        {state.page < lastPage ? (
          <li>
            <Link to={libraryQuery(state, { page: state.page + 1 })} rel="next">
              {t('resources.next')}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

function ResourceLibrary({ fields, data: view, lead }: RenderingProps<ResourceLibraryFields, ContentRenderingData['ResourceLibrary']>) {
  const t = useTranslate();
  const tag = useSiteShell()?.tag ?? 'en';
  const heading = text(fields.title);
  const state: LibraryState = view?.state ?? { q: '', sort: 'newest', letter: 'All', page: 1 };
  const ok = view?.status === 'ok' ? view : undefined;

  return (
    <section className="resource-library">
      {heading ? lead ? <h1><FieldText field={fields.title} /></h1> : <h2><FieldText field={fields.title} /></h2> : null}
      {fields.intro?.value ? <p className="lead"><FieldText field={fields.intro} /></p> : null}
      {/* Remounted per URL: after Back the fields show that page's filters, not the last ones chosen. */}
      <Filters key={JSON.stringify(state)} state={state} {...(ok ? { data: ok } : {})} />
      {view?.status === 'invalid' ? (
        <div className="form-error" role="alert">
          <p>{t('resources.problemTitle')}</p>
          <ul>
            {view.problems.map((problem) => (
              <li key={problem.field}>{t(`resources.problem.${problem.field}`, { value: problem.value })}</li>
            ))}
          </ul>
          <p>
            <Link to="?">{t('resources.reset')}</Link>
          </p>
        </div>
      ) : null}
      {view?.status === 'unavailable' || !view ? (
        <p className="form-error" role="alert">
          {t('resources.unavailable')}
        </p>
      ) : null}
      {ok ? (
        <>
          <AlphabetIndex available={new Set<IndexLetter>(ok.letters)} param={LIBRARY_INDEX_PARAM} resetParams={['page']} />
          {ok.signIn ? (
            <p className="library-signin">
              <span aria-hidden="true">🔒 </span>
              {t('resources.signInHint')} <a href={ok.signIn}>{t('resources.signIn')}</a>
            </p>
          ) : null}
          <p className="result-count" role="status">
            {ok.documents.length
              ? t('resources.range', { from: (state.page - 1) * LIBRARY_PAGE_SIZE + 1, to: (state.page - 1) * LIBRARY_PAGE_SIZE + ok.documents.length, total: ok.total })
              : t('resources.count', { count: ok.total })}
          </p>
          {ok.total === 0 ? (
            <p className="empty-state">
              {t('resources.none')} <Link to="?">{t('resources.reset')}</Link>
            </p>
          ) : ok.documents.length === 0 ? (
            <p className="empty-state">
              {t('resources.pastLast', { page: state.page, last: ok.lastPage })} <Link to={libraryQuery(state, { page: ok.lastPage })}>{t('resources.lastPage', { last: ok.lastPage })}</Link>
            </p>
          ) : (
            <ul className="library-documents">
              {ok.documents.map((document) => (
                <DocumentRow key={document.href} document={document} tag={tag} lead={Boolean(lead)} />
              ))}
            </ul>
          )}
          {ok.documents.length ? <Pager state={state} lastPage={ok.lastPage} /> : null}
        </>
      ) : null}
    </section>
  );
}

export const resourceLibrary: ComponentDefinition<ContentRenderingData['ResourceLibrary']> = { name: 'ResourceLibrary', Component: ResourceLibrary };
