import { randomUUID } from 'node:crypto';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import type { ComponentRendering } from '@sitecore-jss/sitecore-jss/layout';
import { getSessionUser } from '~/auth/session.server.ts';
import type { SiteLanguage } from '~/cms/language.ts';
import { fieldErrors, type FormRefusal } from '~/lib/form-fields.ts';
import { queueReceiptMail } from './receipt-mail.server.ts';
import { ENQUIRY_KIND_NAMES, ENQUIRY_KINDS, enquirySchema, type EnquiryData, type EnquiryField, type EnquiryKind } from './enquiries.ts';

function setting(rendering: ComponentRendering, name: string): string {
  const field = (rendering.fields as Record<string, { value?: unknown } | undefined> | undefined)?.[name];
  return typeof field?.value === 'string' ? field.value : '';
}

export async function enquiryLoader(request: Request, context: AppLoadContext): Promise<EnquiryData> {
  const user = await getSessionUser(request, context);
  const sent = new URL(request.url).searchParams.get('sent');
  return {
    idempotencyKey: randomUUID(),
    prefill: { name: user?.displayName ?? '', email: user?.email ?? '', company: user?.profile.companyName ?? '', country: user?.profile.country ?? '' },
    ...(sent && context.outbox.byReference(sent) ? { sent } : {}),
  };
}

/** POST: the enquiry goes to the marketing-form service (portalId, formGuid, fields) through the outbox. */
export async function enquiryAction(request: Request, context: AppLoadContext, language: SiteLanguage, form: FormData, rendering: ComponentRendering): Promise<Response | DataAnswer> {
  const kind = setting(rendering, 'kind') as EnquiryKind;
  const formGuid = setting(rendering, 'formGuid');
  if (!ENQUIRY_KIND_NAMES.includes(kind) || !formGuid) throw new Error(`The EnquiryForm rendering needs a kind (${ENQUIRY_KIND_NAMES.join(', ')}) and a formGuid.`);
  const fields = ENQUIRY_KINDS[kind] as EnquiryField[];
  const names = fields.map((field) => field.name);
  const values = Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? '').slice(0, 4000)]));
  const parsed = enquirySchema(kind).safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, names);
    return data<FormRefusal>({ component: 'EnquiryForm', errors, values }, { status: errors.form === 'forms.refused' ? 400 : 422 });
  }
  const submitted: Record<string, string> = parsed.data;
  const url = new URL(request.url);
  const { submission } = context.outbox.accept({
    kind: 'marketing-form',
    idempotencyKey: submitted.idempotencyKey!,
    owner: (submitted.email ?? '').toLowerCase(),
    payload: {
      formGuid,
      fields: [...names.map((name) => ({ name, value: submitted[name] ?? '' })), { name: 'enquiry_kind', value: kind }],
      context: { pageUri: `${url.origin}${url.pathname}`, pageName: setting(rendering, 'heading') },
    },
  });
  await queueReceiptMail(context, language, { idempotencyKey: submitted.idempotencyKey!, to: submitted.email!, name: submitted.name!, reference: submission.reference });
  return redirect(`${url.pathname}?${new URLSearchParams({ sent: submission.reference })}`, { status: 303 });
}
