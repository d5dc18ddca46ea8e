import { LANGUAGE_NAMES, type ContentLanguage } from '@voltaris/catalogue/taxonomy';
import type { CatalogueDocument } from './generate.ts';

/**
 * The index field `availablelanguages`: the languages an item exists in, on each of its language
 * versions, as an indexing pipeline extension would add it. The search page keeps to the page's
 * language with it, falling back to the English original only where no translation exists
 * (docs/decisions/0080): a sort then reorders one set instead of bringing other languages' items.
 */
export const AVAILABLE_LANGUAGES_FIELD = 'availablelanguages';

/** What the language versions of one item share: a file's name without its language, a page's address. */
function translationKey(doc: CatalogueDocument): string {
  if (doc.objecttype === 'Document') return `${doc.objecttype} ${doc.path.replace(/-(de|ja|zh)\.pdf$/, '.pdf')}`;
  return `${doc.objecttype} ${String(doc.fields.clickableuri ?? doc.path)}`;
}

/** Sets `availablelanguages` on every document written in one language (items in every language have none). */
export function markTranslations(documents: CatalogueDocument[]): void {
  const languagesOf = new Map<string, Set<ContentLanguage>>();
  for (const doc of documents) {
    if (!doc.language) continue;
    const key = translationKey(doc);
    const languages = languagesOf.get(key) ?? new Set<ContentLanguage>();
    languages.add(doc.language);
    languagesOf.set(key, languages);
  }
  for (const doc of documents) {
    if (!doc.language) continue;
    doc.fields[AVAILABLE_LANGUAGES_FIELD] = [...languagesOf.get(translationKey(doc))!].sort().map((language) => LANGUAGE_NAMES[language]);
  }
}
