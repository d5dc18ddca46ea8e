/** A document's preview as a person reads it: words and human values only, never index fields. */
export interface DocumentPreviewView {
  /** The page's language tag (dates, sizes and language names are written in it). */
  pageLanguage: string;
  title: string;
  /** Where the document itself opens. */
  href: string;
  /** Rows of "label: value", already in words ("Datasheet", "German", "1.2 MB", "March 3, 2025"). */
  details: Array<{ label: string; value: string }>;
  /** The document's language tag, for the text's lang attribute. */
  textLanguage?: string;
  /** The document's text as sanitized HTML (paragraphs, lists, headings, marks; no attributes, no scripts). */
  textHtml: string;
}

/** /api/search/preview?format=json: what the search page's preview dialog renders. */
export type PreviewAnswer = { view: DocumentPreviewView; labels: { details: string; open: string } } | { error: string };
