import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { ErrorPage } from './cms/components/ErrorPage.tsx';
import { RegistryProvider } from './cms/components/registry-context.tsx';
import { LANGUAGES, pathLanguage } from './cms/language.ts';
import { refuseAtRoot } from './cms/form-action.server.ts';
import { loadShell } from './cms/shell.server.ts';
import { anonymousRead, sharedCacheControl } from './lib/cache-policy.server.ts';
import { methodNotAllowed, PAGE_METHODS, READ_ONLY_PAGE_METHODS, refusalHeaders } from './lib/http-errors.server.ts';
import { SiteShellProvider, useShellOfPage } from './cms/use-site-shell.ts';
import { useHydrated } from './lib/use-hydrated.ts';
import { registry } from './plugins/registry.ts';
import { SiteStylesheet } from './lib/SiteStylesheet.tsx';

export const links: LinksFunction = () => [{ rel: 'icon', href: '/media/logo.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const shell = await loadShell(request, context);
  context.timing?.mark('data');
  // The shell of a visitor without cookies (no account) is everyone's: its data may be shared.
  return data(shell, anonymousRead(request) && shell.account.state === 'anonymous' ? { headers: { 'Cache-Control': sharedCacheControl(context, 'content') } } : {});
}

/**
 * Posts (and PUT, PATCH, DELETE) that no route below takes: the home page without `?index`.
 * Remix's own 405 would render the error page before the root loader runs, so without the
 * phrases (raw dictionary keys, issue 19): the refusal carries the page's shell instead.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return refuseAtRoot(request, context, (shell) => methodNotAllowed(request.method === 'POST' ? READ_ONLY_PAGE_METHODS : PAGE_METHODS, shell));
}

/** A refusal of the root route's own (its action's 405) keeps its Allow and its Cache-Control. */
export const headers = refusalHeaders;

/**
 * The shell (language, account, UI strings, header and footer) is the same on every page of a
 * language: a navigation within it keeps what the browser has. A new language, a form sent, a
 * reload of the same address, or a page made for another shell (CmsPage) asks again. Signing in
 * and out load a whole document. A GET form (a search box) is a navigation like a link: asking
 * for the shell again cost every search from the header box a third of its data (decision 0114).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const sent = formMethod !== undefined && formMethod.toUpperCase() !== 'GET';
  if (sent || `${currentUrl.pathname}${currentUrl.search}` === `${nextUrl.pathname}${nextUrl.search}`) return defaultShouldRevalidate;
  return pathLanguage(currentUrl.pathname) !== pathLanguage(nextUrl.pathname);
};

export function Layout({ children }: { children: ReactNode }) {
  const shell = useShellOfPage();
  const hydrated = useHydrated();
  return (
    <html lang={shell?.tag ?? 'en'} className={hydrated ? 'js' : 'no-js'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <SiteStylesheet />
        <Meta />
        <Links />
        {shell?.hasVersions ? (
          <>
            <link rel="canonical" href={shell.alternates[shell.language]} />
            {/* Only the language versions that exist and are published (decision 0133), as the sitemap lists them. */}
            {shell.versions.map((code) => (
              <link key={code} rel="alternate" hrefLang={LANGUAGES[code].tag} href={shell.alternates[code]} />
            ))}
            {shell.versions.includes('en') ? <link rel="alternate" hrefLang="x-default" href={shell.alternates.en} /> : null}
          </>
        ) : null}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {shell?.phrases['a11y.skipToContent'] ?? 'Skip to content'}
        </a>
        <SiteShellProvider value={shell}>
          <RegistryProvider value={registry}>{children}</RegistryProvider>
        </SiteShellProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <ErrorPage />;
}
