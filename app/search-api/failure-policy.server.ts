import { Dispatcher, request } from 'undici';

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

/** An answer as the policy reads it: status, headers, the whole body. */
export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const jsonAnswer = (status: number, body: unknown): PlainAnswer => ({ status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) });

function retryDelay(answer: PlainAnswer): number {
  const header = Number(answer.headers['retry-after']);
  return Number.isFinite(header) && header > 0 ? Math.max(THROTTLE_MIN_DELAY_MS, header * 1000) : THROTTLE_MIN_DELAY_MS;
}

/**
 * An error answer whose body is not the Search API's is the 'unknown' error (status 0). Headless
 * reports that for a JSON body without statusCode or exception, but leaves no error at all for a
 * body that is not JSON (an HTML page from a proxy): the page would wrongly say it could not
 * connect. Such a body is handed on as JSON that names nothing.
 */
function readable(answer: PlainAnswer): PlainAnswer {
  if ((answer.status >= 200 && answer.status < 300) || /json/i.test(answer.headers['content-type'] ?? '')) return answer;
  return jsonAnswer(answer.status, { unreadableBody: true });
}

function expiredMessage(answer: PlainAnswer): string {
  try {
    const body = JSON.parse(answer.body.toString('utf8')) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: the usual words.
  }
  return 'The token being used to perform the request is expired.';
}

/** Sends a request (`send` is called once per try) under the schedule above. */
export async function withFailurePolicy(send: () => Promise<PlainAnswer>): Promise<PlainAnswer> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await send();
    if (answer.status === 419) return jsonAnswer(400, { statusCode: 419, type: 'ExpiredTokenException', message: expiredMessage(answer) });
    if (answer.status !== 429) return readable(answer);
    const delay = retryDelay(answer);
    if (attempt >= THROTTLE_TRIES || delay > LONGEST_WAIT_MS) {
      return jsonAnswer(400, { statusCode: 429, type: 'TooManyRequestsException', message: 'Too many requests: the search service asked to slow down.' });
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * One try of a request with undici's own client (no second fetch: the answer is read whole), over
 * `dispatcher` when given (the embedded Search API in process), else undici's global one (HTTP).
 */
export async function sendPlain(url: string, init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal; dispatcher?: Dispatcher }): Promise<PlainAnswer> {
  const response = await request(url, {
    method: init.method as Dispatcher.HttpMethod,
    headers: init.headers,
    ...(init.body !== undefined ? { body: init.body } : {}),
    signal: init.signal,
    ...(init.dispatcher ? { dispatcher: init.dispatcher } : {}),
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return { status: response.statusCode, headers, body: Buffer.from(await response.body.arrayBuffer()) };
}

const DROPPED_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * Headless 4 calls the global `fetch` with whatever its `preprocessRequest` returns, and offers no
 * fetcher of its own. Node's fetch takes a `dispatcher` in those options (undici's documented
 * extension), so each Headless request carries one of these: it sends the request through `send`
 * (the failure policy) and hands the final answer to fetch. Nothing global is replaced, and only
 * the requests that carry it follow the policy.
 */
export class PolicyDispatcher extends Dispatcher {
  constructor(private readonly send: (signal: AbortSignal) => Promise<PlainAnswer>) {
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
      const answer = await this.send(controller.signal);
      const headers: Buffer[] = [];
      for (const [name, value] of Object.entries(answer.headers)) if (!DROPPED_HEADERS.has(name)) headers.push(Buffer.from(name), Buffer.from(value, 'latin1'));
      headers.push(Buffer.from('content-length'), Buffer.from(String(answer.body.length)));
      handler.onHeaders?.(answer.status, headers, () => undefined, '');
      if (answer.body.length) handler.onData?.(answer.body);
      handler.onComplete?.([]);
    } catch (error) {
      handler.onError?.(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
