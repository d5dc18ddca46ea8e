/**
 * Smart-snippet feedback (REQ-SEARCH-10): like, dislike, and the reason given in the feedback modal.
 * One schema for the forms and the action. Error messages are dictionary keys, shown translated.
 */
export const FEEDBACK_REASONS = ['does_not_answer', 'partially_answers', 'was_not_a_question', 'other'] as const;
export const SNIPPET_STATES = ['liked', 'disliked', 'feedback', 'sent'] as const;
export type SnippetState = (typeof SNIPPET_STATES)[number];


/** What the page needs to show a refused feedback form again: the messages and what was typed. */
export interface SnippetFeedbackErrors {
  component: 'SearchResults';
  errors: Partial<Record<'reason' | 'details' | 'form', string>>;
  values: { reason?: string; details?: string };
}
