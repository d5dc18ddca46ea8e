/**
 * What a recommendation list shows (plain data, shared by the product page and the search page):
 * a strategy's heading, its state and the recommended parts, each linking to its product page.
 */
export type RecommendationKind = 'frequentViewed' | 'similar' | 'zeroResults';

export interface RecommendedPart {
  partNumber: string;
  /** The part's page on this site, in the visitor's language. */
  href: string;
  description: string;
  /** Product type (L3, or L2 when the part has no L3). */
  category: string;
  inStock: boolean;
  image?: string;
}

export interface RecommendationListView {
  kind: RecommendationKind;
  /** loading: asked in the browser and not answered yet; error: the call failed (the page stays whole). */
  status: 'ok' | 'empty' | 'error' | 'loading';
  items: RecommendedPart[];
}
