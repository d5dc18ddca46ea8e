import type { ComponentFields } from '@sitecore-jss/sitecore-jss/layout';
import { useLocation } from '@remix-run/react';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { CatalogueRenderingData } from './rendering-data.ts';
import { LandingPage } from './views/LandingPage.tsx';
import { SeriesPage } from './views/SeriesPage.tsx';
import { PartPage } from './views/PartPage.tsx';
import { ComparePage } from './views/ComparePage.tsx';
import { CrossReferencePage } from './views/CrossReferencePage.tsx';
import { CategoryListing, LISTING_MODULE, usePrefetchListing } from './lazy-listing.tsx';

export { ready } from './lazy-listing.tsx';

/**
 * The catalogue rendering: one CMS component whose data loader reads the request path
 * (catalogue.server.ts) and hands it one of the views below. Placed on /products and on the
 * /products/,-w-, wildcard item, so editors keep the page chrome and can add content around it.
 */
function Catalogue({ data: view }: RenderingProps<ComponentFields, CatalogueRenderingData['Catalogue']>) {
  const t = useTranslate();
  const { pathname, search } = useLocation();
  usePrefetchListing(!view || view.kind === 'category');
  if (!view) return null;
  switch (view.kind) {
    case 'landing':
      return <LandingPage view={view} />;
    case 'category':
      return <CategoryListing view={view} />;
    case 'series':
      return <SeriesPage view={view} />;
    case 'part':
      return <PartPage view={view} />;
    case 'compare':
      return <ComparePage view={view} />;
    case 'crossReference':
      return <CrossReferencePage view={view} />;
    case 'unavailable':
      return (
        <section className="catalogue catalogue--unavailable" role="alert">
          <p>{t('catalogue.unavailable')}</p>
          <p className="facet__count">{view.message}</p>
          <p>
            <a href={`${pathname}${search}`}>{t('catalogue.retry')}</a>
          </p>
        </section>
      );
  }
}

export const catalogue: ComponentDefinition<CatalogueRenderingData['Catalogue']> = {
  name: 'Catalogue',
  Component: Catalogue,
  // A listing's document names the listing's own chunk (see lazy-listing.tsx).
  preloadsFor: (view) => (view.kind === 'category' ? [LISTING_MODULE] : []),
};
