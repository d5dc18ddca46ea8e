import { data as routeData, type AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from './language.ts';
import { loadDictionary } from './dictionary.server.ts';
import { errorMessageKey } from './error-messages.ts';
import { answeringLocation } from './page-location.server.ts';
import { isShellPhrase, pickPhrases } from './phrases.ts';
import { isDataAnswer } from '~/lib/route-answer.server.ts';

/**
 * An error answer (4xx, 5xx) carries the phrases of its message when the shell does not have them
 * (SHELL_PHRASES keeps only the generic ones): the error page says what was wrong in the page's
 * language, with JavaScript and without.
 */
export async function withErrorPhrases<T>(request: Request, context: AppLoadContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const status = isDataAnswer(error) ? error.init?.status : undefined;
    if (!isDataAnswer(error) || status === undefined || status < 400) throw error;
    const payload: object = error.data && typeof error.data === 'object' ? error.data : {};
    const key = errorMessageKey(status, payload);
    if ('phrases' in payload || isShellPhrase(`${key}.title`)) throw error;
    let language: SiteLanguage;
    try {
      language = (await answeringLocation(request, context)).language;
    } catch {
      throw error;
    }
    // `${key}.*`: the title, the text and what else the page of that error shows (a 404's search and entry points).
    const phrases = pickPhrases(await loadDictionary(context, language), [`${key}.*`]);
    throw routeData({ ...payload, phrases }, error.init ?? undefined);
  }
}

