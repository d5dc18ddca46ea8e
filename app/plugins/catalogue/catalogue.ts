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
