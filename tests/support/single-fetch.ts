import { decode } from 'turbo-stream';

/**
 * Remix's Single Fetch data requests, as the browser makes them: `/path.data` (`/_root.data` for
 * the home page), `_routes=` naming the routes to load when only some are revalidated.
 */
export function singleFetchPath(path: string, routes?: string[]): string {
  const url = new URL(path, 'http://site.invalid');
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname.replace(/\/$/, '')}.data`;
  if (routes) url.searchParams.set('_routes', routes.join(','));
  return `${url.pathname}${url.search}`;
}

export type SingleFetchResult = Record<string, { data?: unknown; error?: unknown }>;

/** A `.data` answer decoded the way Remix's client decodes it (its turbo-stream plugins). */
export async function decodeSingleFetch(response: Response): Promise<SingleFetchResult> {
  if (!response.body) throw new Error(`no body (${response.status})`);
  const decoded = await decode(response.body, {
    plugins: [
      (type: string, ...rest: unknown[]) => {
        if (type === 'SanitizedError') return { value: Object.assign(new Error(String(rest[1])), { name: String(rest[0]) }) };
        if (type === 'ErrorResponse') return { value: { status: rest[1], statusText: rest[2], data: rest[0] } };
        if (type === 'SingleFetchRedirect') return { value: { redirect: rest[0] } };
        if (type === 'SingleFetchClassInstance') return { value: rest[0] };
        if (type === 'SingleFetchFallback') return { value: undefined };
        return undefined;
      },
    ],
  });
  await decoded.done;
  return decoded.value as SingleFetchResult;
}
