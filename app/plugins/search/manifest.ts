import { COMPARE_TOGGLE_PHRASES } from '../catalogue/manifest.ts';
import { definePlugin } from '../manifest-types.ts';

/** The phrases catalogue/cross-reference-reason.ts says, for the answer to another maker's number (decision 0161). */
const CROSS_REFERENCE_REASON_PHRASES = ['catalogue.reason.same', 'catalogue.reason.series', 'catalogue.reason.category', 'catalogue.reason.sameRating', 'catalogue.reason.rating', 'catalogue.reason.package', 'catalogue.reason.packageDiffers', 'catalogue.reason.direction.*', 'catalogue.reason.tolerance.*', 'catalogue.reason.automotive.*'];


/** The search page (REQ-SEARCH-1 and on); its tabs and scopes are sections.ts's, not the manifest's (the editor needs none of them). */
export const searchManifest = definePlugin('search', [
  {
    name: 'SearchResults',
    label: 'Search results',
    description: 'The search page: tabs, facets, results and recommendations, read from the address.',
    module: 'search/SearchResults.tsx',
    datasource: 'none',
    server: true,
    phrases: ['search', ...COMPARE_TOGGLE_PHRASES, 'recommendations', 'units', ...CROSS_REFERENCE_REASON_PHRASES],
  },
]);
