import { Form, useActionData, useNavigation } from '@remix-run/react';
import { text, type TextField } from '~/cms/fields.ts';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { FormRefusal } from '~/lib/form-fields.ts';
import { FieldError, Honeypot, IdempotencyKey } from '~/lib/FormParts.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import { BUSINESS_UNITS, CONTACT_COUNTRIES, CONTACT_REGIONS, GEO_REGIONS, TOPICS, type ContactUsData } from './contact-us.ts';

interface ContactUsFields {
  heading?: TextField;
  intro?: TextField;
}

/**
 * Contact us: a GET finder (business unit and country) listing the matching contacts with their
 * region, then a POST message form to them. Both work without JavaScript.
 */
function ContactUs({ fields, data }: RenderingProps<ContactUsFields>) {
  const t = useTranslate();
  const navigation = useNavigation();
  const { unit, topic, country, region, geo, contacts, searchDown, idempotencyKey, prefill, sent } = data as ContactUsData;
  const answer = useActionData<FormRefusal>();
  const refusal = answer?.component === 'ContactUs' ? answer : undefined;
  const values: Record<string, string> = refusal?.values ?? prefill;
  const error = (field: string) => (refusal?.errors[field] ? t(refusal.errors[field]!) : undefined);
  return (
    <section className="contact-us">
      <h1>{text(fields.heading)}</h1>
      {fields.intro ? <p>{text(fields.intro)}</p> : null}
      <Form method="get" className="site-form contact-us__finder">
        <label htmlFor="contact-unit">{t('forms.businessUnit')}</label>
        <select id="contact-unit" name="unit" defaultValue={unit ?? ''}>
          <option value="">{t('forms.choose')}</option>
          {BUSINESS_UNITS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <label htmlFor="contact-topic">{t('forms.contactTopic')}</label>
        <select id="contact-topic" name="topic" defaultValue={topic ?? ''}>
          <option value="">{t('forms.choose')}</option>
          {TOPICS.map((value) => (
            <option key={value} value={value}>
              {t(`forms.topic.${value}`)}
            </option>
          ))}
        </select>
        <label htmlFor="contact-country">{t('forms.country')}</label>
        <select id="contact-country" name="country" defaultValue={region || geo ? '' : (country ?? '')}>
          <option value="">{t('forms.choose')}</option>
          {CONTACT_COUNTRIES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <label htmlFor="contact-region">{t('forms.region')}</label>
        <select id="contact-region" name="region" defaultValue={region ?? ''}>
          <option value="">{t('forms.choose')}</option>
          {CONTACT_REGIONS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <label htmlFor="contact-geo">{t('forms.geoRegion')}</label>
        <select id="contact-geo" name="geo" defaultValue={geo ?? ''}>
          <option value="">{t('forms.choose')}</option>
          {GEO_REGIONS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
        <button type="submit" className="button">
          {t('forms.findContacts')}
        </button>
      </Form>
      {searchDown ? <p className="search-notice">{t('forms.contactsUnavailable')}</p> : null}
      {contacts.length ? (
        <table className="stock-table contact-us__contacts">
          <thead>
            <tr>
              <th scope="col">{t('forms.contactName')}</th>
              <th scope="col">{t('forms.businessUnit')}</th>
              <th scope="col">{t('forms.country')}</th>
              <th scope="col">{t('forms.region')}</th>
              <th scope="col">{t('forms.contactReach')}</th>
            </tr>
          </thead>
          <tbody>
            {contacts.map((contact) => (
              <tr key={`${contact.businessUnit}-${contact.country}-${contact.email}`}>
                <td>{contact.name}</td>
                <td>{contact.businessUnit}</td>
                <td>{contact.country}</td>
                <td>
                  {contact.region} ({contact.geoRegion})
                </td>
                <td>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a> · {contact.phone}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {sent ? (
        <p role="status" className="contact-us__sent">
          {t('forms.messageSent')} <strong className="reference">{sent}</strong>
        </p>
      ) : unit && country ? (
        <Form method="post" className="site-form" noValidate>
          <h2>{t('forms.writeToUs')}</h2>
          <input type="hidden" name="_component" value="ContactUs" />
          <input type="hidden" name="unit" value={unit} />
          <input type="hidden" name="country" value={country} />
          <IdempotencyKey value={idempotencyKey} />
          <Honeypot label={t('forms.honeypot')} />
          <FieldError id="contact-form-error" message={error('form')} />
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
          <textarea id="contact-message" name="message" rows={6} maxLength={4000} defaultValue={values.message ?? ''} aria-invalid={error('message') ? true : undefined} aria-describedby={error('message') ? 'contact-message-error' : undefined} />
          <FieldError id="contact-message-error" message={error('message')} />
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {t('forms.send')}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export const contactUs: ComponentDefinition = { name: 'ContactUs', Component: ContactUs, phrases: ['forms'] };
