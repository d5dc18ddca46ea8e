import { Form, useActionData } from '@remix-run/react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import type { TextField } from '~/cms/fields.ts';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { FormRefusal } from '~/lib/form-fields.ts';
import { FieldError, FormHeading, FormPreamble, Receipt } from '~/lib/FormParts.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { FormsRenderingData } from './rendering-data.ts';

interface SubscriptionFields {
  heading?: TextField;
  intro?: TextField;
}

/**
 * Marketing e-mail subscription (REQ-FORM-7: OPT_IN, OPT_OUT, NOT_OPTED): opt in with consent, opt out any
 * time; either is confirmed from a link e-mailed to the address (double opt-in, issue 19).
 */
function MarketingSubscription({ fields, data }: RenderingProps<SubscriptionFields, FormsRenderingData['MarketingSubscription']>) {
  const t = useTranslate();
  const { idempotencyKey, email, status, pending, sent, checkMail, confirm, linkProblem } = data;
  const answer = useActionData<FormRefusal>();
  const refusal = answer?.component === 'MarketingSubscription' ? answer : undefined;
  const error = (field: string) => (refusal?.errors[field] ? t(refusal.errors[field]!) : undefined);
  if (confirm && !refusal) {
    // Opened from an e-mailed link: only this button makes the change, so a mail scanner's GET does not.
    return (
      <section className="subscription">
        <h1><FieldText field={fields.heading} /></h1>
        <Form method="post" className="site-form subscription__confirm" noValidate>
          <FormPreamble component="MarketingSubscription" idempotencyKey={idempotencyKey} />
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={confirm.token} />
          <p>{t(`forms.subscriptionConfirmIntro.${confirm.status}`, { email: confirm.email })}</p>
          <p className="form-actions">
            <button type="submit" className="button button--primary">
              {t(`forms.subscriptionConfirmButton.${confirm.status}`)}
            </button>
          </p>
        </Form>
      </section>
    );
  }
  return (
    <section className="subscription">
      <FormHeading fields={fields} />
      {linkProblem ? (
        <p className="form-error subscription__link-problem" role="alert">
          {t(linkProblem === 'expired' ? 'forms.subscriptionLinkExpired' : 'forms.subscriptionLinkInvalid')}
        </p>
      ) : null}
      {checkMail ? (
        <p className="subscription__check-mail" role="status">
          {t('forms.subscriptionCheckMail')}
        </p>
      ) : null}
      {status ? (
        <p className="subscription__status" role="status">
          {t('forms.subscriptionStatus')} <strong>{t(`forms.subscription.${status}`)}</strong>
          {pending ? ` ${t('forms.subscriptionPending', { status: t(`forms.subscription.${pending}`) })}` : ''}
        </p>
      ) : null}
      {sent ? <p className="subscription__sent"><Receipt message={t('forms.subscriptionSent')} reference={sent} /></p> : null}
      <Form method="post" className="site-form" noValidate>
        <FormPreamble component="MarketingSubscription" idempotencyKey={idempotencyKey} errorId="subscription-form-error" error={error('form')} />
        <label htmlFor="subscription-email">{t('forms.enquiry.email')} *</label>
        <input id="subscription-email" name="email" type="email" defaultValue={refusal?.values.email ?? email} readOnly={Boolean(email)} maxLength={254} aria-invalid={error('email') ? true : undefined} aria-describedby={error('email') ? 'subscription-email-error' : undefined} />
        <FieldError id="subscription-email-error" message={error('email')} />
        <label className="choice">
          <input type="checkbox" name="consent" value="yes" aria-describedby={error('consent') ? 'subscription-consent-error' : undefined} />
          {t('forms.subscriptionConsent')}
        </label>
        <FieldError id="subscription-consent-error" message={error('consent')} />
        <p className="form-actions">
          <button type="submit" name="status" value="OPT_IN" className="button button--primary">
            {t('forms.subscriptionOptIn')}
          </button>
          <button type="submit" name="status" value="OPT_OUT" className="button">
            {t('forms.subscriptionOptOut')}
          </button>
        </p>
      </Form>
    </section>
  );
}

export const marketingSubscription: ComponentDefinition<FormsRenderingData['MarketingSubscription']> = { name: 'MarketingSubscription', Component: MarketingSubscription };
