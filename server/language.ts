/**
 * REQ-LANG-1: en (default, no prefix), de (/de), ja-jp (/ja-jp), zh (chosen by the host ending).
 * This module is shared by the server and the browser: it only maps URLs to languages and back.
 */

export const SITE_LANGUAGES = ['en', 'de', 'ja-jp', 'zh'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SiteLanguage = 'en';

export interface LanguageInfo {
  code: SiteLanguage;
  /** BCP 47 tag for `<html lang>`, `hreflang` and Intl. */
  tag: string;
  /** The language name Sitecore knows the item versions by (`sc_lang`, dictionary path). */
  sitecoreLanguage: string;
  /** URL prefix on the global host; zh has none because its host selects it. */
  pathPrefix: '' | '/de' | '/ja-jp';
  /** The language's own name, shown in the switcher. */
  nativeName: string;
}

export const LANGUAGES: Record<SiteLanguage, LanguageInfo> = {
  en: { code: 'en', tag: 'en', sitecoreLanguage: 'en', pathPrefix: '', nativeName: 'English' },
  de: { code: 'de', tag: 'de', sitecoreLanguage: 'de', pathPrefix: '/de', nativeName: 'Deutsch' },
  'ja-jp': { code: 'ja-jp', tag: 'ja-JP', sitecoreLanguage: 'ja-JP', pathPrefix: '/ja-jp', nativeName: '日本語' },
  zh: { code: 'zh', tag: 'zh-CN', sitecoreLanguage: 'zh-CN', pathPrefix: '', nativeName: '中文' },
};

const PREFIXED: Record<string, SiteLanguage> = { de: 'de', 'ja-jp': 'ja-jp' };

export type LanguageResolution =
  | { kind: 'page'; language: SiteLanguage; itemPath: string }
  | { kind: 'redirect'; location: string };

export function hostWithoutPort(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  return trimmed.replace(/:\d+$/, '');
}

/**
 * The demo's Chinese suffix for a site on this machine (decision 0086): browsers and curl resolve
 * every `*.localhost` name to the loopback address themselves (RFC 6761), where `127.0.0.1.cn`
 * resolves nowhere. A site on 127.0.0.1 or localhost has its Chinese twin at `cn.localhost`.
 */
export const LOOPBACK_ZH_SUFFIX = '.cn.localhost';

/** A suffix names its own bare host too: `.cn.localhost` is `cn.localhost` and `x.cn.localhost`. */
function matchingSuffix(name: string, zhHostSuffixes: readonly string[]): string | undefined {
  return zhHostSuffixes.find((suffix) => {
    const lower = suffix.toLowerCase();
    return name.endsWith(lower) || name === lower.slice(1);
  });
}

export function isChineseHost(host: string, zhHostSuffixes: readonly string[]): boolean {
  return matchingSuffix(hostWithoutPort(host).replace(/\.$/, ''), zhHostSuffixes) !== undefined;
}

const isLoopbackName = (name: string) => name === 'localhost' || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name) || name === '[::1]';

/**
 * The Chinese host of a global one: a loopback host's is the `.localhost` suffix's when one is
 * configured (127.0.0.1 -> cn.localhost, shop.localhost -> shop.cn.localhost), any other's is the
 * name plus the first suffix (www.example.com -> www.example.com.cn).
 */
export function chineseHostname(hostname: string, zhHostSuffixes: readonly string[]): string {
  const name = hostname.toLowerCase();
  const loopback = zhHostSuffixes.find((suffix) => suffix.endsWith('.localhost'));
  if (loopback && isLoopbackName(name)) return name.endsWith('.localhost') ? `${name.slice(0, -'.localhost'.length)}${loopback}` : loopback.slice(1);
  return `${name}${zhHostSuffixes[0] ?? '.cn'}`;
}

/** The global host of a Chinese one, the inverse of chineseHostname (cn.localhost -> localhost). */
export function globalHostname(hostname: string, zhHostSuffixes: readonly string[]): string {
  const name = hostname.toLowerCase();
  const match = matchingSuffix(name, zhHostSuffixes);
  if (!match) return name;
  if (match.endsWith('.localhost')) return name === match.slice(1) ? 'localhost' : `${name.slice(0, -match.length)}.localhost`;
  return name.slice(0, -match.length);
}

