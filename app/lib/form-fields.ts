/**
 * Fields every public form carries (issue 8): a honeypot people never see or fill, and an
 * idempotency key so a double submit or a retried post makes one submission.
 */
export const HONEYPOT_FIELD = 'website';
export const IDEMPOTENCY_FIELD = 'idempotencyKey';
export const IDEMPOTENCY_PATTERN = /^[0-9a-f-]{36}$/;

/** A form refused with field messages (dictionary keys) and what the visitor typed. */
export interface FormRefusal<Field extends string = string> {
  component: string;
  errors: Partial<Record<Field | 'form', string>>;
  values: Record<string, string>;
}

/** A message the schemas name is a dictionary key ('forms.required'), never a sentence. */
const DICTIONARY_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/i;

/**
 * Zod issues to field messages: the first message per field; others under 'form'. A field the
 * post left out gets zod's own English ("Invalid input: expected string, received undefined"),
 * which no dictionary holds: it is a missing field to the visitor, and a refused form overall.
 */
export function fieldErrors<Field extends string>(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, fields: readonly Field[]): Partial<Record<Field | 'form', string>> {
  const errors: Partial<Record<Field | 'form', string>> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? '');
    const field = (fields as readonly string[]).includes(name) ? (name as Field) : 'form';
    errors[field] ??= DICTIONARY_KEY.test(issue.message) ? issue.message : field === 'form' ? 'forms.refused' : 'forms.required';
  }
  return errors;
}
