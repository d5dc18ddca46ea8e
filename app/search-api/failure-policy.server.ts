import { Dispatcher } from 'undici';

/**
 * How a search page's requests to the Search API fail (issue 4).
 *
 * A request answered with 429 is tried again after at least 1 s, 3 tries at most. Headless retries
 * 429 itself with its own schedule (100 ms, doubling, 10 tries) that cannot be configured, so it
 * never sees a 429: after the last try it gets a Coveo-shaped error body it reports as is
 * (statusCode 429) under a 400 status it does not retry.
 *
 * A 419 (expired token) is passed on the same way, with the service's own message: Headless would
 * otherwise turn it into a token-renewal attempt and, with nothing to renew on the server, leave
 * no error in the search state at all.
 */
export const THROTTLE_TRIES = 3;
export const THROTTLE_MIN_DELAY_MS = 1000;
/** A Retry-After longer than this is not waited for: the page would miss its 3 s limit anyway. */
const LONGEST_WAIT_MS = 1500;

function retryDelay(response: Response): number {
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) && header > 0 ? Math.max(THROTTLE_MIN_DELAY_MS, header * 1000) : THROTTLE_MIN_DELAY_MS;
}

/**
 * An error answer whose body is not the Search API's is the 'unknown' error (status 0). Headless
 * reports that for a JSON body without statusCode or exception, but leaves no error at all for a
 * body that is not JSON (an HTML page from a proxy): the page would wrongly say it could not
 * connect. Such a body is handed on as JSON that names nothing.
 */
async function readable(response: Response): Promise<Response> {
  if (response.ok || /json/i.test(response.headers.get('content-type') ?? '')) return response;
  await response.body?.cancel();
  return Response.json({ unreadableBody: true }, { status: response.status });
}

/** Sends a request (`send` is called once per try) under the schedule above. */
export async function withFailurePolicy(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    if (response.status === 419) {
      const body = (await response.json().catch(() => ({}))) as { message?: unknown };
      const message = typeof body.message === 'string' ? body.message : 'The token being used to perform the request is expired.';
      return Response.json({ statusCode: 419, type: 'ExpiredTokenException', message }, { status: 400 });
    }
    if (response.status !== 429) return readable(response);
    const delay = retryDelay(response);
    if (attempt >= THROTTLE_TRIES || delay > LONGEST_WAIT_MS) {
      await response.body?.cancel();
      return Response.json({ statusCode: 429, type: 'TooManyRequestsException', message: 'Too many requests: the search service asked to slow down.' }, { status: 400 });
    }
    await response.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

const DROPPED_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * Headless 4 calls the global `fetch` with whatever its `preprocessRequest` returns, and offers no
 * fetcher of its own. Node's fetch takes a `dispatcher` in those options (undici's documented
 * extension), so each Headless request carries one of these: it sends the request through `send`
 * (the failure policy) and hands the final, already decoded answer to fetch. Nothing global is
 * replaced, and only the requests that carry it follow the policy.
 */
export class PolicyDispatcher extends Dispatcher {
  constructor(private readonly send: (signal: AbortSignal) => Promise<Response>) {
    super();
  }

  override dispatch(_options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    const controller = new AbortController();
    void this.replay(controller, handler);
    return true;
  }

  private async replay(controller: AbortController, handler: Dispatcher.DispatchHandlers): Promise<void> {
    try {
      handler.onConnect?.((reason) => controller.abort(reason));
      if (controller.signal.aborted) throw controller.signal.reason;
      const response = await this.send(controller.signal);
      const body = Buffer.from(await response.arrayBuffer());
      const headers: Buffer[] = [];
      response.headers.forEach((value, name) => {
        if (!DROPPED_HEADERS.has(name)) headers.push(Buffer.from(name), Buffer.from(value, 'latin1'));
      });
      headers.push(Buffer.from('content-length'), Buffer.from(String(body.length)));
      handler.onHeaders?.(response.status, headers, () => undefined, response.statusText);
      if (body.length) handler.onData?.(body);
      handler.onComplete?.([]);
    } catch (error) {
      handler.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
