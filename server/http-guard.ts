import type { NextFunction, Request, Response } from 'express';
import type { Duplex } from 'node:stream';
import { logger, newErrorId, type FaultNote } from './log.ts';
// PAGE_METHODS: methods a page answers; PUT, PATCH and DELETE reach Remix, whose actions refuse them in the page's language.
import { PAGE_METHODS, refusalMessage } from './refusal-messages.ts';

/**
 * What the site answers before (and after) Remix when a request is not one it can serve (issue 19,
 * item 4; decision 0037): a 4xx with a plain message for the client's mistakes, a 5xx with an
 * error id, logged once, for our own faults.
 */

/** Longer addresses are refused (414) before anything forwards them (the layout call would get 431). */
export const MAX_URL_BYTES = 8 * 1024;

const REMIX_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

function plain(res: Response, status: number, message: string, headers: Record<string, string> = {}) {
  res.status(status).set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers }).send(`${message}\n`);
}

export function urlLengthLimit(req: Request, res: Response, next: NextFunction) {
  if (Buffer.byteLength(req.originalUrl) > MAX_URL_BYTES) {
    return plain(res, 414, refusalMessage(req, 'urlTooLong', { kb: MAX_URL_BYTES / 1024 }), { Connection: 'close' });
  }
  next();
}

/**
 * The address Remix builds every request from (the Express adapter: protocol, then host and port,
 * both from X-Forwarded-* when a trusted front sends them). A Host that is no host name (`a b`,
 * `xn--zz`, a port past 65535) or a protocol other than http(s) made that `new URL` throw: a 500
 * from a header anyone can send. One that parses as something else (`a/de`, `a@b`) would render
 * another address's page under this one.
 */
export function requestAddress(req: Request, res: Response, next: NextFunction) {
  // HTTP/1.0 without a Host (a health check): Remix's own fallback, as before.
  if (req.hostname === undefined) return next();
  const hostname = req.hostname;
  const portOf = (value: string | undefined) => Number.parseInt(value?.split(':')[1] ?? '', 10);
  const port = [portOf(req.get('x-forwarded-host')), portOf(req.get('host'))].find(Number.isSafeInteger);
  let url: URL | undefined;
  try {
    url = new URL(`${req.protocol}://${hostname}${port === undefined ? '' : `:${port}`}/`);
  } catch {
    url = undefined;
  }
  const sound = url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname === hostname.toLowerCase() && url.pathname === '/' && !url.username && !url.password;
  if (!sound) return plain(res, 400, refusalMessage(req, 'badHost'));
  next();
}

/**
 * Methods no page takes: OPTIONS is answered here (which methods a page takes), TRACE, CONNECT and
 * unknown ones (PROPFIND, ...) are 405; the Fetch API Remix builds its requests with cannot even
 * carry TRACE, which is why they never reach it.
 */
export function pageMethods(req: Request, res: Response, next: NextFunction) {
  if (REMIX_METHODS.has(req.method)) return next();
  if (req.method === 'OPTIONS') {
    res.status(204).set({ Allow: PAGE_METHODS, 'Cache-Control': 'no-store' }).end();
    return;
  }
  plain(res, 405, refusalMessage(req, 'methodNotAllowed', { method: req.method }), { Allow: PAGE_METHODS });
}

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f\u2028\u2029]/;

/**
 * A path that decodes to `//...` or `/\...` is no page, and as a URL reference it names another
 * host (`/\#x` is not even a URL: the router's render threw, a 500 found by fuzzing).
 */
export function unroutablePaths(req: Request, res: Response, next: NextFunction) {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    return plain(res, 400, refusalMessage(req, 'malformedEscape'));
  }
  if (/^\/[\\/]/.test(decoded)) return plain(res, 404, refusalMessage(req, 'notFound'));
  // No page's address holds a line break or another control character; Remix's routes cannot even
  // match one (its splat stops at a line end), so it answered 404 before any loader ran: an error
  // page without its phrases, showing `error.badRequest.title` (issue 31).
  if (CONTROL_CHARACTERS.test(decoded)) return plain(res, 404, refusalMessage(req, 'notFound'));
  // Remix's data requests before Single Fetch: it still answers them (an empty 200 for a GET) and
  // logs each as an error, so anyone could fill the error log. The site's pages ask `/path.data`.
  const query = req.originalUrl.indexOf('?');
  if (query >= 0 && new URLSearchParams(req.originalUrl.slice(query + 1)).has('_data')) return plain(res, 400, refusalMessage(req, 'legacyData'));
  next();
}

