import { z } from 'zod';

/**
 * Case Assist document suggestions (REQ-COVEO-15): the case's fields as the visitor wrote them,
 * turned into a query that any of their significant words may match; documents and FAQs that share
 * the most words rank first. No model: the stand-in's answer to "which articles fit this problem?".
 */

const MAX_SUGGESTIONS = 50;

export const documentSuggestRequestSchema = z.object({
  clientId: z.string().max(200).optional(),
  locale: z.string().max(35).optional(),
  fields: z.record(z.string().max(100), z.object({ value: z.string().max(20_000, 'A case field value must be at most 20000 characters.') }), {
    error: 'fields must map field names to {"value": "..."}.',
  }),
  context: z.record(z.string(), z.unknown()).optional(),
  analytics: z.unknown().optional(),
  debug: z.boolean().optional(),
});

export const numberOfSuggestionsSchema = z.coerce
  .number({ error: 'numberOfResults must be a number.' })
  .int('numberOfResults must be a whole number.')
  .min(1, `numberOfResults must be between 1 and ${MAX_SUGGESTIONS}.`)
  .max(MAX_SUGGESTIONS, `numberOfResults must be between 1 and ${MAX_SUGGESTIONS}.`)
  .default(5);

// Words that say nothing about the problem, in the site's two Latin-script languages.
const STOP_WORDS = new Set(
  (
    'the a an and or but if of to in on at by for with from into about as is are was were be been being it its this that these those ' +
    'i we you he she they me my our your their them us do does did have has had not no can could would should will shall may might ' +
    'what which who whom when where why how there here very just also than then so such too more most some any all each ' +
    'hello hi please thanks thank regards dear need want help problem question issue get got use using used ' +
    'der die das ein eine und oder aber wenn von zu im in auf an bei für mit aus als ist sind war waren sein es dies diese ' +
    'ich wir sie er mein unser ihr nicht kein kann könnte würde sollte wird hat haben wie was wo warum hallo bitte danke'
  ).split(' '),
);

/** The significant words of the case (at most 16, in order), or [] when there are none. */
export function caseWords(fields: Record<string, { value: string }>): string[] {
  const text = Object.values(fields)
    .map((field) => field.value)
    .join(' ');
  const words: string[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu)) {
    const word = match[0];
    const lower = word.toLowerCase();
    // Japanese and Chinese have no spaces: a run of CJK characters is kept as one word.
    if ((lower.length < 3 && !/[\p{N}]/u.test(lower) && !/\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(lower)) || STOP_WORDS.has(lower)) continue;
    if (!words.some((w) => w.toLowerCase() === lower)) words.push(word);
    if (words.length >= 16) break;
  }
  return words;
}

/** A query any of the words matches (query syntax; the words hold no syntax characters). */
export function caseQuery(words: string[]): string {
  return words.map((word) => word.replace(/[^\p{L}\p{N}.-]/gu, '')).filter(Boolean).join(' OR ');
}
