import * as z from 'zod/mini';
import { ALPHABET_INDEX, INDEX_LETTER_ERROR, normalizeIndexLetter } from './alphabet.ts';

/** The `letter` field of a form: a letter A to Z (any case), '#', or 'all' (parseIndexLetter's rules). */
export const indexLetterSchema = z.pipe(z.pipe(z.string(), z.transform(normalizeIndexLetter)), z.enum(ALPHABET_INDEX, { error: INDEX_LETTER_ERROR }));
