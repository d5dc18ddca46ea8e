import type { AppLoadContext } from '@remix-run/node';
import { LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import { search, SearchApiError } from '~/search-api/client.server.ts';
import { exactPartExpression, exactPartKey, isExactPart } from './exact-part-query.server.ts';
import { resultHref } from './result-links.ts';

// The query side (pure: the CLI's replay sends the same fields) lives beside, in exact-part-query.server.ts.
export { EXACT_PART_MODIFIER, exactPartExpression, exactPartKey, isExactPart, withExactPart } from './exact-part-query.server.ts';

/**
 * The page of the part a query names, in the visitor's language, or undefined (no such part, or
 * the service refused: the visitor then gets the results page, which says why).
 */
export async function exactPartHref(q: string, language: SiteLanguage, context: AppLoadContext): Promise<string | undefined> {
  const key = exactPartKey(q);
  if (!key) return undefined;
  try {
    const answer = await search(
      context,
      { q: '', aq: exactPartExpression(key), numberOfResults: 1, locale: LANGUAGES[language].tag, searchHub: 'default', tab: 'default', fieldsToInclude: ['partnumber', 'language'], enableDidYouMean: false },
      { timeoutMs: 2000 },
    );
    const part = answer.results.find((result) => isExactPart(result.raw.partnumber, q));
    return part ? resultHref(part.clickUri, language, part.raw.language, context.config.publicOrigin ? [context.config.publicOrigin] : []) : undefined;
  } catch (error) {
    if (error instanceof SearchApiError) return undefined;
    throw error;
  }
}
