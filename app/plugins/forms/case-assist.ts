/**
 * Case assist on the contact form (REQ-RECS-3): documents and FAQs that may answer the problem the
 * visitor is describing, shown before they send (plain data for the component; no zod here).
 */
export interface CaseSuggestion {
  kind: 'FAQ' | 'Document';
  title: string;
  /** Documents open at their address; FAQs have no page of their own and show their answer. */
  href?: string;
  /** The FAQ's answer, or a document's first words. */
  text: string;
  /** A document's type in words ("Datasheet"), when the index gives it. */
  type?: string;
}

export interface CaseSuggestionsView {
  status: 'ok' | 'none' | 'error' | 'tooShort';
  items: CaseSuggestion[];
}

/** Fewer characters than this describe no problem yet: no call is made. */
export const CASE_ASSIST_MIN_CHARS = 12;
/** The typed text sent for suggestions (the message itself may be longer). */
export const CASE_ASSIST_MAX_CHARS = 1000;
