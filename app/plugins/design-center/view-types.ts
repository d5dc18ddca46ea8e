/**
 * What the design-center loaders send to the browser: plain, already-localized data (the
 * application texts, the selection guide and the catalogue's answers are read on the server).
 */

export type SelectionKind = 'protect' | 'sense' | 'switch';

export interface ApplicationCard {
  slug: string;
  name: string;
  /** What the A-Z index files it under: the name, or the English one where the script has no A-Z (ja, zh). */
  sortName: string;
  summary: string;
  marketSlug: string;
  marketName: string;
  /** Site path without the language prefix. */
  path: string;
  image: { src: string; alt: string };
}

export interface GuideMarket {
  slug: string;
  name: string;
  applications: ApplicationCard[];
}

export interface ApplicationGuideData {
  markets: GuideMarket[];
  /** The `market` filter, when the URL names a known one. */
  market?: string;
  /** The URL named a market there is none of (the page answers 400 and shows all). */
  unknownMarket?: string;
}

export interface Family {
  series: string;
  /** Site path of the series page. */
  path: string;
  description: string;
  /** Parts of the series inside the row's parameter window. */
  parts: number;
  productTypeName: string;
}

export interface SelectionTableRow {
  kind: SelectionKind;
  function: string;
  why: string;
  productTypeName: string;
  /** Site path of the product type's listing. */
  productTypePath: string;
  parameterLabel: string;
  range: string;
  /** The listing filtered to the row's parameter window. */
  listingPath: string;
  families: Family[];
}

export interface DocumentLink {
  title: string;
  typeName: string;
  languageName: string;
  size: string;
  href: string;
}

export interface Crumb {
  name: string;
  path?: string;
}

export interface ApplicationPageData {
  kind: 'application';
  pageTitle: string;
  crumbs: Crumb[];
  name: string;
  summary: string;
  marketName: string;
  marketContext: string;
  image: { src: string; alt: string };
  rows: SelectionTableRow[];
  families: Family[];
  documents: DocumentLink[];
  related: ApplicationCard[];
  /** The catalogue could not be asked: families and documents are missing for now. */
  catalogueUnavailable?: boolean;
}

export interface MarketPageData {
  kind: 'market';
  pageTitle: string;
  crumbs: Crumb[];
  name: string;
  context: string;
  image: { src: string; alt: string };
  applications: ApplicationCard[];
}

export type DesignCenterPageData = ApplicationPageData | MarketPageData;

export interface TableFilterState {
  q: string;
  market: string;
  problem?: 'unknownMarket' | 'tooLong';
}

export interface SelectionGuideTableRow {
  marketName: string;
  applicationName: string;
  applicationPath: string;
  kind: SelectionKind;
  function: string;
  productTypeName: string;
  productTypePath: string;
  parameterLabel: string;
  range: string;
  listingPath: string;
}

export interface SelectionGuideData {
  filter: TableFilterState;
  markets: Array<{ slug: string; name: string }>;
  rows: SelectionGuideTableRow[];
  total: number;
  dataUrl: string;
  /** The data file failed its check: nothing to show. */
  broken?: boolean;
}

export interface RelayListTableRow {
  industryName: string;
  use: string;
  duty: string;
  categoryName: string;
  categoryPath: string;
  parameterLabel: string;
  range: string;
  listingPath: string;
}

export interface IndustryRelayListData {
  filter: TableFilterState;
  markets: Array<{ slug: string; name: string }>;
  rows: RelayListTableRow[];
  total: number;
  dataUrl: string;
  broken?: boolean;
}

/** The longest text a table filter takes. */
export const MAX_FILTER_TEXT = 100;