interface HttpishError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
  error_description?: unknown;
}

function clientStatusOf(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { status, statusCode } = error as HttpishError;
  const code = typeof status === 'number' ? status : typeof statusCode === 'number' ? statusCode : undefined;
  return code !== undefined && code >= 400 && code < 500 ? code : undefined;
}

function clientMessageOf(error: unknown, status: number): string {
  if (error instanceof URIError) return 'The address has a malformed %-escape.';
  const { expose, message, error_description: description } = error as HttpishError;
  if (typeof description === 'string' && description) return description;
  if (expose !== false && typeof message === 'string' && message && message.length <= 200) return message;
  return status === 404 ? 'Not found.' : 'This request cannot be answered.';
}

/**
 * The last handler: errors that Express and the middleware before Remix pass on. A client error
 * they carry (`status` 4xx: a malformed %-escape, an unparsable body, an unknown sign-in
 * interaction) is answered as such; anything else is our fault.
 */
export function lastResort(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) {
    // A response already under way (a form post refused mid-upload by the form guard) is left as it is.
    if (res.locals.refused) return;
    return next(error);
  }
  const clientStatus = clientStatusOf(error);
  if (clientStatus) {
    res.status(clientStatus).set('Cache-Control', 'no-store').json({ error: 'bad_request', message: clientMessageOf(error, clientStatus) });
    return;
  }
  const errorId = newErrorId();
  res.locals.errorId = errorId;
  logger.error({ errorId, requestId: res.locals.requestId, method: req.method, path: req.path, err: error }, 'request failed');
  res.status(500).set('Cache-Control', 'no-store').json({ error: 'internal_error', message: 'The server could not answer this request.', errorId });
}

/**
 * Every 5xx gets one log line with an error id and the request id: faults logged where they
 * happened (here, or by the Remix build) are not written again; any other 5xx (a stand-in's, a
 * service that is down) is written when its response ends.
 */
export function logServerErrors(req: Request, res: Response, next: NextFunction) {
  res.once('close', () => {
    const requestId = String(res.locals.requestId ?? '');
    const logged = (res.locals.faults as FaultNote | undefined)?.errorId ?? res.locals.errorId;
    if (res.statusCode >= 500 && !logged) {
      logger.error({ errorId: newErrorId(), requestId, method: req.method, path: req.originalUrl.slice(0, 300), status: res.statusCode }, 'answered with a server error');
    }
  });
  next();
}

/** Node's own answers to what its parser refuses, by its error code; anything else is a 400. */
const UNPARSABLE: Record<string, [status: string, message: string]> = {
  HPE_HEADER_OVERFLOW: ['431 Request Header Fields Too Large', "The request's headers are too large."],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['413 Payload Too Large', 'The chunked body has too long a chunk extension.'],
  ERR_HTTP_REQUEST_TIMEOUT: ['408 Request Timeout', 'The request took too long to arrive.'],
};

/**
 * A request Node's HTTP parser refuses (an unknown method such as CONNECT_X, a malformed header
 * line) never reaches Express; Node's own answer is a 400 without a word (issue 31). This one says
 * what was wrong, in English: nothing of the request could be read, its address neither.
 */
export function unparsableRequest(error: NodeJS.ErrnoException, socket: Duplex) {
  // A connection the client already closed, or one with a response under way, is only closed.
  const busy = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || busy) {
    socket.destroy();
    return;
  }
  const [status, message] = UNPARSABLE[error.code ?? ''] ?? ['400 Bad Request', 'This request could not be read: it is not well-formed HTTP (its method, a header or its body framing).'];
  const body = `${message}\n`;
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`);
}
