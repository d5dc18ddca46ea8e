// zod/mini, as in alphabet.ts: the component reads the same URL state in the browser.
import * as z from 'zod/mini';
import { parseIndexLetter, type IndexLetter } from './alphabet.ts';

/** The resource library's document types: the index's resourcetype values, by their URL name. */
export const LIBRARY_TYPES = {
  datasheet: 'Datasheet',
  'application-note': 'Application Note',
  certificate: 'Certificate',
  brochure: 'Brochure',
  'product-change-notice': 'Product Change Notice',
  'technical-paper': 'Technical Paper',
} as const;
export type LibraryType = keyof typeof LIBRARY_TYPES;

/** Asset languages by URL name (the page's language codes) and the index's assetlanguage value. */
export const LIBRARY_LANGUAGES = { en: 'English', de: 'German', ja: 'Japanese', zh: 'Chinese' } as const;
export type LibraryLanguage = keyof typeof LIBRARY_LANGUAGES;

/** The list's orders: newest first (the default), or by title for browsing with the A-to-Z index. */
export const LIBRARY_SORTS = ['newest', 'title'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/**
 * The A-to-Z index's parameter. Not `letter`: a change of `letter` alone loads no new data (other
 * indexes filter in the browser), while the library asks the index for each letter.
 */
export const LIBRARY_INDEX_PARAM = 'initial';

export const LIBRARY_PAGE_SIZE = 24;
export const LIBRARY_QUERY_MAX = 100;

export const libraryTypeOf = (value: string): LibraryType | undefined => (Object.keys(LIBRARY_TYPES) as LibraryType[]).find((key) => LIBRARY_TYPES[key] === value);
export const libraryLanguageOf = (value: string): LibraryLanguage | undefined => (Object.keys(LIBRARY_LANGUAGES) as LibraryLanguage[]).find((key) => LIBRARY_LANGUAGES[key] === value);

/** One schema for the library's GET form and its loader: every parameter the page takes. */
export const libraryParamsSchema = z.object({
  q: z.optional(z.string().check(z.maxLength(LIBRARY_QUERY_MAX), z.regex(/^[^\p{Cc}]*$/u))),
  type: z.optional(z.enum(Object.keys(LIBRARY_TYPES) as [LibraryType, ...LibraryType[]])),
  lang: z.optional(z.enum(Object.keys(LIBRARY_LANGUAGES) as [LibraryLanguage, ...LibraryLanguage[]])),
  sort: z.optional(z.enum(LIBRARY_SORTS)),
  // Pages 1 to 9999: digits only, no sign, no leading zero.
  page: z.optional(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,3}$/)), z.transform(Number))),
});

export type LibraryProblem = { field: 'q' | 'type' | 'lang' | 'sort' | 'page' | 'letter'; value: string };

export interface LibraryState {
  q: string;
  type?: LibraryType;
  lang?: LibraryLanguage;
  sort: LibrarySort;
  letter: IndexLetter;
  page: number;
}

/** The state a URL asks for, and what in it cannot be honoured (named on the page, answered 400). */
export function parseLibraryUrl(params: URLSearchParams): { state: LibraryState; problems: LibraryProblem[] } {
  const problems: LibraryProblem[] = [];
  const state: LibraryState = { q: '', sort: 'newest', letter: 'All', page: 1 };
  const shape = libraryParamsSchema.shape;
  /** One parameter by its own schema: absent gives undefined, a bad or repeated value is a problem. */
  const read = <T>(field: LibraryProblem['field'], schema: z.ZodMiniType<T>): T | undefined => {
    const all = params.getAll(field);
    const raw = all[0];
    if (raw === undefined || (raw === '' && all.length === 1)) return undefined;
    const parsed = all.length === 1 ? schema.safeParse(raw) : undefined;
    if (parsed?.success) return parsed.data;
    problems.push({ field, value: all.join(', ') });
    return undefined;
  };
  const q = read('q', shape.q);
  const type = read('type', shape.type);
  const lang = read('lang', shape.lang);
  const sort = read('sort', shape.sort);
  const page = read('page', shape.page);
  if (q !== undefined) state.q = q.trim();
  if (type !== undefined) state.type = type;
  if (lang !== undefined) state.lang = lang;
  if (sort !== undefined) state.sort = sort;
  if (page !== undefined) state.page = page;
  const letter = parseIndexLetter(params.get(LIBRARY_INDEX_PARAM));
  if (letter.error || params.getAll(LIBRARY_INDEX_PARAM).length > 1) problems.push({ field: 'letter', value: params.getAll(LIBRARY_INDEX_PARAM).join(', ') });
  else state.letter = letter.letter;
  return { state, problems };
}

/** The URL query of a state (page 1 and empty filters left out). */
export function libraryQuery(state: LibraryState, change: Partial<LibraryState> = {}): string {
  const next = { ...state, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.type) params.set('type', next.type);
  if (next.lang) params.set('lang', next.lang);
  if (next.sort !== 'newest') params.set('sort', next.sort);
  if (next.letter !== 'All') params.set(LIBRARY_INDEX_PARAM, next.letter);
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `?${query}` : '?';
}

export interface LibraryDocument {
  title: string;
  href: string;
  thumbnail: string;
  type?: LibraryType;
  /** The index's display name of the type in the page's language. */
  typeName: string;
  language?: LibraryLanguage;
  /** ISO date. */
  date?: string;
  size?: number;
  fileType: string;
  secured: boolean;
  documentNumber?: string;
}

export interface LibraryFacetValue<T extends string> {
  value: T;
  count: number;
}

export type ResourceLibraryData =
  | {
      status: 'ok';
      state: LibraryState;
      total: number;
      lastPage: number;
      documents: LibraryDocument[];
      types: LibraryFacetValue<LibraryType>[];
      languages: LibraryFacetValue<LibraryLanguage>[];
      letters: IndexLetter[];
      /** A sign-in link for anonymous visitors (secured documents are listed once signed in). */
      signIn?: string;
    }
  | { status: 'invalid'; state: LibraryState; problems: LibraryProblem[] }
  | { status: 'unavailable'; state: LibraryState };
