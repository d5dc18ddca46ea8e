import { randomUUID } from 'node:crypto';
import type { DataAnswer } from '~/lib/route-answer.server.ts';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { getSessionUser } from '~/auth/session.server.ts';
import type { SiteLanguage } from '~/cms/language.ts';
import { fieldErrors, type FormRefusal } from '~/lib/form-fields.ts';
import { LANGUAGES } from '~/cms/language.ts';
import { suggestForCase } from './case-assist.server.ts';
import { CASE_ASSIST_MIN_CHARS } from './case-assist.ts';
import { queueReceiptMail } from './receipt-mail.server.ts';
import { CONTACT_MESSAGE_FIELDS, TOPIC_UNITS, type ContactPerson, type ContactUsAnswer, type ContactUsData } from './contact-us.ts';
import { readContactFinder, contactMessageSchema } from './contact-us.schema.ts';
import { SOLR_LANGUAGE, solrQuoted } from '~/lib/solr.server.ts';
import { SolrError } from '../../../server/ports/solr.ts';

/** Where the visitor is: a country, else a region, else a geo-region (the finder's choice). */
interface Location {
  country?: string | undefined;
  region?: string | undefined;
  geo?: string | undefined;
}

/** What the contacts look after: a business unit, or a product line or application (topic). */
interface Subject {
  unit?: string | undefined;
  topic?: string | undefined;
}

interface ContactDoc extends Record<string, unknown> {
  contactname?: string;
  businessunit?: string;
  country?: string;
  region?: string;
  geo_region?: string;
  email?: string;
  phone?: string;
}

/**
 * The contact-us query on Solr's `contactus_details` core: the unit's (or the topic's) contacts for
 * the location, 100 rows, plus the 'Misc' contacts there. Undefined: Solr did not answer.
 */
async function findContacts(context: AppLoadContext, subject: Subject, location: Location, language: SiteLanguage): Promise<ContactPerson[] | undefined> {
  const where = location.country ? `country:${solrQuoted(location.country)}` : location.region ? `region:${solrQuoted(location.region)}` : location.geo ? `geo_region:${solrQuoted(location.geo)}` : undefined;
  const who = subject.topic
    ? `products:${solrQuoted(subject.topic)} OR applications:${solrQuoted(subject.topic)} OR businessunit:Misc`
    : subject.unit
      ? `businessunit:(${solrQuoted(subject.unit)} OR Misc)`
      : undefined;
  if (!who && !where) return [];
  try {
    const answer = await context.solr.select<ContactDoc>('contactus_details', {
      q: who ?? '*:*',
      fq: [`language:${SOLR_LANGUAGE[language]}`, ...(where ? [where] : [])],
      rows: 100,
      sort: 'businessunit asc, country asc',
      fl: 'id,contactname,businessunit,country,region,geo_region,email,phone',
    });
    const contacts = answer.response.docs.map((doc) => ({
      name: String(doc.contactname ?? ''),
      businessUnit: String(doc.businessunit ?? ''),
      country: String(doc.country ?? ''),
      region: String(doc.region ?? ''),
      geoRegion: String(doc.geo_region ?? ''),
      email: String(doc.email ?? ''),
      phone: String(doc.phone ?? ''),
    }));
    // The unit's own contacts first, 'Misc' after them.
    return contacts.sort((a, b) => Number(a.businessUnit === 'Misc') - Number(b.businessUnit === 'Misc'));
  } catch (error) {
    if (error instanceof SolrError) return undefined;
    throw error;
  }
}

