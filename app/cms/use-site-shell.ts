import { useRouteLoaderData } from '@remix-run/react';
import { createContext, useContext } from 'react';
import type { SiteShell } from './page.server.ts';

/** The root loader's data: language, UI strings, translations of this page. */
export function useSiteShell(): SiteShell | undefined {
  return useRouteLoaderData<SiteShell>('root');
}

/** A page title from the dictionary, for renderings whose data names the page (CmsPage's meta). */
export interface PageTitlePhrase {
  key: string;
  values?: Record<string, string>;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A CMS page's phrases: the shell's and those its renderings need (page.server.ts sends each page
 * only those). Outside a page (error pages, sign-in) the shell's alone.
 */
export const PagePhrases = createContext<Record<string, string> | undefined>(undefined);

/** UI strings from the CMS dictionary; `{{name}}` placeholders are filled from `values`. */
export function useTranslate(): Translate {
  const shell = useSiteShell();
  return translator(useContext(PagePhrases) ?? shell?.phrases ?? {});
}

/** The same outside React (a route's meta function). */
export function translator(phrases: Record<string, string>): Translate {
  return (key, values) => {
    const phrase = phrases[key] ?? key;
    return values ? phrase.replace(/\{\{(\w+)\}\}/g, (match, name: string) => String(values[name] ?? match)) : phrase;
  };
}
