import type { SitePlugin } from '../types.ts';
import { searchResults } from './SearchResults.tsx';
import { SEARCH_SCOPES, SEARCH_TABS } from './sections.ts';

/** The search extension: its tabs and scopes (REQ-SEARCH-2, REQ-SEARCH-3) and the search page's results component. */
export const searchPlugin: SitePlugin = { name: 'search', components: [searchResults], serverRenderings: ['SearchResults'], searchTabs: SEARCH_TABS, searchScopes: SEARCH_SCOPES };
