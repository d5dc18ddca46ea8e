import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';

/**
 * The phrases the shell renders on every page, and only those: the skip link, the header (brand,
 * navigation, the search box with its scopes, the account corner, the languages), the footer, the
 * page title's site name, the placeholder renderer's own two messages (a rendering without its
 * content item, one that failed: header and footer are placeholders too), and what an error page
 * needs whatever went wrong (a generic message for a fault and for a bad request, the error
 * reference, the way home). An error the server answers
 * carries its own message's phrases (errorPhrasesOf); a rendering names the namespaces it needs
 * (ComponentDefinition.phrases) and a page is sent only those.
 *
 * A selector is a namespace (`header`: every key before whose first dot it is), a key
 * (`auth.signIn`), or a key prefix (`search.scope.*`).
 */
export const SHELL_PHRASES = [
  'site',
  'a11y',
  'header',
  'footer',
  'cms',
  'auth.signIn',
  'auth.signOut',
  'auth.account',
  'auth.partnerPortal',
  'search.label',
  'search.placeholder',
  'search.submit',
  'search.suggestions',
  'search.recent',
  'search.suggesterError',
  'search.instantResults',
  'search.scope',
  'search.scope.*',
  // The header box's own refusal page (routes/search.tsx): a query it cannot send.
  'search.invalidQuery',
  'error.server.title',
  'error.server.text',
  'error.badRequest.title',
  'error.badRequest.text',
  'error.id',
  'error.home',
] as const;

function matcher(selectors: Iterable<string>): (key: string) => boolean {
  const namespaces = new Set<string>();
  const keys = new Set<string>();
  const prefixes: string[] = [];
  for (const selector of selectors) {
    if (selector.endsWith('.*')) prefixes.push(selector.slice(0, -1));
    else if (selector.includes('.')) keys.add(selector);
    else namespaces.add(selector);
  }
  return (key) => namespaces.has(key.split('.', 1)[0]!) || keys.has(key) || prefixes.some((prefix) => key.startsWith(prefix));
}

const inShell = matcher(SHELL_PHRASES);

/** Whether the shell sends a key (a component outside a page may only name those). */
export function isShellPhrase(key: string): boolean {
  return inShell(key);
}

/** Picks are kept per dictionary object (the layout port caches those) and set of selectors. */
const picks = new WeakMap<DictionaryPhrases, Map<string, DictionaryPhrases>>();

function pick(phrases: DictionaryPhrases, selectors: Iterable<string>, withoutShell: boolean): DictionaryPhrases {
  const wanted = [...new Set(selectors)].sort();
  const cacheKey = `${withoutShell ? '-shell ' : ''}${wanted.join(',')}`;
  let bySelectors = picks.get(phrases);
  if (!bySelectors) picks.set(phrases, (bySelectors = new Map()));
  let picked = bySelectors.get(cacheKey);
  if (!picked) {
    const matches = matcher(wanted);
    picked = Object.fromEntries(Object.entries(phrases).filter(([key]) => matches(key) && !(withoutShell && inShell(key))));
    bySelectors.set(cacheKey, picked);
  }
  return picked;
}

/** The phrases of the named namespaces, keys or key prefixes. */
export function pickPhrases(phrases: DictionaryPhrases, selectors: Iterable<string>): DictionaryPhrases {
  return pick(phrases, selectors, false);
}

/** The shell's phrases (SHELL_PHRASES). */
export function shellPhrases(phrases: DictionaryPhrases): DictionaryPhrases {
  return pick(phrases, SHELL_PHRASES, false);
}

/** A page's phrases: those its renderings name, less what the shell has sent already. */
export function pagePhrases(phrases: DictionaryPhrases, namespaces: Iterable<string>): DictionaryPhrases {
  return pick(phrases, namespaces, true);
}
