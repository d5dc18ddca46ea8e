import { LANGUAGES, SITE_LANGUAGES, type SiteLanguage } from './language.ts';

/**
 * The site language Pages means by `sc_lang` (issue 32): the CMS's names (en, de, ja-JP, zh-CN) in
 * any case, the site's codes, and a regional name whose language the site has in one region only
 * (de-DE: de). Undefined: not a language of this site.
 */
export function editingLanguage(name: string): SiteLanguage | undefined {
  const lower = name.trim().toLowerCase();
  const exact = SITE_LANGUAGES.find((code) => code === lower || LANGUAGES[code].sitecoreLanguage.toLowerCase() === lower);
  if (exact) return exact;
  const base = lower.split('-')[0];
  return SITE_LANGUAGES.find((code) => LANGUAGES[code].sitecoreLanguage.toLowerCase().split('-')[0] === base);
}

/** The CMS names of the site's languages, for messages. */
export const EDITING_LANGUAGE_NAMES = SITE_LANGUAGES.map((code) => LANGUAGES[code].sitecoreLanguage);
