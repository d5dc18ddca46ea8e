import Negotiator from 'negotiator';
import vary from 'vary';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';

/**
 * Brotli as the site sends pages: the default 4 MB window, allocated per response, halved the pages
 * served per second; no page needs more than 256 kB of window, and quality 2 costs half of quality
 * 4 for 6 % more bytes. The compression middleware (server/site.ts) and whole documents use it.
 */
export const BROTLI_PARAMS = { [zlibConstants.BROTLI_PARAM_QUALITY]: 2, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 };

/** What the compression middleware offers, and which it prefers when the browser weighs them alike. */
const ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];
/** Below this the middleware sends a body as it is (its default threshold). */
const THRESHOLD_BYTES = 1024;
// negotiator 0.6.4 takes the server's preference as a second argument (the compression middleware
// passes it); its published types predate that argument.
const negotiatedEncoding = Negotiator.prototype.encoding as (this: Negotiator, available: string[], preferred: string[]) => string | undefined;

// zlib's one-shot functions answer with a Buffer over an ordinary ArrayBuffer (never a shared one),
// which is what a Response body takes; their types say ArrayBufferLike.
function encode(encoding: string | undefined, body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  switch (encoding) {
    case 'br':
      return brotliCompressSync(body, { params: { ...BROTLI_PARAMS, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }) as Buffer<ArrayBuffer>;
    case 'gzip':
      return gzipSync(body) as Buffer<ArrayBuffer>;
    case 'deflate':
      return deflateSync(body) as Buffer<ArrayBuffer>;
    default:
      return body;
  }
}

/**
 * A whole HTML document encoded as the browser accepts, with its headers set (Content-Encoding,
 * Vary, Content-Length), as the compression middleware would, but in one piece: the middleware
 * compresses a body as a stream in the thread pool (four hand-offs between threads per page) and
 * sends it in chunks (four writes to the socket); a document made whole before it is sent
 * (app/entry.server.tsx) needs one compression call and one write. The middleware passes an answer
 * that already names its encoding through untouched.
 */
export function encodeDocument(request: Request, headers: Headers, body: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  headers.set('Vary', vary.append(headers.get('Vary') ?? '', 'Accept-Encoding'));
  const encoding = request.method === 'HEAD' || body.length < THRESHOLD_BYTES ? 'identity' : negotiatedEncoding.call(new Negotiator({ headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? undefined } }), ENCODINGS, PREFERRED);
  const encoded = encode(encoding, body);
  if (encoded !== body) headers.set('Content-Encoding', encoding!);
  headers.set('Content-Length', String(encoded.length));
  return encoded;
}
