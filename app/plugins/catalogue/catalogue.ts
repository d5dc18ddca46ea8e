/** What the catalogue pages render (issue 5): shared by the loader and the component. */
export interface CategoryLink {
  label: string;
  href: string;
  count?: number;
}

export interface ParameterColumn {
  field: string;
  label: string;
  unit: string;
  /** The visitor's filter, as typed, and its message when it could not be read. */
  min: string;
  max: string;
  error?: string;
}

export interface ProductRow {
  partNumber: string;
  series: string;
  inStock: boolean;
  sampleEligible: boolean;
  href: string;
  values: Record<string, string>;
}

export interface CatalogueView {
  breadcrumb: CategoryLink[];
  /** /products/compare: the multi-part view. */
  compare?: CompareView;
  /** A part's own page (L7). */
  product?: ProductPageView;
  /** A series page (L6): its description above the listing of its parts. */
  seriesDescription?: string;
  heading: string;
  /** Landing and L1: the next level's categories. */
  categories: Array<CategoryLink & { children?: CategoryLink[] }>;
  /** L2 (a product type): the parametric listing. */
  listing?: {
    parameters: ParameterColumn[];
    rows: ProductRow[];
    total: number;
    page: number;
    size: number;
    sort: string;
    inStock: boolean;
    sampleEligible: boolean;
    searchDown: boolean;
  };
}

export interface ProductPageView {
  partNumber: string;
  title: string;
  shortDescription: string;
  seriesDescription: string;
  series: { name: string; href: string };
  imageUrl: string;
  datasheetUrl: string;
  inStock: boolean;
  sampleEligible: boolean;
  hasEcadModel: boolean;
  approvals: string[];
  parameters: Array<{ label: string; value: string }>;
  seriesParts: Array<{ partNumber: string; href: string }>;
  /** schema.org Product, as JSON. */
  structuredData: string;
}

/** SPEC 1 multi-part view: at most 6 parts side by side. */
export const COMPARE_MAX = 6;
/** SPEC 3 client store key of the compare list (sessionStorage). */
export const COMPARE_STORE_KEY = 'multiPartdata';

export interface CompareView {
  parts: Array<{ partNumber: string; href: string; type: string }>;
  rows: Array<{ label: string; values: string[]; differs: boolean }>;
  onlyDifferences: boolean;
  /** Part numbers asked for that the catalogue does not have. */
  unknown: string[];
  tooMany: boolean;
}
