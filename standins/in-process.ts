import { createRequire } from 'node:module';
import type express from 'express';
import type { inject } from 'light-my-request';

/**
 * An Express app that light-my-request can run without a socket, for the stand-ins the site calls
 * in its own process (layout: decision 0055; search: decision 0066).
 *
 * Express gives each request its app's `request` and `response` prototypes. light-my-request, when
 * handed an Express app, re-parents Express's module-wide prototypes onto its own, which breaks
 * every other app of the process (the site itself). This app gets its own copies instead, over
 * light-my-request's objects: Express's methods first, then the injected request's and response's.
 * The app must be one made for injection only: a socket's requests would get the wrong prototypes.
 */
const require = createRequire(import.meta.url);
const lmrRequest = (require('light-my-request/lib/request.js') as { prototype: object }).prototype;
const lmrResponse = (require('light-my-request/lib/response.js') as { prototype: object }).prototype;
const expressModule = require('express') as typeof express;

function ownPrototype(expressPrototype: object, injected: object, app: express.Express): object {
  const methods = Object.create(injected, Object.getOwnPropertyDescriptors(expressPrototype)) as object;
  return Object.create(methods, { app: { configurable: true, enumerable: true, writable: true, value: app } }) as object;
}

export function injectableApp(app: express.Express): Parameters<typeof inject>[0] {
  app.request = ownPrototype(expressModule.request, lmrRequest, app) as express.Request;
  app.response = ownPrototype(expressModule.response, lmrResponse, app) as express.Response;
  // A plain function, so light-my-request does not take it for an Express app (see above).
  return (req, res) => app(req as express.Request, res as express.Response);
}
