import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '~/plugins/forms/subscription.ts';

/**
 * The marketing-form service's subscription status: `GET {MARKETING_FORMS_URL}/subscriptions?email=`
 * answers `{ status }` (the changes go through the outbox's port, server/ports/marketing-form.ts).
 * Undefined: no answer, an error, or a status this site does not know.
 */

const statusSchema = z.object({ status: z.enum(SUBSCRIPTION_STATUSES) });

export async function subscriptionStatus(context: AppLoadContext, email: string): Promise<SubscriptionStatus | undefined> {
  try {
    const response = await fetch(`${context.config.marketingForms.url}/subscriptions?${new URLSearchParams({ email })}`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return undefined;
    const parsed = statusSchema.safeParse(await response.json());
    return parsed.success ? parsed.data.status : undefined;
  } catch {
    return undefined;
  }
}
