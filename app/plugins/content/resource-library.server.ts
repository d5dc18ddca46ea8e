import { redirect, type AppLoadContext } from '@remix-run/node';
import { allOf, fieldIs, fieldIsTrue } from '~/search-api/query-expression.server.ts';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { sessionState, signInPath } from '~/auth/session.server.ts';
import { LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import { searchCatalogue, type SearchApiFacet, type SpecificFacetRequest } from '../catalogue/search-api.server.ts';
import { ALPHABET_INDEX, type IndexLetter } from './alphabet.ts';
import {
  LIBRARY_INDEX_PARAM,
  LIBRARY_LANGUAGES,
  LIBRARY_PAGE_SIZE,
  LIBRARY_TYPES,
  libraryLanguageOf,
  libraryTypeOf,
  parseLibraryUrl,
  type LibraryDocument,
  type LibraryFacetValue,
  type ResourceLibraryData,
} from './resource-library.ts';

const FIELDS = ['title', 'date', 'resourcethumbnailurl', 'clickableuri', 'resourceurl', 'issecured', 'size', 'filetype', 'resourcetype', 'documenttypedisplayname', 'assetlanguage', 'documentnumber'];

const facet = (facetId: string, field: string, numberOfValues: number, selected?: string): SpecificFacetRequest => ({
  type: 'specific',
  facetId,
  field,
  numberOfValues,
  sortCriteria: 'alphanumeric',
  currentValues: selected ? [{ value: selected, state: 'selected' }] : [],
});

function facetValues<T extends string>(facets: SearchApiFacet[], id: string, keyOf: (value: string) => T | undefined): LibraryFacetValue<T>[] {
  return (facets.find((one) => one.facetId === id)?.values ?? []).flatMap((value) => {
    const key = keyOf(value.value);
    return key && value.numberOfResults > 0 ? [{ value: key, count: value.numberOfResults }] : [];
  });
}

/**
 * The resource library's data: the documents of the search index the library includes
 * (isincludedinlibrary), read through the catalogue's Search API call with the visitor's identity,
 * so a signed-in visitor also finds the secured ones. Type, language and first letter are facets,
 * so each filter's counts ignore its own choice; the text filter is the query.
 */
export async function resourceLibraryLoader(args: {
  request: Request;
  context: AppLoadContext;
  language: SiteLanguage;
  markStatus: (status: number) => void;
  markUnavailable: () => void;
  responseHeaders: Headers;
}): Promise<ResourceLibraryData> {
  const { request, context, language, markStatus, markUnavailable, responseHeaders } = args;
  const url = new URL(request.url);
  const { state, problems } = parseLibraryUrl(url.searchParams);
  if (problems.length) {
    markStatus(400);
    responseHeaders.set('Cache-Control', 'no-store');
    return { status: 'invalid', state, problems };
  }
  // The form sent without JavaScript carries its empty fields and the default order: answer with
  // the clean address, as the links have it (other parameters are kept).
  const clean = new URLSearchParams(url.searchParams);
  for (const name of ['q', 'type', 'lang', 'sort', 'page', LIBRARY_INDEX_PARAM]) if (clean.getAll(name).length === 1 && clean.get(name) === '') clean.delete(name);
  if (clean.get('sort') === 'newest' && clean.getAll('sort').length === 1) clean.delete('sort');
  if (clean.toString() !== url.searchParams.toString()) throw redirect(`${url.pathname}${clean.size ? `?${clean}` : ''}`);
  const session = await sessionState(request, context);
  const signedIn = session.kind === 'signed-in';
  let token: string | undefined;
  try {
    token = signedIn ? (await searchIdentityFor(session.user, context)).token : undefined;
  } catch {
    token = undefined; // the token endpoint failing leaves the visitor with the public documents
  }
  let answer;
  try {
    answer = await searchCatalogue(
      context,
      {
        q: state.q,
        aq: allOf(fieldIs('objecttype', 'Document'), fieldIsTrue('isincludedinlibrary')),
        numberOfResults: LIBRARY_PAGE_SIZE,
        firstResult: (state.page - 1) * LIBRARY_PAGE_SIZE,
        sortCriteria: state.sort === 'title' ? '@sortabletitle ascending' : 'date descending',
        locale: LANGUAGES[language].tag,
        fieldsToInclude: FIELDS,
        facets: [
          facet('resourcetype', 'resourcetype', Object.keys(LIBRARY_TYPES).length, state.type && LIBRARY_TYPES[state.type]),
          facet('assetlanguage', 'assetlanguage', Object.keys(LIBRARY_LANGUAGES).length, state.lang && LIBRARY_LANGUAGES[state.lang]),
          facet('libraryletter', 'libraryletter', ALPHABET_INDEX.length, state.letter === 'All' ? undefined : state.letter),
        ],
      },
      request,
      token ? { accessToken: token } : {},
    );
  } catch {
    markUnavailable();
    responseHeaders.set('Cache-Control', 'no-store');
    return { status: 'unavailable', state };
  }
  const lastPage = Math.max(1, Math.ceil(answer.totalCount / LIBRARY_PAGE_SIZE));
  // A page past the last has nothing to show: 404, and the page links to the last one.
  if (state.page > lastPage) markStatus(404);
  const documents: LibraryDocument[] = state.page > lastPage ? [] : answer.results.map((result) => {
    const raw = result.raw;
    const string = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);
    const resourcetype = string(raw.resourcetype) ?? '';
    const date = typeof raw.date === 'number' ? new Date(raw.date).toISOString() : undefined;
    const type = libraryTypeOf(resourcetype);
    const documentLanguage = libraryLanguageOf(string(raw.assetlanguage) ?? '');
    const documentNumber = string(raw.documentnumber);
    return {
      title: result.title,
      href: string(raw.resourceurl) ?? result.clickUri,
      thumbnail: string(raw.resourcethumbnailurl) ?? '',
      ...(type ? { type } : {}),
      typeName: string(raw.documenttypedisplayname) ?? resourcetype,
      ...(documentLanguage ? { language: documentLanguage } : {}),
      ...(date ? { date } : {}),
      ...(typeof raw.size === 'number' ? { size: raw.size } : {}),
      fileType: (string(raw.filetype) ?? 'pdf').toUpperCase(),
      secured: raw.issecured === true,
      ...(documentNumber ? { documentNumber } : {}),
    };
  });
  const letters = facetValues<IndexLetter>(answer.facets, 'libraryletter', (value) => ALPHABET_INDEX.find((letter) => letter === value)).map((one) => one.value);
  return {
    status: 'ok',
    state,
    total: answer.totalCount,
    lastPage,
    documents,
    types: facetValues(answer.facets, 'resourcetype', libraryTypeOf),
    languages: facetValues(answer.facets, 'assetlanguage', libraryLanguageOf),
    letters,
    ...(signedIn ? {} : { signIn: signInPath(`${url.pathname}${url.search}`) }),
  };
}
