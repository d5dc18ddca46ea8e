import { z } from 'zod';
import { FEEDBACK_REASONS } from './snippet-feedback.ts';

// Schemas live apart from the constants the components import, so the browser bundle has no zod.
/** The like, dislike and reason forms of a smart snippet (REQ-SEARCH-10), as the action reads them. */
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
