import { LANGUAGES, SITE_LANGUAGES } from '../../cms/language.ts';
import { INDEX_LANGUAGE_NAMES } from './result-links.ts';

/** The index field naming every language an item exists in (docs/decisions/0080). */
export const AVAILABLE_LANGUAGES_FIELD = 'availablelanguages';

/**
 * The search page's results in the page's language (docs/decisions/0080): items in that language
 * (items in every language, such as parts, count as in it), and an English original where no
 * translation into it exists (marked lang="en" on the page, REQ-LANG-3). One advanced query for
 * every sort, page, tab and scope: the pipeline's language rule (REQ-LANG-5) only ranks, so under
 * a sort by date other languages' items came first. Plain text (the names are the index's own),
 * so `sitectl replay` sends the same expression without loading Headless.
 */
export function pageLanguageFilter(locale: string): string {
  const language = SITE_LANGUAGES.find((candidate) => LANGUAGES[candidate].tag.toLowerCase() === locale.toLowerCase()) ?? SITE_LANGUAGES.find((candidate) => LANGUAGES[candidate].tag.slice(0, 2) === locale.slice(0, 2).toLowerCase()) ?? 'en';
  const own = INDEX_LANGUAGE_NAMES[language];
  const english = INDEX_LANGUAGE_NAMES.en;
  if (own === english) return `@language==${english}`;
  return `(@language==${own}) OR (@language==${english} AND NOT @${AVAILABLE_LANGUAGES_FIELD}==${own})`;
}
