import { randomUUID } from 'node:crypto';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { getSessionUser } from '~/auth/session.server.ts';
import { subscriptionStatus } from '~/ports/subscription-status.server.ts';
import type { SiteLanguage } from '~/cms/language.ts';
import { fieldErrors, type FormRefusal } from '~/lib/form-fields.ts';
import { CONFIRM_LINK_SECONDS, readChangeLink, signChangeLink, UNSUBSCRIBE_LINK_SECONDS } from './subscription-link.server.ts';
import { queueSubscriptionMail } from './subscription-mail.server.ts';
import { confirmSchema, subscriptionSchema, type SubscriptionData, type SubscriptionStatus } from './subscription.ts';

const FORM_GUID = 'subscription';

/**
 * Where the e-mailed links point: the configured public origin (a Host header sent by a client must
 * not choose where a victim's link goes), else the origin the request came in on.
 */
function linkTo(request: Request, context: AppLoadContext, language: SiteLanguage, token: string): string {
  const url = new URL(request.url);
  const origin = (language === 'zh' ? context.config.zhPublicOrigin : undefined) ?? context.config.publicOrigin ?? url.origin;
  return `${origin.replace(/\/$/, '')}${url.pathname}?${new URLSearchParams({ confirm: token })}`;
}

export async function subscriptionLoader(request: Request, context: AppLoadContext, responseHeaders: Headers, markStatus: (status: number) => void = () => {}): Promise<SubscriptionData> {
  const user = await getSessionUser(request, context);
  const url = new URL(request.url);
  const sent = url.searchParams.get('sent');
  const shown: SubscriptionData = {
    idempotencyKey: randomUUID(),
    email: user?.email ?? '',
    ...(sent && context.outbox.byReference(sent) ? { sent } : {}),
    ...(url.searchParams.get('check') === 'mail' ? { checkMail: true } : {}),
  };
  const token = url.searchParams.get('confirm');
  if (token !== null) {
    // The page holds a credential: no copies anywhere. (The site's strict-origin-when-cross-origin
    // keeps it out of Referers to other sites; no-referrer would make the button's post send
    // `Origin: null`, which same-origin checks refuse.)
    responseHeaders.set('Cache-Control', 'private, no-store');
    const link = await readChangeLink(context.config.auth.sessionSecret, token);
    if (link.ok) return { ...shown, confirm: { token, email: link.email, status: link.status } };
    // A link that is tampered with or too old is the visitor's to replace: the page says how, as a 400.
    markStatus(400);
    return { ...shown, linkProblem: link.reason };
  }
  if (!user) return shown;
  // Only a signed-in visitor sees a status: an address typed by anyone could be someone else's.
  const status = await subscriptionStatus(context, user.email);
  const waiting = context.outbox.ofOwner(user.email, 'marketing-form').find((submission) => submission.state === 'pending' && (submission.payload as { formGuid?: string }).formGuid === FORM_GUID);
  const pending = (waiting?.payload as { fields?: Array<{ name: string; value: string }> } | undefined)?.fields?.find((field) => field.name === 'subscription_status')?.value as SubscriptionStatus | undefined;
  return { ...shown, ...(status ? { status } : {}), ...(pending ? { pending } : {}) };
}

/**
 * A change asked for on the form is not made: a link to confirm it goes to the address (double
 * opt-in, issue 19 item 5), and the visitor is told to look in their mailbox, the same answer
 * whatever the address's status. The change is made by the POST of the page that link opens.
 */
export async function subscriptionAction(request: Request, context: AppLoadContext, language: SiteLanguage, form: FormData): Promise<Response | DataAnswer> {
  if (form.get('intent') === 'confirm') return confirmChange(request, context, language, form);
  const user = await getSessionUser(request, context);
  const input = Object.fromEntries(form);
  if (user) input.email = user.email;
  const parsed = subscriptionSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, ['email', 'consent']);
    return data<FormRefusal>({ component: 'MarketingSubscription', errors, values: { email: String(input.email ?? '').slice(0, 254) } }, { status: errors.form === 'forms.refused' ? 400 : 422 });
  }
  const token = await signChangeLink(context.config.auth.sessionSecret, { email: parsed.data.email, status: parsed.data.status }, CONFIRM_LINK_SECONDS);
  await queueSubscriptionMail(context, language, { idempotencyKey: parsed.data.idempotencyKey, to: parsed.data.email, kind: `confirm-${parsed.data.status}`, link: linkTo(request, context, language, token) });
  return redirect(`${new URL(request.url).pathname}?check=mail`, { status: 303 });
}

async function confirmChange(request: Request, context: AppLoadContext, language: SiteLanguage, form: FormData): Promise<Response | DataAnswer> {
  const parsed = confirmSchema.safeParse(Object.fromEntries(form));
  const refuse = (message: string) => data<FormRefusal>({ component: 'MarketingSubscription', errors: { form: message }, values: {} }, { status: 400, headers: { 'Cache-Control': 'no-store' } });
  if (!parsed.success) return refuse(fieldErrors(parsed.error.issues, []).form ?? 'forms.refused');
  const link = await readChangeLink(context.config.auth.sessionSecret, parsed.data.token);
  if (!link.ok) return refuse(link.reason === 'expired' ? 'forms.subscriptionLinkExpired' : 'forms.subscriptionLinkInvalid');
  const url = new URL(request.url);
  const { submission, created } = context.outbox.accept({
    kind: 'marketing-form',
    idempotencyKey: parsed.data.idempotencyKey,
    owner: link.email.toLowerCase(),
    payload: {
      formGuid: FORM_GUID,
      fields: [
        { name: 'email', value: link.email },
        { name: 'subscription_status', value: link.status },
      ],
      context: { pageUri: `${url.origin}${url.pathname}`, pageName: 'Subscription' },
    },
  });
  if (created && link.status === 'OPT_IN') {
    const unsubscribe = await signChangeLink(context.config.auth.sessionSecret, { email: link.email, status: 'OPT_OUT' }, UNSUBSCRIBE_LINK_SECONDS);
    await queueSubscriptionMail(context, language, { idempotencyKey: parsed.data.idempotencyKey, to: link.email, kind: 'welcome', link: linkTo(request, context, language, unsubscribe) });
  }
  return redirect(`${url.pathname}?${new URLSearchParams({ sent: submission.reference })}`, { status: 303 });
}
