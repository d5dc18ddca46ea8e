import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { log } from '~/lib/logger.server.ts';
import { CASE_ASSIST_MAX_CHARS, CASE_ASSIST_MIN_CHARS, type CaseSuggestion, type CaseSuggestionsView } from './case-assist.ts';
import { documentSuggestions } from '~/search-api/client.server.ts';
import type { DocumentSuggestion } from '~/search-api/schemas.server.ts';

/**
 * Coveo Case Assist "document suggestions" (REQ-COVEO-15): `POST {platform}/rest/organizations/
 * {org}/caseassists/{caseAssistId}/documents/suggest?numberOfResults=N` with the case's fields. The
 * platform is the Search API's host (the embedded stand-in answers on the site's own origin).
 */

/** The case-assist configuration the contact form uses (one per form in Coveo's administration). */
export const CONTACT_CASE_ASSIST_ID = 'contact-us';
export const CASE_SUGGESTIONS = 5;

export const caseSuggestInputSchema = z.object({
  description: z
    .string({ error: 'description is required.' })
    .transform((value) => value.trim().slice(0, CASE_ASSIST_MAX_CHARS)),
  locale: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'locale must be a language tag such as en or ja-JP.').default('en'),
  unit: z.string().max(60).optional(),
});
export type CaseSuggestInput = z.input<typeof caseSuggestInputSchema>;

function toSuggestion(document: DocumentSuggestion): CaseSuggestion | undefined {
  const fields = document.fields ?? {};
  const title = typeof fields.question_custom === 'string' ? fields.question_custom : (document.title ?? '');
  if (!title) return undefined;
  if (fields.objecttype === 'FAQ') {
    return { kind: 'FAQ', title, text: typeof fields.answer_custom === 'string' ? fields.answer_custom : (document.excerpt ?? '') };
  }
  const href = document.clickUri ?? '';
  // Only this site's addresses (the documents library); anything else is not offered.
  const path = href.startsWith('/') ? href : URL.canParse(href) ? new URL(href).pathname : '';
  if (!path) return undefined;
  return { kind: 'Document', title, href: path, text: document.excerpt ?? '', ...(typeof fields.documenttypedisplayname === 'string' ? { type: fields.documenttypedisplayname } : {}) };
}

/** Suggestions for a problem as described so far; never throws (a failure is the 'error' state, the form still sends). */
export async function suggestForCase(context: AppLoadContext, input: CaseSuggestInput): Promise<CaseSuggestionsView> {
  const parsed = caseSuggestInputSchema.safeParse(input);
  if (!parsed.success) throw new RangeError(parsed.error.issues[0]!.message);
  const { description, locale, unit } = parsed.data;
  if (description.length < CASE_ASSIST_MIN_CHARS) return { status: 'tooShort', items: [] };
  try {
    const documents = await documentSuggestions(
      context,
      CONTACT_CASE_ASSIST_ID,
      { locale, fields: { description: { value: description } }, ...(unit ? { context: { businessUnit: unit } } : {}) },
      { timeoutMs: 2000, numberOfResults: CASE_SUGGESTIONS },
    );
    const items = documents.map(toSuggestion).filter((item): item is CaseSuggestion => item !== undefined);
    return { status: items.length ? 'ok' : 'none', items };
  } catch (error) {
    log('warn', 'case-assist', 'document suggestions failed:', error instanceof Error ? error.message : error);
    return { status: 'error', items: [] };
  }
}
