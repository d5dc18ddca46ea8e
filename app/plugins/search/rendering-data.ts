import type { SearchResultsData } from './search-view.ts';

/**
 * The search plugin's renderings and the data each one's loader gives its component (renderings.server.ts
 * returns it, the component renders it; `undefined`: the rendering has no loader). Client-safe
 * types only, so the components import it as well as the server half.
 */
export interface SearchRenderingData {
  SearchResults: SearchResultsData;
}
