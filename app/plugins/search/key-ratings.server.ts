import type { SiteLanguage } from '~/cms/language.ts';
import { formatQuantity } from '~/lib/units.ts';
import { categoryTree } from '../catalogue/taxonomy.server.ts';
import type { KeyRating } from './search-view.ts';

/**
 * A part's key ratings, for the compact table of a series' folded parts (docs/decisions/0177): the
 * parameter its part number encodes (the type's primary) and the next one its type lists, in the
 * page's language and notation. A part's type comes from its indexed L2 name.
 */

const SHOWN = 2;

function keyParameters(leveltwocategory: string, language: SiteLanguage) {
  for (const l1 of categoryTree(language))
    for (const l2 of l1.children) {
      if (l2.indexName !== leveltwocategory) continue;
      const primary = l2.parameters.find((p) => p.field === l2.primary);
      return [...(primary ? [primary] : []), ...l2.parameters.filter((p) => p !== primary)].slice(0, SHOWN);
    }
  return [];
}

/** Every field a key rating can come from: the search asks for these with its results. */
export function keyRatingFields(): string[] {
  const fields = new Set<string>();
  for (const l1 of categoryTree('en')) for (const l2 of l1.children) for (const p of keyParameters(l2.indexName, 'en')) fields.add(p.field);
  return [...fields];
}

export function keyRatings(raw: Record<string, unknown>, language: SiteLanguage): KeyRating[] {
  const type = typeof raw.leveltwocategory === 'string' ? raw.leveltwocategory : '';
  return keyParameters(type, language).map((p) => {
    const value = raw[p.field];
    return { label: p.label, text: typeof value === 'number' ? formatQuantity(value, p.unit, language) : '–' };
  });
}
