import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { ErrorPage, PlainPage } from '~/cms/components/ErrorPage.tsx';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { SearchBox } from './SearchBox.tsx';

/** A header-box query the site refuses (400): what is wrong, and the box to search again. */
export function StandaloneSearchError() {
  const error = useRouteError();
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  if (!isRouteErrorResponse(error) || error.status !== 400) return <ErrorPage />;
  const message = error.data && typeof error.data === 'object' && 'message' in error.data ? String(error.data.message) : t('search.invalidQuery');
  return (
    <PlainPage>
      <h1>{t('search.invalidQuery')}</h1>
      <p role="alert">{message}</p>
      <SearchBox className="search-form" suggestionCount={5} action={localizedPath(language, '/search')} />
    </PlainPage>
  );
}
