import type { AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { DEFAULT_SUGGESTION_COUNT } from '~/lib/search-constants.ts';

/** Query suggestions for the search boxes, asked of the Search API on the server (the token stays here). */
export const suggestQuerySchema = z.object({
  q: z.string().trim().max(200, 'The query is too long.').default(''),
  locale: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'Unknown locale.').default('en'),
  count: z.coerce.number().int().min(1).max(10).default(DEFAULT_SUGGESTION_COUNT),
});

export interface Suggestion {
  value: string;
  highlighted: string;
}

export async function fetchSuggestions(input: z.infer<typeof suggestQuerySchema>, context: AppLoadContext, visitor: string | null): Promise<Suggestion[]> {
  if (!input.q) return [];
  const { search } = context.config;
  const response = await fetch(`${search.apiUrl}/querySuggest?organizationId=${encodeURIComponent(search.organizationId)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${search.accessToken}`, 'content-type': 'application/json', ...(visitor ? { 'x-forwarded-for': visitor } : {}) },
    body: JSON.stringify({ q: input.q, count: input.count, locale: input.locale, timezone: search.timezone }),
    signal: AbortSignal.timeout(2000),
  });
  if (!response.ok) return [];
  const body = (await response.json()) as { completions?: Array<{ expression: string; highlighted: string }> };
  return (body.completions ?? []).map((c) => ({ value: c.expression, highlighted: c.highlighted }));
}
