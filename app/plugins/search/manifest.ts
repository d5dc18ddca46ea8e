import { COMPARE_TOGGLE_PHRASES } from '../catalogue/manifest.ts';
import { definePlugin } from '../manifest-types.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from './sections.ts';

/** The search page (REQ-SEARCH-1 and on), with its tabs and scopes (sections.ts). */
export const searchManifest = definePlugin('search', [
  {
    name: 'SearchResults',
    label: 'Search results',
    description: 'The search page: tabs, facets, results and recommendations, read from the address.',
    module: 'search/SearchResults.tsx',
    datasource: 'none',
    server: true,
    phrases: ['search', ...COMPARE_TOGGLE_PHRASES, 'recommendations'],
  },
], { searchTabs: SEARCH_TABS, searchScopes: SEARCH_SCOPES });
