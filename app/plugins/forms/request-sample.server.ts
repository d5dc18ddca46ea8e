import { randomUUID } from 'node:crypto';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { receivedSampleRequests } from '~/ports/sample-status.server.ts';
import { getSessionUser, requireUser, signInPath } from '~/auth/session.server.ts';
import { localizedPath, type SiteLanguage } from '~/cms/language.ts';
import { loadDictionary } from '~/cms/dictionary.server.ts';
import { translator, type Translate } from '~/cms/use-site-shell.ts';
import { fieldErrors, type FormRefusal } from '~/lib/form-fields.ts';
import { requestSampleSchema } from './request-sample.schema.ts';
import { partsOf, REQUEST_SAMPLE_FIELDS, SAMPLE_REGIONS, SHIPPING_FIELDS, SAMPLE_LIST_STATUSES, type RequestSampleData, type SampleListData, type SampleListStatus } from './request-sample.ts';
import { search } from '~/search-api/client.server.ts';
import { allOf, fieldIs } from '~/search-api/query-expression.server.ts';
import { PART_NUMBER_PATTERN } from '~/lib/search-constants.ts';


/** The confirmation of a sample request, in the dictionary's words (`mail.sample.*`) of the page's language. */
function confirmationMail(t: Translate, mail: { to: string; name: string; from: string; reference: string; parts: Array<{ partNumber: string; quantity: number }> }) {
  const values = { ref: mail.reference, name: mail.name };
  return {
    personalizations: [{ to: [{ email: mail.to, name: mail.name }] }],
    from: { email: mail.from, name: 'Voltaris Components' },
    subject: t('mail.sample.subject', values),
    content: [{ type: 'text/plain', value: [t('mail.sample.greeting', values), '', t('mail.sample.body', values), ...mail.parts.map((part) => `- ${part.partNumber} × ${part.quantity}`), '', t('mail.sample.closing')].join('\n') }],
  };
}

/** Checks parts against the catalogue through the Search API: known, and eligible for samples. */
async function lookUpParts(context: AppLoadContext, partNumbers: string[]): Promise<Map<string, { eligible: boolean }> | undefined> {
  try {
    const answer = await search(context, { aq: allOf(fieldIs('partnumber', partNumbers)), numberOfResults: 50, fieldsToInclude: ['partnumber', 'isparteligibleforsample'] }, { timeoutMs: 3000 });
    return new Map(answer.results.map((result) => [String(result.raw.partnumber).toUpperCase(), { eligible: result.raw.isparteligibleforsample === true }]));
  } catch {
    return undefined;
  }
}

/** The parts the catalogue does not have, or has but not as a sample, by their rows' fields. */
function catalogueErrors(parts: ReadonlyArray<{ row: number; partNumber: string }>, known: Map<string, { eligible: boolean }>): FormRefusal['errors'] {
  const errors: FormRefusal['errors'] = {};
  for (const part of parts) {
    const found = known.get(part.partNumber);
    if (!found) errors[`part${part.row}`] = 'forms.partNumberUnknown';
    else if (!found.eligible) errors[`part${part.row}`] = 'forms.partNotSampleable';
  }
  return errors;
}

