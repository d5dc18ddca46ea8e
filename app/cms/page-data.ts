import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import type { PlaceholdersData, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import type { RenderingModules } from '~/plugins/component-modules.ts';
import type { SiteLanguage, SiteOrigins } from './language.ts';

// The loaders' answers as the browser reads them: types only, so that components and the shell's
// hook import them without the server modules that make them (no import circle, issue 29).

export interface PageLocation {
  language: SiteLanguage;
  itemPath: string;
}

export interface ErrorPayload {
  errorId: string;
}

/** A 404 for a page that is published in other languages than the one asked for (decision 0133). */
export interface MissingVersionPayload extends ErrorPayload {
  /** The dictionary message it shows (error.noVersion; a page is not sent it unless it is this 404). */
  reason: string;
  itemPath: string;
  versions: SiteLanguage[];
}


export interface PageData extends PageLocation {
  /**
   * The languages the page is published in (the content host's sitemap, decision 0133); absent
   * where the content host does not list the item (wildcard items): every language.
   */
  languages?: SiteLanguage[];
  /** The page's route without the header and footer: the shell sends those (ShellData.chrome). */
  route: RouteData;
  /**
   * The language, account and header and footer this page was made for (shellKeyOf): when the
   * shell the browser holds has another, it asks for the shell again (CmsPage).
   */
  shellKey: string;
  /**
   * Phrases of what the page shows instead of its renderings (the expired-session dialog). The
   * renderings' own come from the page-phrases route (loadCmsPagePhrases), which the browser keeps
   * while the path stays the same.
   */
  phrases?: DictionaryPhrases;
  /** The page's analytics beacon (decision 0049); none on a page that shows nothing (expired session). */
  beacon?: string;
  /** The page needs an account and the visitor's session has expired (the Auth required dialog). */
  authRequired?: boolean;
  /** The browser's modules for this page's renderings, fetched before it hydrates (decision 0059). */
  modulePreloads?: ModulePreload[];
  /** Where the browser finds the code of the page's renderings. */
  renderingModules?: RenderingModules;
  /**
   * 503: the page's whole content depends on a service that is down; 4xx: a rendering could not
   * answer the request as asked (bad parameters). The page still renders either way.
   */
  status?: number;
}

/** What the header shows of the visitor's account (never tokens). */
export interface ShellAccount {
  state: 'signed-in' | 'expired' | 'anonymous';
  displayName?: string;
  groups?: string[];
}

/**
 * The root loader's data: what the shell renders on every page of a language (use-site-shell.ts
 * adds what follows from the address). The browser keeps it while the visitor stays in the
 * language: a navigation does not ask for it again (root.tsx shouldRevalidate) unless the page's
 * shellKey says it changed.
 */
export interface ShellData {
  language: SiteLanguage;
  account: ShellAccount;
  tag: string;
  phrases: DictionaryPhrases;
  /** The global and Chinese origins the alternates of every page are made from. */
  origins: SiteOrigins;
  /** The header's and footer's placeholders (the same on the pages of a language). */
  chrome?: PlaceholdersData;
  /** What a page's shellKey is compared with. */
  key: string;
}


/** A chunk the document asks the browser to fetch early; `module` marks the facade of a rendering's module. */
export interface ModulePreload {
  href: string;
  module?: string;
}
