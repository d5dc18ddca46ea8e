import { isRouteErrorResponse, useLocation, useMatches, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { createContext, useContext, useMemo } from 'react';
import { alternateUrls, LANGUAGES, SITE_LANGUAGES, type SiteLanguage } from './language.ts';
import type { MissingVersionPayload, ShellData } from './page-data.ts';

/** The shell as components read it: its data, and where the language switcher leads. */
export interface SiteShell extends ShellData {
  /** This page in every language it is published in; the language's home for the others. */
  alternates: Record<SiteLanguage, string>;
  /** Whether this is a page (not an error or sign-in): only then does it name its versions (canonical, hreflang). */
  hasVersions: boolean;
  /** The languages this page is published in (decision 0133): only those are its alternates. */
  versions: readonly SiteLanguage[];
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
const SIGN_IN_PATH = /^\/(login|logout)(\/|$)/i;

/**
 * An error page (a page that does not exist, or could not be shown) is no version of anything.
 * Every page route has a loader, and a route that failed has no data: the page shown is an error
 * when the deepest route has none, or when the route asking is the one that failed (the root's
 * own refusal). No error reads as null, not undefined.
 */
function useErrorShown(error: unknown): boolean {
  const matches = useMatches();
  return error != null || matches.at(-1)?.data === undefined;
}

const isSiteLanguages = (value: unknown): value is SiteLanguage[] =>
  Array.isArray(value) && value.every((each) => (SITE_LANGUAGES as readonly unknown[]).includes(each));

/**
 * The languages the page shown is published in, and its item path: a CMS page's loader names them
 * (PageData.languages; absent, every language), and so does the 404 of a language version that does
 * not exist (MissingVersionPayload). Other routes (search, sign-in) exist in every language.
 */
function useVersions(error: unknown): { versions: readonly SiteLanguage[]; itemPath?: string } {
  const data: unknown = useMatches().at(-1)?.data;
  if (isRouteErrorResponse(error)) {
    const payload = error.data as Partial<MissingVersionPayload> | undefined;
    if (payload && typeof payload === 'object' && isSiteLanguages(payload.versions) && typeof payload.itemPath === 'string') return { versions: payload.versions, itemPath: payload.itemPath };
    return { versions: [] };
  }
  const languages = data && typeof data === 'object' && 'languages' in data ? data.languages : undefined;
  return { versions: isSiteLanguages(languages) ? languages : SITE_LANGUAGES };
}

/** The page's address in the languages it has; each other language's home. */
function versionAddresses(itemPath: string, versions: readonly SiteLanguage[], origins: ShellData['origins']): Record<SiteLanguage, string> {
  const page = alternateUrls(itemPath, origins);
  const home = alternateUrls('/', origins);
  return Object.fromEntries(SITE_LANGUAGES.map((language) => [language, versions.includes(language) ? page[language] : home[language]])) as Record<SiteLanguage, string>;
}

const NO_PROVIDER = Symbol('no site shell provider');
/** The shell the document's Layout (root.tsx) works out once per render, for every part below it. */
const SiteShellContext = createContext<SiteShell | undefined | typeof NO_PROVIDER>(NO_PROVIDER);
export const SiteShellProvider = SiteShellContext.Provider;

/**
 * The root loader's data: language, account, UI strings, header and footer, and this page's
 * addresses in the other languages. Read from the Layout's provider: each part working it out
 * again (the router's matches, the alternates) cost a client navigation a few milliseconds of a
 * slow phone's main thread for a page of new search results (decision 0114).
 */
export function useSiteShell(): SiteShell | undefined {
  const provided = useContext(SiteShellContext);
  // Whether a provider is above a part never changes while it is mounted (the Layout always
  // renders one); a part rendered alone (tests, outside the document) works the shell out itself.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return provided === NO_PROVIDER ? useShellOfPage() : provided;
}

/**
 * The shell worked out from the router: the root loader's data, or when the root route refuses a
 * request itself (a 405 from its action) its loader has not run, and the refusal carries the shell
 * (app/lib/http-errors.server.ts). The alternates follow the address shown: the shell is not asked
 * for again on a navigation within the language.
 */
export function useShellOfPage(): SiteShell | undefined {
  const loaded = useRouteLoaderData<ShellData>('root');
  const error = useRouteError();
  const { pathname } = useLocation();
  const data = loaded ?? shellOfRefusal(error);
  const errorShown = useErrorShown(error);
  const { versions, itemPath: missingItemPath } = useVersions(error);
  return useMemo(() => {
    if (!data) return undefined;
    const itemPath = itemPathOf(pathname, data.language);
    const hasVersions = !errorShown && !SIGN_IN_PATH.test(itemPath);
    // An error page is no version of anything: its switcher leads to each home, or to the versions
    // the page asked for has (the 404 of a language it lacks).
    const shown = hasVersions ? versions : missingItemPath ? versions : [];
    return { ...data, alternates: versionAddresses(missingItemPath ?? itemPath, shown, data.origins), hasVersions, versions: shown };
  }, [data, pathname, errorShown, versions, missingItemPath]);
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