export async function contactUsLoader(request: Request, context: AppLoadContext, language: SiteLanguage, markStatus: (status: number) => void = () => {}): Promise<ContactUsData> {
  const url = new URL(request.url);
  // The finder's GET form sends its empty selects too: answer with the clean address.
  if ([...url.searchParams].some(([, value]) => value === '')) {
    const clean = new URLSearchParams([...url.searchParams].filter(([key, value]) => value !== '' && key !== '_data'));
    throw redirect(`${url.pathname}${clean.size ? `?${clean}` : ''}`);
  }
  const { finder, refused } = readContactFinder(url.searchParams);
  if (refused.length) markStatus(400);
  const unit = finder.unit ?? (finder.topic ? TOPIC_UNITS[finder.topic] : undefined);
  // A refused choice would widen the search past what the visitor asked: nothing is listed then.
  const contacts = refused.length ? [] : await findContacts(context, { unit, topic: finder.topic }, finder, language);
  const user = await getSessionUser(request, context);
  const sent = url.searchParams.get('sent');
  // The message form needs one unit and one country: the finder's, or the first contact's.
  const messageCountry = finder.country ?? contacts?.find((contact) => contact.businessUnit === unit)?.country;
  return {
    ...(unit ? { unit } : {}),
    ...(finder.topic ? { topic: finder.topic } : {}),
    ...(messageCountry ? { country: messageCountry } : {}),
    ...(finder.region ? { region: finder.region } : {}),
    ...(finder.geo ? { geo: finder.geo } : {}),
    contacts: contacts ?? [],
    ...(refused.length ? { refused } : {}),
    searchDown: contacts === undefined,
    idempotencyKey: randomUUID(),
    prefill: { name: user?.displayName ?? '', email: user?.email ?? '', company: user?.profile.companyName ?? '' },
    ...(sent && context.outbox.byReference(sent) ? { sent } : {}),
  };
}

/** Suggestions for a message long enough to have them; none for a shorter one (the list keeps its hint). */
async function suggestionsFor(context: AppLoadContext, language: SiteLanguage, values: Record<string, string>) {
  const description = (values.message ?? '').trim();
  if (description.length < CASE_ASSIST_MIN_CHARS) return undefined;
  return suggestForCase(context, { description, locale: LANGUAGES[language].tag, unit: values.unit || undefined });
}

/** POST: the message goes to the unit's contact for the country, through the outbox (e-mail port). */
export async function contactUsAction(request: Request, context: AppLoadContext, language: SiteLanguage, form: FormData): Promise<Response | DataAnswer> {
  const values = Object.fromEntries([...CONTACT_MESSAGE_FIELDS, 'unit', 'country'].map((field) => [field, String(form.get(field) ?? '').slice(0, 4000)]));
  if (form.get('intent') === 'suggest') {
    // Case assist without JavaScript: the same form comes back with the visitor's words and the
    // documents that may answer them; nothing is sent until they press Send.
    const suggestions = await suggestForCase(context, { description: values.message ?? '', locale: LANGUAGES[language].tag, unit: values.unit || undefined });
    return data<ContactUsAnswer>({ component: 'ContactUs', errors: {}, values, suggestions }, { headers: { 'Cache-Control': 'no-store' } });
  }
  const parsed = contactMessageSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error.issues, [...CONTACT_MESSAGE_FIELDS, 'unit', 'country']);
    if (errors.form === 'forms.refused') return data<FormRefusal>({ component: 'ContactUs', errors, values }, { status: 400 });
    // The form comes back with the message kept, and with the suggestions for it (as "Suggest
    // answers" gave them): a refused send must not take away what may answer the problem.
    const suggestions = await suggestionsFor(context, language, values);
    return data<ContactUsAnswer>({ component: 'ContactUs', errors, values, ...(suggestions ? { suggestions } : {}) }, { status: 422, headers: { 'Cache-Control': 'no-store' } });
  }
  const message = parsed.data;
  const contacts = (await findContacts(context, { unit: message.unit }, { country: message.country }, language)) ?? [];
  const recipient = contacts.find((contact) => contact.businessUnit === message.unit) ?? contacts[0];
  const { submission } = context.outbox.accept({
    kind: 'email',
    idempotencyKey: message.idempotencyKey,
    owner: message.email.toLowerCase(),
    payload: {
      personalizations: [{ to: [{ email: recipient?.email ?? 'sales@voltaris.example', name: recipient?.name ?? 'Voltaris sales' }] }],
      from: { email: context.config.email.from, name: 'Voltaris website' },
      subject: `Website enquiry (${message.unit}, ${message.country}) from ${message.name}`,
      content: [{ type: 'text/plain', value: [`From: ${message.name} <${message.email}>`, message.company ? `Company: ${message.company}` : '', `Business unit: ${message.unit}`, `Country: ${message.country}`, '', message.message].filter((line) => line !== null).join('\n') }],
    },
  });
  await queueReceiptMail(context, language, { idempotencyKey: message.idempotencyKey, to: message.email, name: message.name, reference: submission.reference });
  const back = new URLSearchParams({ unit: message.unit, country: message.country, sent: submission.reference });
  // The page's own (already localized) address, with the finder's choice and the reference.
  return redirect(`${new URL(request.url).pathname}?${back}`, { status: 303 });
}
