import type { AppLoadContext } from '@remix-run/node';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { DEFAULT_SUGGESTION_COUNT } from '~/lib/search-constants.ts';
import { querySuggest, search, SearchApiError } from '~/search-api/client.server.ts';
import { withExactPart } from './exact-part.server.ts';

/** Query suggestions for the search boxes, asked of the Search API on the server (the token stays here). */
export const suggestQuerySchema = z.object({
  q: z.string().trim().max(200, 'The query is too long.').default(''),
  locale: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'Unknown locale.').default('en'),
  count: z.coerce.number().int().min(1).max(10).default(DEFAULT_SUGGESTION_COUNT),
  /** 1: also the top results for the query (instant results). */
  instant: z.enum(['0', '1']).default('0'),
});

export interface Suggestion {
  value: string;
  highlighted: string;
}

export async function fetchSuggestions(input: z.infer<typeof suggestQuerySchema>, context: AppLoadContext): Promise<Suggestion[]> {
  if (!input.q) return [];
  const completions = await querySuggest(context, { q: input.q, count: input.count, locale: input.locale }, { timeoutMs: 2000 });
  return completions.map((c) => ({ value: c.expression, highlighted: c.highlighted }));
}

export interface SuggestAnswer {
  suggestions: Suggestion[];
  instantResults: InstantResult[];
  /** The visitor's recent queries (REQ-BOX-5), for the box before they type. */
  recent: string[];
  error?: string;
  /** REQ-ERR-8: suggestions failed ('suggester was not built'); the box still submits. */
  suggesterError?: string;
}

/** REQ-ERR-8's message for a suggestion failure. */
export const SUGGESTER_ERROR = 'suggester was not built';

export interface InstantResult {
  uniqueId: string;
  title: string;
  clickUri: string;
  type: string;
  partNumber?: string;
  /** A part's one-line description ("10 A cartridge fuse, 0451 series"): its title is only its number. */
  description?: string;
  /** The languages the target exists in (the index's `language` field), for its link (result-links.ts). */
  languages?: string[];
}

/** REQ-BOX-4 instant results while typing; REQ-BOX-4: "suggestion rows 3 in the site suggester". */
export const INSTANT_RESULTS = 3;
/** REQ-BOX-4: instant results are cached for cacheTimeout; ours is a minute, per query and language. */
const instantCache = new LRUCache<string, InstantResult[]>({ max: 5000, ttl: 60_000 });

export async function fetchInstantResults(q: string, locale: string, context: AppLoadContext): Promise<InstantResult[]> {
  if (!q) return [];
  const { search: config } = context.config;
  const key = JSON.stringify([config.apiUrl, config.accessToken, locale, q.toLowerCase()]);
  const cached = instantCache.get(key);
  if (cached) return cached;
  let answer: Awaited<ReturnType<typeof search>>;
  try {
    answer = await search(
      context,
      // The part a query names first (decision 0160), as on the results page.
      { q, ...withExactPart(q, ''), numberOfResults: INSTANT_RESULTS, locale, searchHub: 'default', tab: 'default', fieldsToInclude: ['objecttype', 'partnumber', 'shortdescription'], enableDidYouMean: false },
      { timeoutMs: 2000 },
    );
  } catch (error) {
    // A refusal leaves the box without instant results; an unreachable service is the caller's error.
    if (error instanceof SearchApiError && error.status !== 0) return [];
    throw error;
  }
  const results = answer.results.map((result) => ({
    uniqueId: result.uniqueId,
    title: result.title,
    clickUri: result.clickUri,
    type: String(result.raw.objecttype ?? ''),
    ...(typeof result.raw.partnumber === 'string' ? { partNumber: result.raw.partnumber } : {}),
    ...(typeof result.raw.shortdescription === 'string' ? { description: result.raw.shortdescription } : {}),
    ...(Array.isArray(result.raw.language) ? { languages: result.raw.language.map(String) } : {}),
  }));
  instantCache.set(key, results);
  return results;
}
