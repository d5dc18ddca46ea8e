import { z } from 'zod';
import { indexLetterSchema } from '../content/alphabet.schema.ts';
import { FAQ_FILTER_MAX } from './faq.ts';

// Apart from faq.ts, whose constants the components import: the browser bundle has no zod.
/** The FAQ list's GET parameters: the text filter and the A-to-Z index letter. */
export const faqListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(FAQ_FILTER_MAX, 'filterTooLong')
    .refine((value) => !/[<>]/.test(value) && !/\p{Cc}/u.test(value), 'filterInvalid')
    .default(''),
  letter: z.union([z.literal(''), indexLetterSchema]).optional(),
});

/** A question's page address: lower-case words and digits joined by dashes. */
export const faqSlugSchema = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(120);