function normalizeItemPath(segments: string[]): string {
  const kept = segments.filter(Boolean);
  return kept.length === 0 ? '/' : `/${kept.join('/')}`;
}

/**
 * Splits a request path into language and CMS item path. A doubled language segment
 * (`/de/de/x`) and an explicit default prefix (`/en/x`) answer with the single canonical URL.
 */
export function resolveLanguage(pathname: string, host: string, zhHostSuffixes: readonly string[]): LanguageResolution {
  const segments = pathname.split('/').filter(Boolean);
  if (isChineseHost(host, zhHostSuffixes)) {
    return { kind: 'page', language: 'zh', itemPath: normalizeItemPath(segments) };
  }
  const first = segments[0]?.toLowerCase();
  if (first === 'en') {
    return { kind: 'redirect', location: localizedPath('en', normalizeItemPath(segments.slice(1))) };
  }
  // Own keys only: `/constructor` is a page name, not Object.prototype.constructor (issue 19).
  const language = first && Object.hasOwn(PREFIXED, first) ? PREFIXED[first] : undefined;
  if (!language) return { kind: 'page', language: DEFAULT_LANGUAGE, itemPath: normalizeItemPath(segments) };

  let rest = segments.slice(1);
  let canonical = segments[0] === language; // `/DE/` is answered with `/de/` too
  while (rest[0]?.toLowerCase() === language) {
    rest = rest.slice(1);
    canonical = false;
  }
  const itemPath = normalizeItemPath(rest);
  if (!canonical) return { kind: 'redirect', location: localizedPath(language, itemPath) };
  return { kind: 'page', language, itemPath };
}

/**
 * The language an address on this host names by its path (a prefix, or none): in the browser,
 * where the host stays the same, two addresses with the same are pages of one language.
 */
export function pathLanguage(pathname: string): string {
  const first = pathname.split('/').find(Boolean)?.toLowerCase();
  return first && Object.hasOwn(PREFIXED, first) ? first : '';
}

/** The path of an item in a language on that language's own host. German home is `/de/`. */
export function localizedPath(language: SiteLanguage, itemPath: string): string {
  const path = itemPath.startsWith('/') ? itemPath : `/${itemPath}`;
  const prefix = LANGUAGES[language].pathPrefix;
  if (!prefix) return path;
  return path === '/' ? `${prefix}/` : `${prefix}${path}`;
}

export interface SiteOrigins {
  global: string;
  zh: string;
}

/**
 * The global and Chinese origins as seen from a request. Configured origins win; otherwise the
 * Chinese host is the global one's twin (chineseHostname: example.com -> example.com.cn, a demo's
 * 127.0.0.1 -> cn.localhost) and back.
 */
export function siteOrigins(
  requestUrl: URL,
  zhHostSuffixes: readonly string[],
  configured: { publicOrigin?: string; zhPublicOrigin?: string } = {},
): SiteOrigins {
  const current = requestUrl.origin;
  const onChineseHost = isChineseHost(requestUrl.host, zhHostSuffixes);
  const swapHost = (toChinese: boolean) => {
    const url = new URL(current);
    url.hostname = toChinese ? chineseHostname(url.hostname, zhHostSuffixes) : globalHostname(url.hostname, zhHostSuffixes);
    return url.origin;
  };
  const global = configured.publicOrigin ?? (onChineseHost ? swapHost(false) : current);
  const zh = configured.zhPublicOrigin ?? (onChineseHost ? current : swapHost(true));
  return { global: trimSlash(global), zh: trimSlash(zh) };
}

function trimSlash(origin: string) {
  return origin.replace(/\/+$/, '');
}

/** Absolute URL of an item in every language, for `hreflang` alternates and the switcher. */
export function alternateUrls(itemPath: string, origins: SiteOrigins): Record<SiteLanguage, string> {
  return Object.fromEntries(
    SITE_LANGUAGES.map((language) => [
      language,
      `${language === 'zh' ? origins.zh : origins.global}${localizedPath(language, itemPath)}`,
    ]),
  ) as Record<SiteLanguage, string>;
}

export function languageFromSitecore(name: string): SiteLanguage | undefined {
  const lower = name.toLowerCase();
  return SITE_LANGUAGES.find((code) => LANGUAGES[code].sitecoreLanguage.toLowerCase() === lower || code === lower);
}
