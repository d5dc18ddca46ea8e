import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { fetchSuggestions, suggestQuerySchema } from '~/plugins/search/suggest.server.ts';

/** GET /api/search/suggest?q=fu&locale=de&count=5: suggestions for the search boxes (JSON). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const parsed = suggestQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return json({ error: parsed.error.issues[0]!.message, suggestions: [] }, { status: 400 });
  try {
    const suggestions = await fetchSuggestions(parsed.data, context, request.headers.get('x-forwarded-for'));
    return json({ suggestions }, { headers: { 'Cache-Control': 'private, max-age=30' } });
  } catch {
    // Suggestions are a convenience: when search is down the box still submits.
    return json({ suggestions: [] }, { status: 200 });
  }
}
