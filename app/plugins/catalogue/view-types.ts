import type { PageTitlePhrase } from '~/cms/use-site-shell.ts';
import type { QuantityError } from '~/lib/units.ts';
import type { RecommendationListView } from '../search/recommendations.ts';
import type { ListingState, ValueFilter } from './url-state.ts';

/** What the catalogue's server code hands its components: plain data, values in SI base units. */

export interface ParameterInfo {
  field: string;
  label: string;
  unit: string;
  min: number;
  max: number;
  log: boolean;
}

export interface Crumb {
  name: string;
  href: string;
}

export interface PartSummary {
  partNumber: string;
  href: string;
  series: string;
  seriesHref: string;
  description: string;
  inStock: boolean;
  sample: boolean;
  /** Product type (L2, English as indexed). */
  l2: string;
  /** The package as the catalogue names it ("Disc 20 mm"), where the index gives it. */
  package?: string;
  /** The package as the page's language writes it. */
  packageDisplay?: string;
  /** Its picture and datasheet addresses ('' when it has none). */
  image?: string;
  datasheet?: string;
  /** Parameter values in SI base units, by field. */
  values: Record<string, number>;
  /** What else the part is chosen by, as indexed (docs/decisions/0170). */
  choices: Partial<Record<ChoiceField, string>>;
}

/** The indexed text fields a part is chosen by besides its ratings (docs/decisions/0170). */
export type ChoiceField = 'fusespeed' | 'polarity' | 'contactform' | 'lifecycle' | 'aecq';

/** A part page's lifecycle and compliance (docs/decisions/0170). */
export interface PartCompliance {
  lifecycle: 'active' | 'nrnd' | 'obsolete';
  /** The active part that replaces a part not for new designs or obsolete, and its page. */
  successor?: { partNumber: string; href?: string };
  rohs?: boolean;
  reach?: boolean;
  halogenfree?: boolean;
  aecq?: string;
}

export interface FacetGroup {
  key: ValueFilter;
  values: Array<{ value: string; display: string; count: number; selected: boolean }>;
}

/** REQ-ANALYTICS-1 page-view analytics levels. */
export type PageLevels = Record<'L1' | 'L2' | 'L3' | 'L4' | 'L5' | 'L6' | 'L6.5' | 'L7', string>;

export interface LandingView {
  kind: 'landing';
  total: number;
  tree: Array<{ name: string; href: string; children: Array<{ name: string; href: string; count: number; children: Array<{ name: string; href: string }> }> }>;
}

export interface CategoryView {
  /** The document title (the CMS page's title otherwise). */
  pageTitle: string;
  kind: 'category';
  crumbs: Crumb[];
  name: string;
  level: 1 | 2 | 3;
  path: string;
  children: Array<{ name: string; href: string; count: number }>;
  parameters: ParameterInfo[];
  state: ListingState;
  /** Inputs that did not parse (by input name), with the message to show next to them. */
  problems: Array<{ input: string; message?: string; code?: 'rangeOrder' | 'badParameter' | QuantityError; values?: Record<string, string> }>;
  facets: FacetGroup[];
  /** The letters the category's series (under the other filters) start with, for the series index. */
  seriesLetters: Array<Exclude<ListingState['index'], 'All'>>;
  products: PartSummary[];
  /** The parts the filters match: the true number, not capped. */
  total: number;
  /** The last page the listing can show (REQ-SEARCH-4: the reachable 5000 results at most). */
  lastPage: number;
  pageLevels: PageLevels;
}

export interface SeriesView {
  /** The document title (the CMS page's title otherwise). */
  pageTitle: string;
  kind: 'series';
  crumbs: Crumb[];
  series: string;
  description: string;
  datasheet: string;
  image: string;
  approvals: string[];
  levels: { mounting: string; grade: string };
  parameters: ParameterInfo[];
  ranges: Array<{ field: string; min: number | null; max: number | null }>;
  parts: PartSummary[];
  total: number;
  pageLevels: PageLevels;
}

