import type { DictionaryPhrases } from '@sitecore-jss/sitecore-jss/i18n';

/**
 * Dictionary namespaces every page has: the header, footer, search box, account menu and error
 * pages use them. A rendering names any other it needs (ComponentDefinition.phrases), and a page is
 * sent only those of its renderings: all phrases together are 17 kB of every page's data.
 */
export const SHELL_PHRASE_NAMESPACES = ['site', 'a11y', 'header', 'footer', 'cms', 'error', 'auth', 'search'] as const;

/** Picks are kept per dictionary object (the layout port caches those) and set of namespaces. */
const picks = new WeakMap<DictionaryPhrases, Map<string, DictionaryPhrases>>();

export function pickPhrases(phrases: DictionaryPhrases, namespaces: Iterable<string>): DictionaryPhrases {
  const wanted = new Set(namespaces);
  const key = [...wanted].sort().join(',');
  let byNamespaces = picks.get(phrases);
  if (!byNamespaces) picks.set(phrases, (byNamespaces = new Map()));
  let picked = byNamespaces.get(key);
  if (!picked) {
    const namespaceOf = (phraseKey: string) => phraseKey.split('.', 1)[0]!;
    picked = Object.fromEntries(Object.entries(phrases).filter(([phraseKey]) => wanted.has(namespaceOf(phraseKey))));
    byNamespaces.set(key, picked);
  }
  return picked;
}
