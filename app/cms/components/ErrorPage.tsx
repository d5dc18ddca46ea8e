import { Link, isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { useContext, type ReactNode } from 'react';
import { errorMessageKey, genericErrorKey } from '../error-messages.ts';
import { LANGUAGES, localizedPath } from '../language.ts';
import { PagePhrases, SiteShellProvider, translator, useShellOfPage, useSiteShell, useTranslate, type Translate } from '../use-site-shell.ts';
import type { MissingVersionPayload, ShellData } from '../page-data.ts';
import { LanguageSwitcher } from '~/plugins/site-chrome/LanguageSwitcher.tsx';
import { Placeholder } from './Placeholder.tsx';
import { OTHER_BOX_SUGGESTIONS, SearchBox } from '~/plugins/search/SearchBox.tsx';

/** A server fault's id, to quote to support: the one in the log. A 4xx is the visitor's to fix and gets none. */
function errorIdOf(error: unknown): string | undefined {
  if (isRouteErrorResponse(error) && error.status >= 500 && error.data && typeof error.data === 'object' && 'errorId' in error.data) {
    return String(error.data.errorId);
  }
  return undefined;
}

/**
 * Pages the CMS does not compose (errors, sign-in answers): the site's header and footer (the
 * language's home page's, which the shell sends when there is no page), so a visitor who meets
 * one still has the navigation and the search box; brand and languages alone when the content
 * service could not give them.
 */
export function PlainPage({ children }: { children: ReactNode }) {
  const t = useTranslate();
  const shell = useSiteShell();
  const language = shell?.language ?? 'en';
  const chrome = shell?.chrome;
  if (chrome?.['jss-header']?.length) {
    return (
      <>
        <Placeholder name="jss-header" placeholders={chrome} />
        <main id="main" className="error-page">
          {children}
        </main>
        <Placeholder name="jss-footer" placeholders={chrome} />
      </>
    );
  }
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

/** The phrases of its message an error answer carries (page.server.ts withErrorPhrases). */
function phrasesOf(error: unknown): Record<string, string> | undefined {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== 'object' || !('phrases' in error.data)) return undefined;
  const phrases: unknown = error.data.phrases;
  return phrases && typeof phrases === 'object' ? (phrases as Record<string, string>) : undefined;
}

/** A 404 of a language version the page lacks: the versions it has (page.server.ts missingPage). */
function missingVersionOf(error: unknown): Pick<MissingVersionPayload, 'itemPath' | 'versions'> | undefined {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== 'object') return undefined;
  const { itemPath, versions } = error.data as Partial<MissingVersionPayload>;
  if (typeof itemPath !== 'string' || !Array.isArray(versions)) return undefined;
  return { itemPath, versions: versions.filter((code) => Object.hasOwn(LANGUAGES, code)) };
}

/** The refused value a message names (`{{value}}`), strings only. */
function valuesOf(error: unknown): Record<string, string> | undefined {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== 'object' || !('values' in error.data)) return undefined;
  const values: unknown = error.data.values;
  if (!values || typeof values !== 'object') return undefined;
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The dictionary message an error page shows (its `.title` and `.text`). */
function shownMessageKey(error: unknown, t: Translate): string {
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  const specific = errorMessageKey(status, isRouteErrorResponse(error) ? error.data : undefined);
  // A message the page was not sent (an answer from elsewhere) gives way to the generic one of its kind.
  return t(`${specific}.title`) === `${specific}.title` ? genericErrorKey(status) : specific;
}

/** What the shell's data gives a route's `meta`: the site's name and the phrases. */
export function shellOfMatches(matches: ReadonlyArray<{ id: string; data: unknown }>): ShellData | undefined {
  return matches.find((match) => match.id === 'root')?.data as ShellData | undefined;
}

/** A page's title as the site writes them: the page's own, then the site's name. */
export function pageTitle(title: string, shell: ShellData | undefined): string {
  const siteName = shell?.phrases['site.name'] ?? '';
  return title && siteName ? `${title} | ${siteName}` : title || siteName;
}

/** An error page's title names the error, as its heading does, in the page's language. */
export function errorPageTitle(error: unknown, shell: ShellData | undefined): string {
  const t = translator(phrasesOf(error), shell?.phrases);
  return pageTitle(t(`${shownMessageKey(error, t)}.title`), shell);
}

/**
 * Error pages in the page's language (4xx: what was wrong; 5xx: an error id to quote, the one in
 * the log); never a stack trace.
 */
export function ErrorPage() {
  // Worked out here, where the route's own error is known (the Layout's is the root's): an error
  // page is no version of anything, and its header's language switcher leads to each home.
  const shell = useShellOfPage();
  return (
    <SiteShellProvider value={shell}>
      <ErrorPageBody />
    </SiteShellProvider>
  );
}

/** The main entry points a 404 offers beside the search (paths of every language's site). */
const ENTRY_POINTS = [
  { path: '/products', key: 'error.notFound.products' },
  { path: '/design-center', key: 'error.notFound.designCenter' },
  { path: '/resource-library', key: 'error.notFound.documents' },
  { path: '/support/faq', key: 'error.notFound.faq' },
  { path: '/company/contact', key: 'error.notFound.contact' },
] as const;

/** A page not found: a search of the site, in the page itself, and the main entry points. */
function NotFoundWays({ t }: { t: Translate }) {
  const language = useSiteShell()?.language ?? 'en';
  return (
    <>
      <h2>{t('error.notFound.search')}</h2>
      <SearchBox className="search-form" suggestionCount={OTHER_BOX_SUGGESTIONS} buttonClassName="button button--primary" landmarkLabel={t('error.notFound.search')} />
      <nav className="error-page__entries" aria-label={t('error.notFound.entries')}>
        <h2>{t('error.notFound.entries')}</h2>
        <ul>
          {ENTRY_POINTS.map((entry) => (
            <li key={entry.path}>
              <Link to={localizedPath(language, entry.path)}>{t(entry.key)}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

function ErrorPageBody() {
  const error = useRouteError();
  const shell = useSiteShell();
  const pagePhrases = useContext(PagePhrases);
  const t = translator(phrasesOf(error), pagePhrases, shell?.phrases);
  const language = shell?.language ?? 'en';
  const key = shownMessageKey(error, t);
  const values = valuesOf(error);
  const errorId = errorIdOf(error);
  const missing = key === 'error.noVersion' ? missingVersionOf(error) : undefined;
  return (
    <PlainPage>
      <h1>{t(`${key}.title`)}</h1>
      <p>{t(`${key}.text`, values)}</p>
      {missing ? (
        <ul className="error-page__versions">
          {missing.versions.map((code) => (
            <li key={code}>
              <Link to={shell?.alternates[code] ?? localizedPath(code, missing.itemPath)} hrefLang={LANGUAGES[code].tag} lang={LANGUAGES[code].tag} reloadDocument={code === 'zh' || language === 'zh'}>
                {LANGUAGES[code].nativeName}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {errorId ? (
        <p className="error-page__id">
          {t('error.id')} <code>{errorId}</code>
        </p>
      ) : null}
      {key === 'error.notFound' ? <NotFoundWays t={t} /> : null}
      <p>
        <Link to={localizedPath(language, '/')} className="button button--primary">
          {t('error.home')}
        </Link>
      </p>
    </PlainPage>
  );
}