export interface PartView {
  /** The document title (the CMS page's title otherwise). */
  pageTitle: string;
  kind: 'part';
  crumbs: Crumb[];
  /** The header box opened this part for a query: the way back to its results (decision 0160). */
  backToResults?: { q: string; href: string };
  part: PartSummary;
  seriesDescription: string;
  datasheet: string;
  image: string;
  approvals: string[];
  /** Component-model service links by catalogue number, when the part has an ECAD model: STEP, KiCad footprint and symbol, all three in a ZIP. */
  cadModel?: { model: string; icon: string; footprint: string; symbol: string; archive: string };
  /** The datasheet's revision and date (ISO), as the document itself prints them. */
  datasheetRevision?: { revision: string; date: string };
  /** Price and availability from the stock port; absent for a part the service does not know. */
  offer?: PartOfferView;
  levels: { l1: string; l2: string; l3: string; l1Name: string; l2Name: string; l3Name: string; mounting: string; grade: string };
  parameters: ParameterInfo[];
  siblings: PartSummary[];
  /** A document's language is the index's English name (German, Japanese...); `lang` its tag, for titles in another language than the page's. */
  documents: Array<{ title: string; href: string; type: string; language: string; lang?: string }>;
  /** The product page fields: its level (L7), its name and marketing view in the visitor's language, its package, the business units selling it. */
  product: { level: string; name: string; marketingView: string; package: string; businessUnits: string[] };
  compliance: PartCompliance;
  seriesPath: string;
  /** "Frequently viewed together" and "Similar parts" (product recommendations). */
  recommendations: RecommendationListView[];
  /** A part of the page failed for this moment (a recommendation list): no copy of it is kept. */
  transient?: boolean;
  pageLevels: PageLevels;
}

/** A part page's price breaks, packaging and distributor stock (decision 0173). */
export type PartOfferView =
  | { status: 'unavailable' }
  | {
      status: 'found';
      currency: string;
      priceBreaks: Array<{ quantity: number; unitPrice: number }>;
      packaging?: { kind: 'tape-and-reel' | 'tube' | 'bulk'; quantity: number };
      orderMultiple: number;
      minimumOrderQuantity: number;
      distributors: Array<{ region: string; name: string; quantity: number; leadTimeWeeks: number; buyUrl?: string }>;
    };

export interface CompareView {
  kind: 'compare';
  pageTitlePhrase?: PageTitlePhrase;
  parts: PartSummary[];
  /** Requested part numbers the catalogue does not have. */
  missing: string[];
  rows: Array<{ parameter: ParameterInfo; values: Array<number | null>; differs: boolean }>;
  hideEqual: boolean;
  /** Part numbers beyond the limit of 6 that were left out. */
  dropped: number;
  /** The part number typed into "add a part", kept when it could not be added. */
  add: string;
  /** A message (REQ-VALID-9 part-number rule) or a dictionary code: compareFull, unknownPart. */
  addProblem?: string;
}

export interface CrossReferenceMatch {
  part: PartSummary;
  grade: 'dropIn' | 'similar';
  reason: {
    code: 'same' | 'series' | 'category';
    name?: string;
    parameter?: string;
    unit?: string;
    wanted?: number;
    value?: number | null;
    /** Whether the part's rating is the typed number's (a drop-in always is). */
    sameRating?: boolean;
    /** The part's package, and the package the typed number names when it names one (as the page's language writes them). */
    package?: string;
    wantedPackage?: string;
    samePackage?: boolean;
    /** TVS diodes: the part's direction when it is not the typed number's. */
    direction?: 'unidirectional' | 'bidirectional';
    /** TVS diodes: the part's tolerance ('a': 5 %) and grade (automotive) when they are not the typed number's. */
    tolerance?: 'a' | 'none';
    automotive?: boolean;
  };
}

export interface CrossReferenceView {
  kind: 'crossReference';
  pageTitlePhrase?: PageTitlePhrase;
  query: string;
  problem?: string;
  matches: CrossReferenceMatch[];
}

export interface UnavailableView {
  kind: 'unavailable';
  message: string;
}

export type CatalogueView = LandingView | CategoryView | SeriesView | PartView | CompareView | CrossReferenceView | UnavailableView;
