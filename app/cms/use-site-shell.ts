import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { createContext, useContext, useMemo } from 'react';
import { alternateUrls, LANGUAGES, type SiteLanguage } from './language.ts';
import type { ShellData } from './page.server.ts';

/** The shell as components read it: its data, and the addresses of this page in every language. */
export interface SiteShell extends ShellData {
  alternates: Record<SiteLanguage, string>;
}

/**
 * The item path of an address in the shell's language: the language's prefix taken off (the
 * server answers any other spelling with a redirect to this one).
 */
function itemPathOf(pathname: string, language: SiteLanguage): string {
  const segments = pathname.split('/').filter(Boolean);
  const prefix = LANGUAGES[language].pathPrefix.slice(1);
  if (prefix && segments[0]?.toLowerCase() === prefix) segments.shift();
  return segments.length ? `/${segments.join('/')}` : '/';
}

/** Sign-in's addresses exist once, without a language: in another language the visitor starts at home. */
function alternateItemPath(itemPath: string): string {
  return /^\/(login|logout)(\/|$)/i.test(itemPath) ? '/' : itemPath;
}

/**
 * The root loader's data: language, account, UI strings, header and footer. When the root route
 * refuses a request itself (a 405 from its action) its loader has not run, and the refusal carries
 * the shell (app/lib/http-errors.server.ts). The alternates follow the address shown: the shell
 * is not asked for again on a navigation within the language.
 */
export function useSiteShell(): SiteShell | undefined {
  const loaded = useRouteLoaderData<ShellData>('root');
  const error = useRouteError();
  const { pathname } = useLocation();
  const data = loaded ?? shellOfRefusal(error);
  return useMemo(() => (data ? { ...data, alternates: alternateUrls(alternateItemPath(itemPathOf(pathname, data.language)), data.origins) } : undefined), [data, pathname]);
}

function shellOfRefusal(error: unknown): ShellData | undefined {
  if (!isRouteErrorResponse(error) || !error.data || typeof error.data !== 'object' || !('shell' in error.data)) return undefined;
  return error.data.shell as ShellData;
}

/** A page title from the dictionary, for renderings whose data names the page (CmsPage's meta). */
export interface PageTitlePhrase {
  key: string;
  values?: Record<string, string>;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * The phrases a CMS page's renderings need beyond the shell's (page.server.ts sends each page only
 * those), looked up before the shell's. Outside a page (error pages, sign-in) there are none.
 */
export const PagePhrases = createContext<Record<string, string> | undefined>(undefined);

/** UI strings from the CMS dictionary; `{{name}}` placeholders are filled from `values`. */
export function useTranslate(): Translate {
  const shell = useSiteShell();
  return translator(useContext(PagePhrases), shell?.phrases);
}

/**
 * The same outside React (a route's meta function). The first table that has a key wins: the page's
 * own phrases, then the shell's, looked up in place (merging the dictionaries cost each render
 * more than all its lookups).
 */
export function translator(...tables: Array<Record<string, string> | undefined>): Translate {
  const lookup = (key: string) => {
    for (const table of tables) {
      // Own keys only: a key made from a visitor's input ("constructor") is not a phrase.
      if (table && Object.hasOwn(table, key)) return table[key]!;
    }
    return key;
  };
  return (key, values) => {
    const phrase = lookup(key);
    return values ? phrase.replace(/\{\{(\w+)\}\}/g, (match, name: string) => String(values[name] ?? match)) : phrase;
  };
}
