import { Form, useActionData, useNavigation } from '@remix-run/react';
import { FieldText } from '~/cms/components/EditingChromes.tsx';
import { text, type TextField } from '~/cms/fields.ts';
import { useTranslate } from '~/cms/use-site-shell.ts';
import type { FormRefusal } from '~/lib/form-fields.ts';
import { FieldError, FormHeading, FormPreamble, Receipt } from '~/lib/FormParts.tsx';
import type { ComponentDefinition, RenderingProps } from '../types.ts';
import type { FormsRenderingData } from './rendering-data.ts';
import { ENQUIRY_KINDS, type EnquiryField, type EnquiryKind } from './enquiries.ts';

interface EnquiryFields {
  heading?: TextField;
  intro?: TextField;
  /** supplier-notification, arc-flash-registration, analytical-services or ask-an-expert. */
  kind?: TextField;
  formGuid?: TextField;
  /** What happens next, shown with the reference once the enquiry is sent. */
  receipt?: TextField;
}

/** An enquiry form chosen by the editor (kind + marketing formGuid); a POST form, in the page language. */
function EnquiryForm({ fields, data, params }: RenderingProps<EnquiryFields, FormsRenderingData['EnquiryForm']>) {
  const t = useTranslate();
  const navigation = useNavigation();
  const kind = text(fields.kind) as EnquiryKind;
  const definition = (ENQUIRY_KINDS[kind] ?? []) as EnquiryField[];
  const { idempotencyKey, prefill, sent } = data;
  const answer = useActionData<FormRefusal>();
  const refusal = answer?.component === 'EnquiryForm' ? answer : undefined;
  const values: Record<string, string> = refusal?.values ?? prefill;
  const error = (field: string) => (refusal?.errors[field] ? t(refusal.errors[field]!) : undefined);
  return (
    // On a page that has its own h1 (the supplier area) the editor sets headingLevel 2.
    <section className="enquiry" id={kind || undefined} aria-labelledby={`${kind}-heading`}>
      <FormHeading fields={fields} level={params.headingLevel === '2' ? 'h2' : 'h1'} id={`${kind}-heading`} />
      {sent ? (
        <div role="status" className="enquiry__sent">
          <p>
            <Receipt message={t('forms.enquirySent')} reference={sent} />
          </p>
          {fields.receipt?.value ? <p><FieldText field={fields.receipt} /></p> : null}
        </div>
      ) : (
        <Form method="post" className="site-form" noValidate>
          <FormPreamble component="EnquiryForm" idempotencyKey={idempotencyKey} errorId="enquiry-form-error" error={error('form')} />
          {definition.map((field) => {
            const id = `enquiry-${field.name}`;
            const common = {
              id,
              name: field.name,
              defaultValue: values[field.name] ?? '',
              maxLength: field.maxLength,
              'aria-invalid': error(field.name) ? true : undefined,
              'aria-describedby': error(field.name) ? `${id}-error` : undefined,
            };
            return (
              <div key={field.name}>
                <label htmlFor={id}>
                  {t(`forms.enquiry.${field.name}`)}
                  {field.required ? ' *' : ''}
                </label>
                {field.type === 'textarea' ? (
                  <textarea rows={5} {...common} />
                ) : field.type === 'select' ? (
                  <select {...common}>
                    <option value="">{t('forms.choose')}</option>
                    {field.options!.map((option) => (
                      <option key={option} value={option}>
                        {t(`forms.option.${option}`)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input type={field.type} {...common} />
                )}
                <FieldError id={`${id}-error`} message={error(field.name)} />
              </div>
            );
          })}
          <button type="submit" className="button button--primary" disabled={navigation.state === 'submitting'}>
            {t('forms.send')}
          </button>
        </Form>
      )}
    </section>
  );
}

export const enquiryForm: ComponentDefinition<FormsRenderingData['EnquiryForm']> = { name: 'EnquiryForm', Component: EnquiryForm };
