import type { AppLoadContext } from '@remix-run/node';
import { CatalogueUnavailableError } from '~/plugins/catalogue/search-api.server.ts';

const textAnswer = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });

/**
 * A file from the media library (`MEDIA_LIBRARY_URL`, with its key), passed on to the visitor with
 * the site's own caching: the library holds the files, the site decides who may read them. A path
 * the library does not have is a 404; a library that fails or does not answer is a 503 to retry.
 */
export async function fromMediaLibrary(context: AppLoadContext, libraryPath: string, cacheControl: string): Promise<Response> {
  const { url, apiKey } = context.config.mediaLibrary;
  let answer: Response;
  try {
    answer = await fetch(`${url}${libraryPath}`, { headers: { 'x-api-key': apiKey }, signal: AbortSignal.timeout(10_000) });
  } catch {
    return textAnswer(503, 'The document library is not available just now.', { 'Retry-After': '10' });
  }
  if (answer.status === 404) return textAnswer(404, 'Not found');
  if (!answer.ok || !answer.body) return textAnswer(503, 'The document library is not available just now.', { 'Retry-After': '10' });
  const headers = new Headers({ 'Cache-Control': cacheControl });
  for (const name of ['content-type', 'content-length', 'content-disposition', 'last-modified', 'etag']) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { headers });
}

/**
 * The answer to a document lookup in the Search API that failed: a visitor over their search limit
 * is told to wait (429), never that the library is down; anything else is the library's outage.
 */
export function documentLookupFailed(error: unknown): Response {
  if (error instanceof CatalogueUnavailableError && error.status === 429) {
    return textAnswer(429, 'Too many downloads in a short time: try again in a minute.', { 'Retry-After': '60', 'Cache-Control': 'no-store' });
  }
  return textAnswer(503, 'The document library is not available just now.', { 'Retry-After': '10' });
}
