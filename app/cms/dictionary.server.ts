import type { AppLoadContext } from '@remix-run/node';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import { log } from '~/lib/logger.server.ts';
import { timed } from '../../server/server-timing.ts';
import { LANGUAGES, type SiteLanguage } from './language.ts';
import { editingPage } from './editing.server.ts';
import { layoutPort } from './layout-reads.server.ts';

/**
 * The UI strings of a language, for pages and for code outside a CMS page (mails, the preview):
 * never throws; pages still render without them (the content comes from the layout service).
 */
export async function loadDictionary(context: AppLoadContext, language: SiteLanguage): Promise<DictionaryPhrases> {
  // Sitecore Pages' page: the preview's dictionary, read with its layout (issue 32). A page the
  // preview does not have (404) or could not give comes without one: its error page then speaks
  // the published dictionary's words, never raw keys.
  const editing = editingPage(context);
  if (editing) return editing.then((page) => page.dictionary, () => publishedDictionary(context, language));
  return publishedDictionary(context, language);
}

async function publishedDictionary(context: AppLoadContext, language: SiteLanguage): Promise<DictionaryPhrases> {
  try {
    return await timed(context.timing, 'dictionary', () => layoutPort(context).fetchDictionary(LANGUAGES[language].sitecoreLanguage));
  } catch (error) {
    log('warn', 'cms', `dictionary unavailable for ${language}:`, error instanceof Error ? error.message : error);
    // An error page still speaks words, not keys.
    return context.fallbackPhrases?.[language] ?? {};
  }
}

