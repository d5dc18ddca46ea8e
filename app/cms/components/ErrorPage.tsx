import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import { localizedPath } from '../language.ts';
import { useSiteShell, useTranslate } from '../use-site-shell.ts';
import { LanguageSwitcher } from '~/plugins/site-chrome/LanguageSwitcher.tsx';

function errorIdOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'errorId' in error.data) {
    return String(error.data.errorId);
  }
  return undefined;
}

/** The header of pages the CMS does not compose (errors, sign-in answers): brand and languages. */
export function PlainPage({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to={localizedPath(language, '/')} className="site-header__brand">
            {t('site.name')}
          </Link>
          <LanguageSwitcher />
        </div>
      </header>
      <main id="main" className="error-page">
        {children}
      </main>
    </>
  );
}

const MESSAGES: Record<number, string> = { 403: 'error.forbidden', 404: 'error.notFound', 503: 'error.unavailable' };

/** 403, 404, 500 and 503 pages in the page's language, with an error id to quote; never a stack trace. */
export function ErrorPage() {
  const error = useRouteError();
  const t = useTranslate();
  const language = useSiteShell()?.language ?? 'en';
  const key = (isRouteErrorResponse(error) && MESSAGES[error.status]) || 'error.server';
  const errorId = errorIdOf(error);
  return (
    <PlainPage>
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.text`)}</p>
      {errorId ? (
        <p className="error-page__id">
          {t('error.id')} <code>{errorId}</code>
        </p>
      ) : null}
      <p>
        <Link to={localizedPath(language, '/')} className="button button--primary">
          {t('error.home')}
        </Link>
      </p>
    </PlainPage>
  );
}
