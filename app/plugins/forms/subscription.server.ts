import { randomUUID } from 'node:crypto';
import { json, redirect, type AppLoadContext } from '@remix-run/node';
import { getSessionUser } from '~/auth/session.server.ts';
import { fieldErrors, type FormRefusal } from '~/lib/form-fields.ts';
import { SUBSCRIPTION_STATUSES, subscriptionSchema, type SubscriptionData, type SubscriptionStatus } from './subscription.ts';

const FORM_GUID = 'subscription';

async function currentStatus(context: AppLoadContext, email: string): Promise<SubscriptionStatus | undefined> {
  try {
    const response = await fetch(`${context.config.marketingForms.url}/subscriptions?${new URLSearchParams({ email })}`, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { status?: string };
    return (SUBSCRIPTION_STATUSES as readonly string[]).includes(body.status ?? '') ? (body.status as SubscriptionStatus) : undefined;
  } catch {
    return undefined;
  }
}

export async function subscriptionLoader(request: Request, context: AppLoadContext): Promise<SubscriptionData> {
  const user = await getSessionUser(request, context);
  const sent = new URL(request.url).searchParams.get('sent');
  const data: SubscriptionData = { idempotencyKey: randomUUID(), email: user?.email ?? '', ...(sent && context.outbox.byReference(sent) ? { sent } : {}) };
  if (!user) return data;
  // Only a signed-in visitor sees a status: an address typed by anyone could be someone else's.
  const status = await currentStatus(context, user.email);
  const waiting = context.outbox.ofOwner(user.email, 'marketing-form').find((submission) => submission.state === 'pending' && (submission.payload as { formGuid?: string }).formGuid === FORM_GUID);
  const pending = (waiting?.payload as { fields?: Array<{ name: string; value: string }> } | undefined)?.fields?.find((field) => field.name === 'subscription_status')?.value as SubscriptionStatus | undefined;
  return { ...data, ...(status ? { status } : {}), ...(pending ? { pending } : {}) };
}

export async function subscriptionAction(request: Request, context: AppLoadContext, form: FormData): Promise<Response> {
  const user = await getSessionUser(request, context);
  const input = Object.fromEntries(form);
  if (user) input.email = user.email;
  const parsed = subscriptionSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, ['email', 'consent']);
    return json<FormRefusal>({ component: 'MarketingSubscription', errors, values: { email: String(input.email ?? '').slice(0, 254) } }, { status: errors.form === 'forms.refused' ? 400 : 422 });
  }
  const url = new URL(request.url);
  const { submission } = context.outbox.accept({
    kind: 'marketing-form',
    idempotencyKey: parsed.data.idempotencyKey,
    owner: parsed.data.email.toLowerCase(),
    payload: {
      formGuid: FORM_GUID,
      fields: [
        { name: 'email', value: parsed.data.email },
        { name: 'subscription_status', value: parsed.data.status },
      ],
      context: { pageUri: `${url.origin}${url.pathname}`, pageName: 'Subscription' },
    },
  });
  return redirect(`${url.pathname}?${new URLSearchParams({ sent: submission.reference })}`, { status: 303 });
}
