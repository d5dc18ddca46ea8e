import { definePlugin } from '../manifest-types.ts';

/** The compare toggle's words: a page that places it without the catalogue's other parts names these (the search page). */
export const COMPARE_TOGGLE_PHRASES = ['catalogue.addToCompare', 'catalogue.compare', 'catalogue.compareCount', 'catalogue.compareFull', 'catalogue.compareNow', 'catalogue.inCompare'] as const;

/** The product catalogue: categories, listings and part pages, read from the address (a wildcard item). */
export const catalogueManifest = definePlugin('catalogue', [
  {
    name: 'Catalogue',
    label: 'Catalogue',
    description: 'The product catalogue under its page: categories, a listing with filters, or a part, as the address names it.',
    module: 'catalogue/Catalogue.tsx',
    datasource: 'none',
    server: true,
    // Of the facet values' names, those of the fields the catalogue names: a part's product lines, its
    // documents' languages, and the choices a listing filters by (docs/decisions/0170).
    phrases: ['catalogue', 'index', 'units', 'recommendations', 'facetValue.productline.*', 'facetValue.assetlanguage.*', 'facetValue.lifecycle.*', 'facetValue.fusespeed.*', 'facetValue.polarity.*', 'facetValue.contactform.*'],
  },
]);
