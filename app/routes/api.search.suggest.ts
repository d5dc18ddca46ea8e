import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { readRecentQueries } from '~/plugins/search/recent-cookie.server.ts';
import { fetchInstantResults, fetchSuggestions, suggestQuerySchema, SUGGESTER_ERROR, type SuggestAnswer } from '~/plugins/search/suggest.server.ts';
import { refuseBodyMethods } from '~/lib/http-errors.server.ts';

/**
 * GET /api/search/suggest?q=fu&locale=de&count=5&instant=1: suggestions, instant results and recent
 * queries for the search boxes (JSON). Asked of the Search API here, so the token stays on the server.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = suggestQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json<SuggestAnswer>({ error: parsed.error.issues[0]!.message, suggestions: [], instantResults: [], recent: [] }, { status: 400 });
  const recent = await readRecentQueries(request);
  let suggesterFailed = false;
  const [suggestions, instantResults] = await Promise.all([
    // Suggestions are a convenience: when search is down the box says so and still submits.
    fetchSuggestions(parsed.data, context).catch(() => {
      suggesterFailed = true;
      return [];
    }),
    parsed.data.instant === '1' ? fetchInstantResults(parsed.data.q, parsed.data.locale, context).catch(() => []) : Promise.resolve([]),
  ]);
  if (suggesterFailed) return json<SuggestAnswer>({ suggestions, instantResults, recent, suggesterError: SUGGESTER_ERROR }, { headers: { 'Cache-Control': 'no-store' } });
  return json<SuggestAnswer>({ suggestions, instantResults, recent }, { headers: { 'Cache-Control': 'private, max-age=30', Vary: 'Cookie' } });
}

/** A file to read: PUT, POST, DELETE and the like are 405 in words (issue 31). */
export const action = refuseBodyMethods;
