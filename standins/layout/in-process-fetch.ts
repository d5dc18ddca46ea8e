import express from 'express';
import { inject } from 'light-my-request';
import { injectableApp } from '../in-process.ts';
import { createLayoutServiceRouter, type LayoutServiceOptions } from './router.ts';

/**
 * The embedded layout service answered without a socket: a `fetch` for the site's layout and
 * dictionary client when the stand-in lives in the site's own process. The request goes through
 * the very router the stand-in serves over HTTP (light-my-request builds the Node request and
 * response objects a socket would), so the answer is the HTTP route's: same status, headers, body,
 * and the same sc_apikey check. Only the trip through the kernel, the HTTP parser and the client's
 * connection handling is saved. URLs on any other origin go to `fallback` (real HTTP).
 */
export function createInProcessLayoutFetch(options: LayoutServiceOptions & { origin: () => string; fallback?: typeof fetch }): typeof fetch {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.use(createLayoutServiceRouter(options));
  const dispatch = injectableApp(app);
  const fallback = options.fallback ?? fetch;
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== options.origin()) return fallback(input, init);
    request.signal.throwIfAborted();
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await inject(dispatch, {
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(request.headers), host: url.host },
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = request.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, statusText: answer.statusMessage, headers });
  };
}
