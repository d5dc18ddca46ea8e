/**
 * How the search page's requests to the Search API fail (REQ-ERR-1, REQ-ERR-2, issue 4).
 *
 * A search answered with 429 is retried after at least 1 s, 3 tries at most.
 * Headless retries 429 itself with its own schedule (100 ms, doubling, 10 tries) that cannot be
 * configured, so the search page marks its requests (preprocessRequest adds FAILURE_POLICY_HEADER)
 * and this wrapper around the global fetch applies our schedule to those requests only. After the
 * last try it answers with a Coveo-shaped error body headless reports as is (statusCode 429)
 * instead of a 429 status headless would retry again.
 *
 * A 419 (expired token) is passed on the same way, with the service's own message: headless would
 * otherwise turn it into a token-renewal attempt and, with nothing to renew on the server, leave
 * no error in the search state at all.
 */
export const FAILURE_POLICY_HEADER = 'x-site-failure-policy';
export const THROTTLE_TRIES = 3;
export const THROTTLE_MIN_DELAY_MS = 1000;
/** A Retry-After longer than this is not waited for: the page would miss its 3 s limit anyway. */
const LONGEST_WAIT_MS = 1500;

const marker = Symbol.for('site.searchFailurePolicy');
type MarkedFetch = typeof fetch & { [marker]?: true };

function retryDelay(response: Response): number {
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) && header > 0 ? Math.max(THROTTLE_MIN_DELAY_MS, header * 1000) : THROTTLE_MIN_DELAY_MS;
}

/**
 * REQ-ERR-4: an error answer whose body is not the Search API's is the 'unknown' error (status 0).
 * Headless reports that for a JSON body without statusCode or exception, but leaves no error at
 * all for a body that is not JSON (an HTML page from a proxy): the page would wrongly say it
 * could not connect. Such a body is handed on as JSON that names nothing.
 */
async function readable(response: Response): Promise<Response> {
  if (response.ok || /json/i.test(response.headers.get('content-type') ?? '')) return response;
  await response.body?.cancel();
  return Response.json({ unreadableBody: true }, { status: response.status });
}

export function installFailurePolicy(): void {
  const current = globalThis.fetch as MarkedFetch;
  if (current[marker]) return;
  const original = current;
  const wrapped: MarkedFetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!headers.has(FAILURE_POLICY_HEADER)) return original(input, init);
    headers.delete(FAILURE_POLICY_HEADER);
    const request = { ...init, headers };
    for (let attempt = 1; ; attempt += 1) {
      const response = await original(input, request);
      if (response.status === 419) {
        const body = (await response.json().catch(() => ({}))) as { message?: unknown };
        const message = typeof body.message === 'string' ? body.message : 'The token being used to perform the request is expired.';
        return Response.json({ statusCode: 419, type: 'ExpiredTokenException', message }, { status: 400 });
      }
      if (response.status !== 429) return readable(response);
      const delay = retryDelay(response);
      if (attempt >= THROTTLE_TRIES || delay > LONGEST_WAIT_MS) {
        return Response.json({ statusCode: 429, type: 'TooManyRequestsException', message: 'Too many requests: the search service asked to slow down.' }, { status: 400 });
      }
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };
  wrapped[marker] = true;
  globalThis.fetch = wrapped;
}
