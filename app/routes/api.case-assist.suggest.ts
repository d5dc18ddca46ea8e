import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { caseSuggestInputSchema, suggestForCase } from '~/plugins/forms/case-assist.server.ts';
import type { CaseSuggestionsView } from '~/plugins/forms/case-assist.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/**
 * GET /api/case-assist/suggest?description=...&locale=de: the contact form's suggestions while the
 * visitor types (JSON). A GET, not a form post: typing must not use up the per-minute form posts
 * the message itself needs. Nothing is kept or cached (the text is the visitor's).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = caseSuggestInputSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const headers = { 'Cache-Control': 'no-store' };
  if (!parsed.success) return json({ error: parsed.error.issues[0]!.message }, { status: 400, headers });
  return json<CaseSuggestionsView>(await suggestForCase(context, parsed.data), { headers });
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
