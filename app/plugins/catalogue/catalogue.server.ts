import type { AppLoadContext } from '@remix-run/node';
import type { SiteLanguage } from '~/cms/language.ts';
import { CatalogueUnavailableError, type SearchApiResponse } from './search-api.server.ts';
import { resolveCategories } from './taxonomy.server.ts';
import type { CatalogueView } from './view-types.ts';
import { landing, partPage, seriesPage } from './product-pages.server.ts';
import { listing } from './category-listing.server.ts';
import { compare, crossReference } from './compare-cross-reference.server.ts';
import { notFound } from './catalogue-reads.server.ts';

/**
 * Builds what each catalogue page shows from the request path and query, through the Search API:
 * /products/ (the tree), /products/<l1>[/<l2>[/<l3>]] (parametric listing), .../<series> (L6),
 * .../<series>/<part> (L7), /products/compare, /products/cross-reference.
 */
/** The catalogue view for a request under /products/ (item path without the language prefix). */
export async function loadCatalogueView(itemPath: string, request: Request, context: AppLoadContext, language: SiteLanguage): Promise<CatalogueView> {
  const url = new URL(request.url);
  const segments = itemPath.split('/').filter(Boolean).slice(1).map((s) => s.toLowerCase());
  try {
    if (segments.length === 0) return await landing(language, context, request);
    if (segments.length === 1 && segments[0] === 'compare') {
      const view = await compare(url, language, context, request);
      const parts = view.parts.map((part) => part.partNumber).join(', ');
      return { ...view, pageTitlePhrase: parts ? { key: 'catalogue.compareTitleParts', values: { parts } } : { key: 'catalogue.compareTitle' } };
    }
    if (segments.length === 1 && segments[0] === 'cross-reference') {
      const view = await crossReference(url, language, context, request);
      return { ...view, pageTitlePhrase: view.query && !view.problem ? { key: 'catalogue.crossReferenceFor', values: { part: view.query } } : { key: 'catalogue.crossReference' } };
    }
    if (segments.length <= 3) {
      const nodes = resolveCategories(segments, language);
      if (!nodes) notFound();
      return await listing(nodes, url, language, context, request);
    }
    const nodes = resolveCategories(segments.slice(0, 3), language);
    if (!nodes || segments.length > 5) notFound();
    const seriesPath = `/products/${segments.slice(0, 4).join('/')}`;
    if (segments.length === 4) return await seriesPage(nodes, segments[3]!, seriesPath, language, context, request);
    return await partPage(`${seriesPath}/${segments[4]}`, language, context, request);
  } catch (error) {
    if (error instanceof CatalogueUnavailableError) return { kind: 'unavailable', message: error.message };
    throw error;
  }
}

export type { SearchApiResponse };
