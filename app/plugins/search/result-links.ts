import { LANGUAGES, localizedPath, type SiteLanguage } from '~/cms/language.ts';

/**
 * Where search results and redirect triggers take a visitor (REQ-LANG-5, REQ-SEARCH-8): in the visitor's
 * language where the target exists in it. Shared by the server and the browser (no secrets).
 */

/** The names the index gives languages (its `language` field), per site language. */
export const INDEX_LANGUAGE_NAMES: Record<SiteLanguage, string> = { en: 'English', de: 'German', 'ja-jp': 'Japanese', zh: 'Chinese' };

const LANGUAGE_PREFIX = /^\/(en|de|ja-jp)(?=[/?#]|$)/i;

/** A file (a PDF under /media, an image) has one address in every language; a page has one per language. */
function isPage(path: string): boolean {
  const bare = path.split(/[?#]/)[0]!;
  return !/^\/(-\/)?media\//i.test(bare) && !/\.[a-z0-9]{2,5}$/i.test(bare);
}

function names(documentLanguages: unknown): string[] | undefined {
  if (typeof documentLanguages === 'string') return [documentLanguages];
  if (Array.isArray(documentLanguages)) return documentLanguages.filter((name): name is string => typeof name === 'string');
  return undefined;
}

/**
 * The site path of a URL on one of the site's own origins (the index may name pages by their
 * public address); undefined for another site's URL or anything that is not http(s) or a path.
 */
function sitePath(target: string, ownOrigins: readonly string[]): string | undefined {
  const trimmed = target.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (!ownOrigins.some((origin) => origin.replace(/\/+$/, '') === url.origin)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A result's link for a visitor in `language`. A page of this site that exists in that language
 * (its index `language` field names it, or is absent: the page exists in every language) gets the
 * language's prefix; a page only in another language, a file, a path that already names its
 * language, and other sites' URLs are left as they are. `ownOrigins` are the site's public
 * origins, whose absolute URLs become paths on the visitor's own host.
 */
export function resultHref(clickUri: string, language: SiteLanguage, documentLanguages?: unknown, ownOrigins: readonly string[] = []): string {
  const path = sitePath(clickUri, ownOrigins);
  if (path === undefined) return clickUri;
  if (LANGUAGE_PREFIX.test(path) || !isPage(path) || !LANGUAGES[language].pathPrefix) return path;
  const available = names(documentLanguages);
  if (available && available.length > 0 && !available.some((name) => name.toLowerCase() === INDEX_LANGUAGE_NAMES[language].toLowerCase())) return path;
  return localizedPath(language, path);
}

/**
 * Where a redirect trigger sends a visitor in `language` (REQ-SEARCH-8): a page of this site in the
 * visitor's language, another site's http(s) URL as it is; undefined for anything else (a
 * `javascript:` URL, a bare word), which is then not followed.
 */
export function triggerTargetHref(content: string, language: SiteLanguage, ownOrigins: readonly string[] = []): string | undefined {
  const path = sitePath(content, ownOrigins);
  if (path !== undefined) return LANGUAGE_PREFIX.test(path) || !isPage(path) ? path : localizedPath(language, path);
  try {
    const url = new URL(content.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
