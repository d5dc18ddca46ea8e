import type { AppLoadContext } from '@remix-run/node';
import { searchIdentityFor } from '~/auth/search-token.server.ts';
import { getSessionUser } from '~/auth/session.server.ts';
import { LANGUAGES, type SiteLanguage } from '~/cms/language.ts';
import { search } from '~/search-api/client.server.ts';
import { allOf, fieldIs, fieldIsTrue } from '~/search-api/query-expression.server.ts';
import { pageLanguageFilter } from '~/plugins/search/language-filter.ts';
import { PORTAL_DOCUMENTS, type PartnerPortalData, type PortalDocument } from './portal.ts';

const DOCUMENT_TAGS: Record<string, string> = { English: 'en', German: 'de', Japanese: 'ja', Chinese: 'zh' };

/**
 * The secured documents (issecured) as the signed-in user's search token finds them: the Search
 * API answers them only to an identified user, so the list is exactly what this account may open,
 * and each links to /media/resources/..., which serves it to signed-in visitors only.
 */
async function securedDocuments(context: AppLoadContext, user: NonNullable<Awaited<ReturnType<typeof getSessionUser>>>, language: SiteLanguage): Promise<PartnerPortalData['documents']> {
  const { token, identity } = await searchIdentityFor(user, context);
  // Without a user token the Search API would answer as for anyone: no secured documents to list.
  if (identity === 'anonymous') return { status: 'unavailable' };
  try {
    const body = await search(
      context,
      {
        q: '',
        // The page's language, and English where a document has no translation in it, as the
        // search page keeps to it (decision 0080): a German portal listed Chinese papers and
        // unmarked English ones, then English change notices beside their translations (issue 31).
        aq: allOf(fieldIs('objecttype', 'Document'), fieldIsTrue('issecured'), pageLanguageFilter(LANGUAGES[language].tag)),
        numberOfResults: PORTAL_DOCUMENTS,
        sortCriteria: 'date descending',
        locale: LANGUAGES[language].tag,
        searchHub: 'partner-portal',
        fieldsToInclude: ['clickableuri', 'documenttypedisplayname', 'documenttype', 'date', 'assetlanguage', 'issecured'],
      },
      { token, timeoutMs: 3000 },
    );
    const items: PortalDocument[] = body.results
      .filter((result) => result.raw.issecured === true)
      .map((result) => ({
        title: result.title,
        href: String(result.raw.clickableuri ?? result.clickUri),
        type: String(result.raw.documenttypedisplayname ?? result.raw.documenttype ?? ''),
        ...(typeof result.raw.date === 'number' ? { date: result.raw.date } : {}),
        language: DOCUMENT_TAGS[String(result.raw.assetlanguage ?? '')] ?? 'en',
      }));
    return { status: 'ok', total: body.totalCount, items };
  } catch {
    return { status: 'unavailable' };
  }
}

/** The page's access rule already let only signed-in partners and staff in; this names them. */
export async function partnerPortalLoader(request: Request, context: AppLoadContext, language: SiteLanguage): Promise<PartnerPortalData | null> {
  const user = await getSessionUser(request, context);
  if (!user) return null;
  const documents = await securedDocuments(context, user, language);
  return {
    account: {
      displayName: user.displayName,
      email: user.email,
      companyName: user.profile.companyName,
      groups: user.groups,
      staff: user.groups.some((group) => group.startsWith('Internal-')),
    },
    documents,
  };
}
