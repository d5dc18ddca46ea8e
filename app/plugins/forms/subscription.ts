import { z } from 'zod';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD, IDEMPOTENCY_PATTERN } from '~/lib/form-fields.ts';

/** REQ-FORM-7 marketing subscription statuses; the form sets OPT_IN or OPT_OUT. */
export const SUBSCRIPTION_STATUSES = ['OPT_IN', 'OPT_OUT', 'NOT_OPTED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionSchema = z.object({
  status: z.enum(['OPT_IN', 'OPT_OUT'], { error: 'forms.refused' }),
  email: z.string().trim().email('forms.emailInvalid').max(254, 'forms.tooLong'),
  consent: z.string().optional(),
  [IDEMPOTENCY_FIELD]: z.string().regex(IDEMPOTENCY_PATTERN, 'forms.refused'),
  [HONEYPOT_FIELD]: z.string().max(0, 'forms.refused').default(''),
}).refine((value) => value.status === 'OPT_OUT' || value.consent === 'yes', { path: ['consent'], message: 'forms.consentRequired' });

/** The button on the page an e-mailed link opens: the change is made by this POST, never by the GET. */
export const confirmSchema = z.object({
  intent: z.literal('confirm'),
  token: z.string().min(1, 'forms.subscriptionLinkInvalid').max(2000, 'forms.subscriptionLinkInvalid'),
  [IDEMPOTENCY_FIELD]: z.string().regex(IDEMPOTENCY_PATTERN, 'forms.refused'),
  [HONEYPOT_FIELD]: z.string().max(0, 'forms.refused').default(''),
});

export type LinkProblem = 'expired' | 'invalid';

export interface SubscriptionData {
  idempotencyKey: string;
  /** Signed in: their address, and the status the marketing service has for it. */
  email: string;
  status?: SubscriptionStatus;
  /** A change on its way (stored, not yet delivered). */
  pending?: SubscriptionStatus;
  sent?: string;
  /** A change was asked for: the visitor is told to look in their mailbox (whatever the address's status). */
  checkMail?: boolean;
  /** Opened from an e-mailed link: the change it names, to be confirmed with a POST. */
  confirm?: { token: string; email: string; status: 'OPT_IN' | 'OPT_OUT' };
  linkProblem?: LinkProblem;
}
