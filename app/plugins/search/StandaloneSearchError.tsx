import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import type { MetaFunction } from '@remix-run/node';
import { ErrorPage, errorPageTitle, pageTitle, PlainPage, shellOfMatches } from '~/cms/components/ErrorPage.tsx';
import { localizedPath } from '~/cms/language.ts';
import { translator, useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
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

/** The refusal's title names it, as its heading does. */
export const standaloneSearchMeta: MetaFunction = ({ error, matches }) => {
  const shell = shellOfMatches(matches);
  const refused = isRouteErrorResponse(error) && error.status === 400;
  return [{ title: refused ? pageTitle(translator(shell?.phrases)('search.invalidQuery'), shell) : errorPageTitle(error, shell) }, { name: 'robots', content: 'noindex' }];
};
