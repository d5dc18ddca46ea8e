import type { CatalogueView } from './view-types.ts';

/**
 * The catalogue plugin's renderings and the data each one's loader gives its component (renderings.server.ts
 * returns it, the component renders it; `undefined`: the rendering has no loader). Client-safe
 * types only, so the components import it as well as the server half.
 */
export interface CatalogueRenderingData {
  Catalogue: CatalogueView;
}
