import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { localizedPath } from '../language.ts';
import { useSiteShell, useTranslate } from '../use-site-shell.ts';
import { LanguageSwitcher } from '~/plugins/site-chrome/LanguageSwitcher.tsx';

function errorIdOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'errorId' in error.data) {
    return String(error.data.errorId);
  }
  return undefined;
}

/** 404 and 500 pages in the page's language, with an error id to quote; never a stack trace. */
export function ErrorPage() {
  const error = useRouteError();
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const errorId = errorIdOf(error);
  const home = localizedPath(language, '/');
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={home} className="site-header__brand">
            {t('site.name')}
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="error-page">
        <h1>{notFound ? t('error.notFound.title') : t('error.server.title')}</h1>
        <p>{notFound ? t('error.notFound.text') : t('error.server.text')}</p>
        {errorId ? (
          <p className="error-page__id">
            {t('error.id')} <code>{errorId}</code>
          </p>
        ) : null}
        <p>
          <Link to={home} className="button button--primary">
            {t('error.home')}
          </Link>
        </p>
      </main>
    </>
  );
}
