import { DEFAULT_CATEGORY_FACET_VALUES, DEFAULT_FACET_VALUES, RANGE_FACET_VALUES } from '~/lib/search-constants.ts';
import type { SearchFacetDefinition, SearchSectionDefinition } from './definitions.ts';

/**
 * The search tabs and scopes of REQ-SEARCH-2, REQ-SEARCH-3, each with its expression and facets. No other file lists a
 * tab or a scope: adding one is adding it here, and its name to the dictionary (`search.tab.<id>`,
 * `search.scope.<id>`, `search.facet.<id>`).
 */

const facet = (id: string, field: string, title: string, extra: Partial<SearchFacetDefinition> = {}): SearchFacetDefinition => ({
  id,
  field,
  type: 'specific',
  numberOfValues: DEFAULT_FACET_VALUES,
  label: `search.facet.${id}`,
  title,
  ...extra,
});

export const FACETS = {
  category: facet('category', 'categorypath', 'Category', { type: 'hierarchical', numberOfValues: DEFAULT_CATEGORY_FACET_VALUES, delimitingCharacter: '|' }),
  levelOne: facet('levelonecategory', 'levelonecategory', 'Technology'),
  subcategory: facet('subcategoryfacet', 'subcategoryfacet', 'Product type'),
  series: facet('series', 'series', 'Series'),
  market: facet('market', 'market', 'Market'),
  endEquipment: facet('endequipment', 'endequipment', 'End equipment'),
  technologies: facet('producttechnologies', 'producttechnologies', 'Product technology'),
  resourceType: facet('resourcetype', 'resourcetype', 'Document type'),
  assetLanguage: facet('assetlanguage', 'assetlanguage', 'Document language'),
  contentType: facet('objecttype', 'objecttype', 'Content type'),
  inStock: facet('checkstock', 'checkstock', 'In stock'),
  sampleEligible: facet('isparteligibleforsample', 'isparteligibleforsample', 'Samples available'),
  ratedCurrent: facet('ratedcurrent', 'ratedcurrent', 'Rated current', { type: 'numericalRange', numberOfValues: RANGE_FACET_VALUES, unit: 'A', scale: 'log' }),
  ratedVoltage: facet('ratedvoltage', 'ratedvoltage', 'Rated voltage', { type: 'numericalRange', numberOfValues: RANGE_FACET_VALUES, unit: 'V', scale: 'log' }),
  date: facet('date', 'date', 'Date', { type: 'dateRange', numberOfValues: RANGE_FACET_VALUES }),
  country: facet('country', 'country', 'Country'),
  businessUnit: facet('businessunit', 'businessunit', 'Business unit'),
  // What a part is chosen by besides its ratings (docs/decisions/0170).
  package: facet('package', 'package', 'Package'),
  lifecycle: facet('lifecycle', 'lifecycle', 'Lifecycle'),
  aecq: facet('aecq', 'aecq', 'AEC-Q qualification'),
  rohs: facet('rohs', 'rohs', 'RoHS compliant'),
} satisfies Record<string, SearchFacetDefinition>;

/** REQ-SEARCH-2: search tabs. */
export const SEARCH_TABS: SearchSectionDefinition[] = [
  {
    id: 'mainsearch',
    expression: '',
    facets: [FACETS.contentType, FACETS.category, FACETS.market, FACETS.ratedCurrent, FACETS.ratedVoltage, FACETS.resourceType, FACETS.assetLanguage, FACETS.date],
    label: 'search.tab.mainsearch',
  },
  {
    id: 'parametric',
    expression: '@objecttype==Product',
    facets: [FACETS.category, FACETS.subcategory, FACETS.series, FACETS.package, FACETS.ratedCurrent, FACETS.ratedVoltage, FACETS.market, FACETS.endEquipment, FACETS.technologies, FACETS.lifecycle, FACETS.aecq, FACETS.rohs, FACETS.inStock, FACETS.sampleEligible],
    label: 'search.tab.parametric',
  },
  {
    id: 'designcenter',
    expression: '@pagetype==Application OR @resourcetype==("Application Note","Technical Paper")',
    facets: [FACETS.market, FACETS.endEquipment, FACETS.resourceType, FACETS.levelOne],
    label: 'search.tab.designcenter',
  },
  {
    id: 'whereToBuy',
    expression: '@objecttype==(Contact,Location)',
    facets: [FACETS.country, FACETS.businessUnit],
    label: 'search.tab.whereToBuy',
  },
];

/** REQ-SEARCH-3: search scopes (the header search box's choice). */
export const SEARCH_SCOPES: SearchSectionDefinition[] = [
  {
    id: 'products',
    expression: '@objecttype==Product',
    facets: [FACETS.category, FACETS.series, FACETS.package, FACETS.ratedCurrent, FACETS.ratedVoltage, FACETS.market, FACETS.lifecycle, FACETS.aecq, FACETS.rohs, FACETS.inStock],
    label: 'search.scope.products',
  },
  {
    id: 'applications',
    expression: '@pagetype==Application',
    facets: [FACETS.market, FACETS.endEquipment],
    label: 'search.scope.applications',
  },
  {
    id: 'designcenter',
    expression: '@resourcetype==("Application Note","Technical Paper")',
    facets: [FACETS.market, FACETS.resourceType],
    label: 'search.scope.designcenter',
  },
  {
    id: 'technicaldocuments',
    expression: '@objecttype==Document',
    facets: [FACETS.resourceType, FACETS.assetLanguage, FACETS.levelOne, FACETS.date],
    label: 'search.scope.technicaldocuments',
  },
  {
    id: 'company',
    expression: '@objecttype==(News,Event,Location,Contact) OR @pagetype==Company',
    facets: [FACETS.contentType, FACETS.date],
    label: 'search.scope.company',
  },
];
