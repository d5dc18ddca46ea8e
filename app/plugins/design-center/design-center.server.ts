import type { AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';
import type { MediaLibrary } from '~/lib/media-library.server.ts';
import { contentLanguage } from '../catalogue/taxonomy.server.ts';
import { applicationPath, DESIGN_CENTER_MARKETS, localized, type ApplicationContent } from '@voltaris/catalogue/design-center-applications';
import type { ApplicationCard } from './view-types.ts';

/**
 * The design center's server side: the application guide's cards, the application and market
 * pages on the `/design-center/applications/,-w-,` wildcard item, and the selection-guide and
 * industry-relay tables. Texts come from the design-center content module and the two JSON data
 * files; product families and documents from the search index, as the catalogue reads it; every
 * picture and document link through the media link rule (GetMediaLibUrl).
 *
 * This module holds what its parts share (the loaders' arguments, an application's card, the
 * markets, a search field's text); the parts are application-guide.server.ts (the guide's cards),
 * design-center-page.server.ts (application and market pages), data-tables.server.ts (the two
 * tables) and parameter-windows.server.ts (a row's parameter window as text, link and query).
 */

export interface LoaderArgs {
  request: Request;
  context: AppLoadContext;
  language: SiteLanguage;
  itemPath: string;
  responseHeaders: Headers;
  markStatus: (status: number) => void;
}

export function card(application: ApplicationContent, language: SiteLanguage, media: MediaLibrary): ApplicationCard {
  const lang = contentLanguage(language);
  return {
    slug: application.slug,
    name: localized(application.name, lang),
    sortName: lang === 'ja' || lang === 'zh' ? application.name.en : localized(application.name, lang),
    summary: localized(application.summary, lang),
    marketSlug: application.market.slug,
    marketName: localized(application.market.name, lang),
    path: applicationPath(application),
    image: { src: media.link(application.image), alt: localized(application.imageAlt, lang) },
  };
}

export function marketsList(language: SiteLanguage) {
  const lang = contentLanguage(language);
  return DESIGN_CENTER_MARKETS.map((market) => ({ slug: market.slug, name: localized(market.name, lang) }));
}

/** A search field's value as text: a string, or a list of strings joined. */
export function rawText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((item) => typeof item === 'string').join(', ');
  return '';
}