/** GET: a fresh idempotency key, the shipping address from the profile, parts from ?parts=. */
export async function requestSampleLoader(request: Request, context: AppLoadContext): Promise<RequestSampleData> {
  const user = await getSessionUser(request, context);
  const url = new URL(request.url);
  if (!user) return { signInFirst: true, idempotencyKey: '', prefill: { parts: (url.searchParams.get('parts') ?? '').slice(0, 120) } };
  const prefill: Record<string, string> = {
    firstName: user.profile.firstName,
    lastName: user.profile.lastName,
    companyName: user.profile.companyName,
    address1: user.profile.address1,
    address2: user.profile.address2,
    city: user.profile.city,
    state: user.profile.state,
    postalCode: user.profile.postalCode,
    country: user.profile.country,
    phone: user.profile.phone,
    region: (SAMPLE_REGIONS as readonly string[]).includes(user.profile.requestSampleRegion) ? user.profile.requestSampleRegion : 'Americas',
  };
  (url.searchParams.get('parts') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .slice(0, 5)
    .forEach((part, i) => (prefill[`part${i + 1}`] = part.slice(0, 20)));
  const reference = url.searchParams.get('reference');
  const submission = reference ? context.outbox.byReference(reference) : undefined;
  const mine = submission && submission.owner === user.email ? submission : undefined;
  return { idempotencyKey: randomUUID(), prefill, ...(mine ? { confirmation: { reference: mine.reference, delivered: mine.state === 'delivered' } } : {}) };
}

/**
 * POST: validated, each part checked against the catalogue, then stored in the outbox in the same
 * step that answers: the visitor gets a reference whatever the sample service's state.
 */
export async function requestSampleAction(request: Request, context: AppLoadContext, language: SiteLanguage, form: FormData): Promise<Response | DataAnswer> {
  // Anonymous visitors are asked to sign in first; their ?parts= come back with them.
  const user = await getSessionUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    const parts = String(form.get('parts') ?? url.searchParams.get('parts') ?? '').slice(0, 120);
    return redirect(signInPath(`${url.pathname}${parts ? `?${new URLSearchParams({ parts })}` : ''}`), { status: 303 });
  }
  const values = Object.fromEntries(REQUEST_SAMPLE_FIELDS.map((field) => [field, String(form.get(field) ?? '').slice(0, 200)]));
  const refuse = (errors: FormRefusal['errors'], status = 422) => data<FormRefusal>({ component: 'RequestSample', errors, values }, { status });
  const parsed = requestSampleSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, REQUEST_SAMPLE_FIELDS);
    if (errors.form === 'forms.refused') return refuse(errors, 400);
    // Every mistake in one round: the well-formed part numbers are checked against the catalogue
    // too, so an unknown part is not flagged only once the quantities are right. A catalogue that
    // does not answer leaves the field errors alone; the next post checks the parts.
    const typed = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.normalize('NFKC').trim()]));
    const wellFormed = partsOf(typed).filter((part) => !errors[`part${part.row}`] && PART_NUMBER_PATTERN.test(part.partNumber));
    const known = wellFormed.length ? await lookUpParts(context, wellFormed.map((part) => part.partNumber)) : undefined;
    return refuse({ ...errors, ...(known ? catalogueErrors(wellFormed, known) : {}) }, 422);
  }
  const submitted: Record<string, string> = parsed.data;
  const parts = partsOf(submitted);
  const known = await lookUpParts(context, parts.map((part) => part.partNumber));
  if (!known) return refuse({ form: 'forms.catalogueUnavailable' }, 503);
  const errors = catalogueErrors(parts, known);
  if (Object.keys(errors).length) return refuse(errors);
  const { submission } = context.outbox.accept({
    kind: 'sample-request',
    idempotencyKey: submitted.idempotencyKey!,
    owner: user.email,
    payload: {
      requester: { email: user.email, name: user.displayName },
      parts: parts.map(({ partNumber, quantity }) => ({ partNumber, quantity })),
      shipping: Object.fromEntries(SHIPPING_FIELDS.map((field) => [field, submitted[field] ?? ''])),
      region: submitted.region!,
    },
  });
  // The confirmation e-mail goes through the outbox too: stored now, sent when the mail port answers.
  context.outbox.accept({
    kind: 'email',
    idempotencyKey: `${submitted.idempotencyKey!}:confirmation`,
    owner: user.email,
    payload: confirmationMail(translator(await loadDictionary(context, language)), { to: user.email, name: user.displayName, from: context.config.email.from, reference: submission.reference, parts }),
  });
  return redirect(`${localizedPath(language, '/request-sample')}?${new URLSearchParams({ reference: submission.reference })}`, { status: 303 });
}

function isSampleListStatus(value: unknown): value is SampleListStatus {
  return SAMPLE_LIST_STATUSES.includes(value as SampleListStatus);
}

/** SampleList: the user's requests from the outbox, with the sample service's status when it answers. */
export async function sampleListLoader(request: Request, context: AppLoadContext): Promise<SampleListData> {
  const user = await requireUser(request, context);
  const submissions = context.outbox.ofOwner(user.email, 'sample-request');
  // Undefined: the sample service is down; the list shows what the outbox holds.
  const answered = await receivedSampleRequests(context, user.email);
  const serviceDown = answered === undefined;
  const received = answered ?? new Map<string, string>();
  return {
    serviceDown,
    requests: submissions.map((submission) => {
      const payload = submission.payload as { parts?: Array<{ partNumber: string; quantity: number }> };
      const theirs = received.get(submission.reference);
      const status: SampleListStatus =
        submission.state === 'parked' ? 'parked' : isSampleListStatus(theirs) ? theirs : theirs !== undefined || submission.state === 'delivered' ? 'received' : 'queued';
      return { reference: submission.reference, createdAt: new Date(submission.createdAt).toISOString(), parts: payload.parts ?? [], status };
    }),
  };
}
