import type { CrossReferenceMatch } from '../catalogue/view-types.ts';

/** What the search page leads with for another maker's part number (decision 0161): plain data for the component. */
export interface CrossReferenceAnswerView {
  /** The number as the visitor typed it. */
  query: string;
  grade: CrossReferenceMatch['grade'];
  partNumber: string;
  href: string;
  /** "275 V · Varistors · Disc 20 mm": the rating, the category and the package, in the page's language. */
  summary: string;
  reason: CrossReferenceMatch['reason'];
  /** The cross-reference page for the typed number, with every match. */
  crossReferenceHref: string;
}
