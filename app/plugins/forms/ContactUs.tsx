import { Form, useActionData, useFetcher, useNavigation } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TextField } from '~/cms/fields.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import { FieldError, FormHeading, FormPreamble, Receipt } from '~/lib/FormParts.tsx';
import { DataTable } from '~/lib/DataTable.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { FormsRenderingData } from './rendering-data.ts';
import { CASE_ASSIST_MAX_CHARS, CASE_ASSIST_MIN_CHARS, type CaseSuggestionsView } from './case-assist.ts';
import { BUSINESS_UNITS, CONTACT_COUNTRIES, CONTACT_REGIONS, GEO_REGIONS, TOPICS, type ContactUsAnswer } from './contact-us.ts';
import { facetValueLabel } from '../search/facet-values.ts';

/** Documents and FAQs that may answer the problem as described (case assist); a live region, so typing announces them. */
function CaseSuggestions({ view, busy }: { view: CaseSuggestionsView | undefined; busy: boolean }) {
  const t = useTranslate();
  const headingId = useId();
  return (
    <section className="case-assist" aria-live="polite" aria-labelledby={headingId} aria-busy={busy || undefined} data-status={view?.status ?? 'idle'}>
      <h3 id={headingId}>{t('forms.caseAssist.heading')}</h3>
      {!view ? <p className="form-hint">{t('forms.caseAssist.hint')}</p> : null}
      {view?.status === 'tooShort' ? <p className="form-hint">{t('forms.caseAssist.tooShort')}</p> : null}
      {view?.status === 'none' ? <p className="form-hint">{t('forms.caseAssist.none')}</p> : null}
      {view?.status === 'error' ? <p className="form-hint">{t('forms.caseAssist.unavailable')}</p> : null}
      {view?.status === 'ok' ? (
        <ul className="case-assist__list">
          {view.items.map((item) =>
            item.kind === 'Document' && item.href ? (
              <li key={`${item.kind}-${item.href}`}>
                <a href={item.href} target="_blank" rel="noopener">
                  {item.title}
                </a>{' '}
                <span className="facet__count">({item.type ?? t('forms.caseAssist.document')})</span>
                {item.text && item.text !== item.title ? <span className="case-assist__excerpt">{item.text}</span> : null}
              </li>
            ) : (
              <li key={`${item.kind}-${item.title}`}>
                <details>
                  <summary>
                    {item.title} <span className="facet__count">({t('forms.caseAssist.faq')})</span>
                  </summary>
                  <p>{item.text}</p>
                </details>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Suggestions while the visitor types (debounced GETs, so they never use up the form posts the
 * message needs), once scripts run; the "Suggest answers" button does the same as a post without them.
 */
function useTypedSuggestions(unit: string | undefined, answer: ContactUsAnswer | undefined) {
  const tag = useSiteShell()?.tag ?? 'en';
  const fetcher = useFetcher<CaseSuggestionsView | { error: string }>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const asked = useRef('');
  const [fromTyping, setFromTyping] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (fetcher.data) setFromTyping(true);
  }, [fetcher.data]);
  // A "Suggest answers" post is newer than what typing fetched before it.
  useEffect(() => setFromTyping(false), [answer]);
  const onInput = (event: FormEvent<HTMLTextAreaElement>) => {
    const description = event.currentTarget.value.trim().slice(0, CASE_ASSIST_MAX_CHARS);
    clearTimeout(timer.current);
    if (description.length < CASE_ASSIST_MIN_CHARS || description === asked.current) return;
    timer.current = setTimeout(() => {
      asked.current = description;
      fetcher.load(`/api/case-assist/suggest?${new URLSearchParams({ description, locale: tag, ...(unit ? { unit } : {}) })}`);
    }, 400);
  };
  const typed = fromTyping && fetcher.data && 'status' in fetcher.data ? fetcher.data : undefined;
  return { onInput, view: typed ?? answer?.suggestions, busy: fetcher.state === 'loading' };
}

/** One of the finder's choices: a labelled select whose first option chooses nothing. */
function ChoiceField({ name, label, value, options, labelOf }: { name: string; label: string; value: string | undefined; options: readonly string[]; labelOf: (value: string) => string }) {
  const t = useTranslate();
  return (
    <>
      <label htmlFor={`contact-${name}`}>{label}</label>
      <select id={`contact-${name}`} name={name} defaultValue={value ?? ''}>
        <option value="">{t('forms.choose')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labelOf(option)}
          </option>
        ))}
      </select>
    </>
  );
}

type Translate = ReturnType<typeof useTranslate>;
/** The finder's choices by parameter: their label's key, their values and how each is named. */
const FINDER_LABELS = { unit: 'forms.businessUnit', topic: 'forms.topicField', country: 'forms.country', region: 'forms.region', geo: 'forms.geoRegion' } as const;
const FINDER_CHOICES: Record<keyof typeof FINDER_LABELS, { options: readonly string[]; labelOf: (t: Translate) => (value: string) => string }> = {
  unit: { options: BUSINESS_UNITS, labelOf: (t) => (value) => facetValueLabel(t, 'businessunit', value, undefined) },
  topic: { options: TOPICS, labelOf: (t) => (value) => t(`forms.topic.${value}`) },
  country: { options: CONTACT_COUNTRIES, labelOf: (t) => (value) => facetValueLabel(t, 'country', value, undefined) },
  region: { options: CONTACT_REGIONS, labelOf: (t) => (value) => facetValueLabel(t, 'region', value, undefined) },
  geo: { options: GEO_REGIONS, labelOf: (t) => (value) => facetValueLabel(t, 'geo_region', value, undefined) },
};

interface ContactUsFields {
  heading?: TextField;
  intro?: TextField;
}

/**
 * Contact us: a GET finder (business unit and country) listing the matching contacts with their
 * region, then a POST message form to them. Both work without JavaScript.
 */
function ContactUs({ fields, data }: RenderingProps<ContactUsFields, FormsRenderingData['ContactUs']>) {
  const t = useTranslate();
  const navigation = useNavigation();
  const { unit, topic, country, region, geo, contacts, searchDown, idempotencyKey, prefill, sent, refused } = data;
  const answer = useActionData<ContactUsAnswer>();
  const refusal = answer?.component === 'ContactUs' ? answer : undefined;
  const suggestions = useTypedSuggestions(unit, refusal);
  const values: Record<string, string> = refusal?.values ?? prefill;
  const error = (field: string) => (refusal?.errors[field] ? t(refusal.errors[field]!) : undefined);
  return (
    <section className="contact-us">
      <FormHeading fields={fields} />
      <Form method="get" className="site-form contact-us__finder" autoComplete="off">
        <ChoiceField name="unit" label={t('forms.businessUnit')} value={unit} options={BUSINESS_UNITS} labelOf={(value) => facetValueLabel(t, 'businessunit', value, undefined)} />
        <ChoiceField name="topic" label={t('forms.contactTopic')} value={topic} options={TOPICS} labelOf={(value) => t(`forms.topic.${value}`)} />
        <ChoiceField name="country" label={t('forms.country')} value={region || geo ? '' : country} options={CONTACT_COUNTRIES} labelOf={(value) => facetValueLabel(t, 'country', value, undefined)} />
        <ChoiceField name="region" label={t('forms.region')} value={region} options={CONTACT_REGIONS} labelOf={(value) => facetValueLabel(t, 'region', value, undefined)} />
        <ChoiceField name="geo" label={t('forms.geoRegion')} value={geo} options={GEO_REGIONS} labelOf={(value) => facetValueLabel(t, 'geo_region', value, undefined)} />
        <button type="submit" className="button">
          {t('forms.findContacts')}
        </button>
      </Form>
      {refused?.map(({ field, value }) => (
        <p key={field} className="search-notice" role="alert">
          {t('forms.finderChoiceUnknown', { value, field: t(FINDER_LABELS[field]), choices: FINDER_CHOICES[field].options.map(FINDER_CHOICES[field].labelOf(t)).join(', ') })}
        </p>
      ))}
      {searchDown ? <p className="search-notice">{t('forms.contactsUnavailable')}</p> : null}
      {contacts.length ? (
        <DataTable
          className="stock-table contact-us__contacts"
          rows={contacts}
          rowKey={(contact) => `${contact.businessUnit}-${contact.country}-${contact.email}`}
          columns={[
            { header: t('forms.contactName'), cell: (contact) => contact.name },
            { header: t('forms.businessUnit'), cell: (contact) => facetValueLabel(t, 'businessunit', contact.businessUnit, undefined) },
            { header: t('forms.country'), cell: (contact) => facetValueLabel(t, 'country', contact.country, undefined) },
            { header: t('forms.region'), cell: (contact) => `${facetValueLabel(t, 'region', contact.region, undefined)} (${facetValueLabel(t, 'geo_region', contact.geoRegion, undefined)})` },
            {
              header: t('forms.contactReach'),
              cell: (contact) => (
                <>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a> · {contact.phone}
                </>
              ),
            },
          ]}
        />
      ) : null}
      {sent ? (
        <p role="status" className="contact-us__sent">
          <Receipt message={t('forms.messageSent')} reference={sent} />
        </p>
      ) : unit && country ? (
        <Form method="post" className="site-form" noValidate>
          <h2>{t('forms.writeToUs')}</h2>
          <FormPreamble component="ContactUs" idempotencyKey={idempotencyKey} errorId="contact-form-error" error={error('form')} />
          <input type="hidden" name="unit" value={unit} />
          <input type="hidden" name="country" value={country} />
          {(['name', 'email', 'company'] as const).map((field) => (
            <div key={field}>
              <label htmlFor={`contact-${field}`}>
                {t(`forms.contact.${field}`)}
                {field === 'company' ? '' : ' *'}
              </label>
              <input
                id={`contact-${field}`}
                name={field}
                type={field === 'email' ? 'email' : 'text'}
                defaultValue={values[field] ?? ''}
                maxLength={field === 'email' ? 254 : 120}
                aria-invalid={error(field) ? true : undefined}
                aria-describedby={error(field) ? `contact-${field}-error` : undefined}
              />
              <FieldError id={`contact-${field}-error`} message={error(field)} />
            </div>
          ))}
          <label htmlFor="contact-message">{t('forms.contact.message')} *</label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            maxLength={4000}
            defaultValue={values.message ?? ''}
            onInput={suggestions.onInput}
            aria-invalid={error('message') ? true : undefined}
            aria-describedby={error('message') ? 'contact-message-error' : undefined}
          />
          <FieldError id="contact-message-error" message={error('message')} />
          <CaseSuggestions view={suggestions.view} busy={suggestions.busy} />
          {/* Send comes first: it is the form's default button (Enter in a field sends). */}
          <button type="submit" name="intent" value="send" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {t('forms.send')}
          </button>{' '}
          <button type="submit" name="intent" value="suggest" className="button" formNoValidate>
            {t('forms.caseAssist.suggest')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

// Of the facet values' names, those of the fields its choices and contact table show.
export const contactUs: ComponentDefinition<FormsRenderingData['ContactUs']> = { name: 'ContactUs', Component: ContactUs };
