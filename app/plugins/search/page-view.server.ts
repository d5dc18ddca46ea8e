import type { FoldedResultView, ResultView, SearchView } from './search-view.ts';
import type { PageSearchView } from './search-view.ts';
import type { SiteLanguage } from '~/cms/language.ts';
import { packageName } from '@voltaris/catalogue/package-names';
import { contentLanguage } from '../catalogue/taxonomy.server.ts';

/**
 * The result fields each kind of result shows (SearchResults.tsx ResultItem); `date` on every
 * kind but parts (a part is chosen by what it is, not when its record was published). The search asks the index for more (facets, analytics and the other pages read them).
 */
const SHOWN_FIELDS: Record<string, readonly string[]> = {
  Product: ['partnumber', 'series', 'productimageurl', 'datasheeturl', 'checkstock', 'isparteligibleforsample', 'shortdescription', 'currentpagecategoryname', 'levelthreecategory'],
  Document: ['documenttypedisplayname', 'resourcetype', 'filetype', 'size', 'issecured'],
  FAQ: ['question_custom', 'answer_custom'],
};

function shownResult(result: ResultView): ResultView {
  const wanted = SHOWN_FIELDS[result.type] ?? [];
  const fields: ResultView['fields'] = {};
  for (const name of [...(result.type === 'Product' ? [] : ['date']), ...wanted]) {
    const value = result.fields[name];
    // An empty value shows as nothing either way.
    if (value !== null && value !== undefined && value !== '' && value !== false) fields[name] = value;
  }
  // Fallbacks the page reads only without the field they stand in for.
  if (fields.currentpagecategoryname) delete fields.levelthreecategory;
  // The short description is shown in place of the excerpt when there is one.
  const excerpt = typeof fields.shortdescription === 'string' && fields.shortdescription ? '' : result.excerpt;
  const { uniqueId, title, clickUri, uriHash, source, permanentId, type, lang, ratings } = result;
  return { uniqueId, title, clickUri, uriHash, source, permanentId, excerpt, type, ...(lang ? { lang } : {}), fields, ...(ratings ? { ratings } : {}) };
}

function shownFolded(result: FoldedResultView): FoldedResultView {
  return { ...shownResult(result), children: result.children.map(shownResult), collectionId: result.collectionId, moreInCollection: result.moreInCollection };
}

/**
 * What the results page renders of a search: each result with the fields its kind shows, no
 * answer metadata the page does not show (pipeline, duration). A new object: the search's answer
 * may be kept and shared a moment (search.server.ts).
 */
export function pageSearchView(view: SearchView): PageSearchView {
  const { pipeline: _pipeline, durationMs: _durationMs, results, ...shown } = view;
  return { ...shown, results: results.map(shownFolded) };
}

/** The dictionary's names of the facet values a search shows, selected ones included (facet-values.ts). */
export function facetValuePhrases(view: Pick<SearchView, 'facets'>, selected: Record<string, string[]>, dictionary: Record<string, string>, language?: SiteLanguage): Record<string, string> {
  const phrases: Record<string, string> = {};
  const add = (field: string, value: string) => {
    const key = `facetValue.${field}.${value}`;
    if (Object.hasOwn(dictionary, key)) phrases[key] = dictionary[key]!;
    // A package is named as the catalogue names it in the page's language ("Radial disc" is ラジアルディスク), decision 0170.
    else if (field === 'package' && language) phrases[key] = packageName(value)[contentLanguage(language)];
  };
  for (const facet of view.facets) {
    for (const value of [...facet.values, ...(facet.search?.values ?? [])]) add(facet.field, value.value);
    for (const value of selected[facet.id] ?? []) add(facet.field, value);
  }
  return phrases;
}
