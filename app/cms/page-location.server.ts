import { redirect, type AppLoadContext } from '@remix-run/node';
import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';
import { signInLanguage } from '~/auth/sign-in.server.ts';
import { loadDictionary } from './dictionary.server.ts';
import { editingLocation } from './editing.server.ts';
import { resolveLanguage } from './language.ts';
import type { PageLocation } from './page-data.ts';
import { pickPhrases } from './phrases.ts';

/** Language and item path of a request; a non-canonical URL is answered with a 301 to the canonical one. */
export function locatePage(request: Request, context: AppLoadContext): PageLocation {
  // Sitecore Pages names the page by sc_lang and route, not by the address (issue 32).
  const editing = editingLocation(context);
  if (editing) return editing;
  const url = new URL(request.url);
  const resolution = resolveLanguage(url.pathname, url.host, context.config.zhHostSuffixes);
  if (resolution.kind === 'redirect') throw redirect(`${resolution.location}${url.search}`, 301);
  return { language: resolution.language, itemPath: resolution.itemPath };
}

/** Sign-in's callback: one address for every language. */
const SIGN_IN_CALLBACK = /^\/login\/callback\/?$/i;

/**
 * Where a request is answered and in which language: its address's, except on sign-in's callback,
 * which answers in the language the sign-in started from (when the browser still says which).
 */
export async function answeringLocation(request: Request, context: AppLoadContext): Promise<PageLocation> {
  const location = locatePage(request, context);
  if (!SIGN_IN_CALLBACK.test(location.itemPath)) return location;
  return { ...location, language: (await signInLanguage(request, context)) ?? location.language };
}

/** Phrases beyond the shell's for a page outside the CMS (a sign-in refusal), in the request's language. */
export async function phrasesFor(request: Request, context: AppLoadContext, selectors: readonly string[]): Promise<DictionaryPhrases> {
  return pickPhrases(await loadDictionary(context, (await answeringLocation(request, context)).language), selectors);
}

