import type { SitePlugin } from '../types.ts';
import { SEARCH_SCOPES, SEARCH_TABS } from './sections.ts';

/** The search extension: its tabs and scopes (SPEC 2). The search page itself comes with issue 4. */
export const searchPlugin: SitePlugin = { name: 'search', searchTabs: SEARCH_TABS, searchScopes: SEARCH_SCOPES };
