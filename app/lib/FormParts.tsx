import { text, type TextField } from '~/cms/fields.ts';
import { useTranslate } from '~/cms/use-site-shell.ts';
import { HONEYPOT_FIELD, IDEMPOTENCY_FIELD } from './form-fields.ts';

/** The honeypot: off-screen, out of the tab order, ignored by assistive technology and autofill. */
export function Honeypot({ label }: { label: string }) {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        {label}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function IdempotencyKey({ value }: { value: string }) {
  return <input type="hidden" name={IDEMPOTENCY_FIELD} value={value} />;
}

/** A field's message, tied to its input by id (aria-describedby). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  ) : null;
}

/** A form's heading and lead, from its rendering's fields. */
export function FormHeading({ fields, level = 'h1', id }: { fields: { heading?: TextField; intro?: TextField }; level?: 'h1' | 'h2'; id?: string }) {
  const Heading = level;
  return (
    <>
      <Heading id={id}>{text(fields.heading)}</Heading>
      {fields.intro ? <p>{text(fields.intro)}</p> : null}
    </>
  );
}

/**
 * What every posted form starts with: the rendering that answers it (`_component`), its
 * idempotency key (a form that sends something once), the honeypot, and the form-level error.
 */
export function FormPreamble({ component, idempotencyKey, errorId, error }: { component: string; idempotencyKey?: string; errorId?: string; error?: string | undefined }) {
  const t = useTranslate();
  return (
    <>
      <input type="hidden" name="_component" value={component} />
      {idempotencyKey ? <IdempotencyKey value={idempotencyKey} /> : null}
      <Honeypot label={t('forms.honeypot')} />
      {errorId ? <FieldError id={errorId} message={error} /> : null}
    </>
  );
}

/** What a sent form answers: the message and the reference to quote. */
export function Receipt({ message, reference }: { message: string; reference: string }) {
  return (
    <>
      {message} <strong className="reference">{reference}</strong>
    </>
  );
}
