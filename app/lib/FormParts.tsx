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
