import { inject } from 'light-my-request';
import { Dispatcher, getGlobalDispatcher } from 'undici';

/**
 * The embedded Search API answered without a socket: an undici Dispatcher for the site's Search API
 * client when the stand-in lives in the site's own process (decision 0066). Headless's requests
 * (through the failure policy) and the client's own calls carry it, so neither changes: undici
 * hands the request here instead of to a connection pool, and light-my-request runs the very
 * handler the stand-in serves over HTTP, so status, headers and body are the HTTP route's.
 * Requests for any other origin or path go to `fallback` (real HTTP).
 */
export interface InProcessSearchOptions {
  /** The Search API's handler, made for injection (standins/in-process.ts). */
  handle: Parameters<typeof inject>[0];
  /** The site's own origin, known once it listens: the stand-in's requests are addressed to it. */
  origin: () => string;
  /** Which paths of that origin the handler answers. */
  answers: (pathname: string) => boolean;
  fallback?: Dispatcher;
}

type Body = Dispatcher.DispatchOptions['body'];

async function bodyBytes(body: Body): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  // fetch hands its body over as an async iterable of chunks.
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Uint8Array | string>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** undici's headers come as a flat [name, value, ...] list, an object, or an iterable of pairs. */
function headerObject(headers: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    const key = name.toLowerCase();
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    out[key] = out[key] === undefined ? text : `${out[key]}, ${text}`;
  };
  if (!headers) return out;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) add(String(headers[i]), headers[i + 1]);
  } else if (Symbol.iterator in headers) {
    for (const [name, value] of headers as Iterable<[string, string | string[] | undefined]>) add(name, value);
  } else {
    for (const [name, value] of Object.entries(headers)) add(name, value);
  }
  return out;
}

export class InProcessSearchDispatcher extends Dispatcher {
  private readonly fallback: Dispatcher;

  constructor(private readonly options: InProcessSearchOptions) {
    super();
    this.fallback = options.fallback ?? getGlobalDispatcher();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): boolean {
    const origin = String(options.origin ?? '').replace(/\/$/, '');
    const pathname = options.path.split('?', 1)[0]!;
    if (origin !== this.options.origin() || !this.options.answers(pathname)) return this.fallback.dispatch(options, handler);
    void this.answer(options, handler);
    return true;
  }

  private async answer(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers): Promise<void> {
    // A client's abort (its time limit) ends the request at once, as a closed socket would; the
    // handler may still be running and its answer is dropped.
    let settled = false;
    let abortReason: Error | undefined;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      handler.onError?.(error);
    };
    try {
      handler.onConnect?.((reason) => {
        abortReason = reason instanceof Error ? reason : new Error(String(reason ?? 'aborted'));
        fail(abortReason);
      });
      if (abortReason) return;
      const payload = await bodyBytes(options.body);
      if (settled) return;
      const answer = await inject(this.options.handle, {
        method: options.method as 'POST',
        url: options.path,
        headers: { ...headerObject(options.headers), host: new URL(String(options.origin)).host },
        ...(payload ? { payload } : {}),
        // The body as written, in chunks: no joined copy and no decoding into a string.
        payloadAsStream: true,
      });
      if (settled) return;
      const raw: Buffer[] = [];
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value === undefined) continue;
        for (const one of Array.isArray(value) ? value : [value]) raw.push(Buffer.from(name), Buffer.from(String(one), 'latin1'));
      }
      handler.onHeaders?.(answer.statusCode, raw, () => undefined, answer.statusMessage);
      const empty = options.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304;
      for await (const chunk of answer.stream()) {
        if (settled) return;
        if (!empty) handler.onData?.(chunk as Buffer);
      }
      settled = true;
      handler.onComplete?.([]);
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  override close(): Promise<void> {
    return Promise.resolve();
  }

  override destroy(): Promise<void> {
    return Promise.resolve();
  }
}
