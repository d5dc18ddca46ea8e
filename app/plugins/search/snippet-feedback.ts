import { z } from 'zod';

/**
 * Smart-snippet feedback (SPEC 4): like, dislike, and the reason given in the feedback modal.
 * One schema for the forms and the action. Error messages are dictionary keys, shown translated.
 */
export const FEEDBACK_REASONS = ['does_not_answer', 'partially_answers', 'was_not_a_question', 'other'] as const;
export const SNIPPET_STATES = ['liked', 'disliked', 'feedback', 'sent'] as const;
export type SnippetState = (typeof SNIPPET_STATES)[number];

const about = {
  uid: z.string().max(100).default(''),
  question: z.string().max(500).default(''),
};

export const snippetFeedbackSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('like'), ...about }),
  z.object({ intent: z.literal('dislike'), ...about }),
  z
    .object({
      intent: z.literal('reason'),
      ...about,
      reason: z.enum(FEEDBACK_REASONS, { error: 'search.feedback.reasonRequired' }),
      details: z.string().trim().max(1000, 'search.feedback.detailsTooLong').default(''),
    })
    .refine((value) => value.reason !== 'other' || value.details.length > 0, { path: ['details'], message: 'search.feedback.detailsRequired' }),
]);
export type SnippetFeedback = z.infer<typeof snippetFeedbackSchema>;

/** What the page needs to show a refused feedback form again: the messages and what was typed. */
export interface SnippetFeedbackErrors {
  component: 'SearchResults';
  errors: Partial<Record<'reason' | 'details' | 'form', string>>;
  values: { reason?: string; details?: string };
}
