import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import type { TextField } from '~/cms/fields.ts';
import { localizedPath } from '~/cms/language.ts';
import { useSiteShell, useTranslate } from '~/cms/use-site-shell.ts';
import type { FormRefusal } from '~/lib/form-fields.ts';
import { FieldError, FormHeading, FormPreamble, Receipt } from '~/lib/FormParts.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { FormsRenderingData } from './rendering-data.ts';
import { PART_ROWS, SAMPLE_REGIONS, SHIPPING_FIELDS, salesRegionName } from './request-sample.ts';

interface RequestSampleFields {
  heading?: TextField;
  intro?: TextField;
}

const REQUIRED = new Set(['firstName', 'lastName', 'address1', 'city', 'postalCode', 'country']);

/** REQ-FORM-4 request a sample: parts and quantities, shipping address from the profile, region. */
function RequestSample({ fields, data }: RenderingProps<RequestSampleFields, FormsRenderingData['RequestSample']>) {
  const t = useTranslate();
  const shell = useSiteShell();
  const navigation = useNavigation();
  const { idempotencyKey, prefill, confirmation, signInFirst } = data;
  const answer = useActionData<FormRefusal>();
  const refusal = answer?.component === 'RequestSample' ? answer : undefined;
  const values = refusal?.values ?? prefill;
  const error = (field: string) => (refusal?.errors[field] ? t(refusal.errors[field]!) : undefined);
  const input = (name: string, props: { label: string; type?: string; required?: boolean; maxLength?: number; autoComplete?: string }) => (
    <div className="site-form__field" key={name}>
      <label htmlFor={`sample-${name}`}>
        {props.label}
        {props.required ? ' *' : ''}
      </label>
      <input
        id={`sample-${name}`}
        name={name}
        type={props.type ?? 'text'}
        defaultValue={values[name] ?? ''}
        required={props.required}
        maxLength={props.maxLength ?? 120}
        autoComplete={props.autoComplete}
        aria-invalid={error(name) ? true : undefined}
        aria-describedby={error(name) ? `sample-${name}-error` : undefined}
      />
      <FieldError id={`sample-${name}-error`} message={error(name)} />
    </div>
  );
  if (signInFirst) {
    return (
      <section className="request-sample">
        <h1><FieldText field={fields.heading} /></h1>
        <p>{t('forms.sampleSignInFirst')}</p>
        <Form method="post" reloadDocument>
          <input type="hidden" name="_component" value="RequestSample" />
          <input type="hidden" name="parts" value={prefill.parts ?? ''} />
          <button type="submit" className="button button--primary">
            {t('forms.sampleSignIn')}
          </button>
        </Form>
      </section>
    );
  }
  if (confirmation) {
    return (
      <section className="request-sample">
        <h1>{t('forms.sampleThanks')}</h1>
        <p role="status">
          <Receipt message={t('forms.sampleReference')} reference={confirmation.reference} />
        </p>
        <p>{t(confirmation.delivered ? 'forms.sampleDelivered' : 'forms.sampleQueued')}</p>
        <p>
          <Link to={localizedPath(shell?.language ?? 'en', '/request-sample/SampleList')}>{t('forms.sampleListLink')}</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="request-sample">
      <FormHeading fields={fields} />
      <Form method="post" className="site-form" noValidate>
        <FormPreamble component="RequestSample" idempotencyKey={idempotencyKey} errorId="sample-form-error" error={error('form')} />
        <fieldset>
          <legend>{t('forms.sampleParts')}</legend>
          {Array.from({ length: PART_ROWS }, (_, i) => (
            <div className="site-form__row" key={i}>
              {input(`part${i + 1}`, { label: t('forms.partNumberN', { n: i + 1 }), maxLength: 10, autoComplete: 'off' })}
              {input(`qty${i + 1}`, { label: t('forms.quantityN', { n: i + 1 }), type: 'number', maxLength: 2 })}
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('forms.shipping')}</legend>
          {SHIPPING_FIELDS.map((field) => input(field, { label: t(`forms.field.${field}`), required: REQUIRED.has(field) }))}
          <label htmlFor="sample-region">{t('forms.region')} *</label>
          <select id="sample-region" name="region" defaultValue={values.region ?? 'Americas'} aria-invalid={error('region') ? true : undefined}>
            {SAMPLE_REGIONS.map((region) => (
              <option key={region} value={region}>
                {salesRegionName(t, region)}
              </option>
            ))}
          </select>
          <FieldError id="sample-region-error" message={error('region')} />
        </fieldset>
        <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
          {t('forms.sampleSubmit')}
        </button>
      </Form>
    </section>
  );
}

export const requestSample: ComponentDefinition<FormsRenderingData['RequestSample']> = { name: 'RequestSample', Component: RequestSample };
