import type { ServerPlugin } from '../server-registry.server.ts';
import type { CatalogueRenderingData } from './rendering-data.ts';
import { loadCatalogueView } from './catalogue.server.ts';

/** The catalogue's server half: the products landing, categories, series, parts, compare and cross-reference, the path picking the view. */
export const catalogueRenderings: ServerPlugin<CatalogueRenderingData> = {
  plugin: 'catalogue',
  renderings: {
    Catalogue: {
      load: async ({ request, context, language, itemPath, responseHeaders, markStatus }) => {
        const view = await loadCatalogueView(itemPath, request, context, language);
        // A listing page past the last has nothing to show (the page says which is the last).
        if (view.kind === 'category' && view.products.length === 0 && view.total > 0) markStatus(404);
        // A parameter or range the listing could not read is named on the page: bad input, 400.
        if (view.kind === 'category' && view.problems.length) markStatus(400);
        // As for search errors: the catalogue being down is for this moment only.
        if (view.kind === 'unavailable' || ('transient' in view && view.transient)) responseHeaders.set('Cache-Control', 'no-store');
        return view;
      },
      cache: { shared: 'catalogue' },
    },
  },
};
