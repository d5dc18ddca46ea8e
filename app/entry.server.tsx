import { Transform, type TransformCallback } from 'node:stream';
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext } from '@remix-run/node';
import { RemixServer, isRouteErrorResponse } from '@remix-run/react';
import { faultLogged, logFault } from './lib/faults.server.ts';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './lib/nonce.tsx';

const ABORT_DELAY = 10_000;
const BLOCK_BYTES = 32 * 1024;

/**
 * React writes its HTML in 2 kB pieces; each piece costs the compressor a round trip to the thread
 * pool, which made a compressed page cost more than rendering it. Pieces go out in 32 kB blocks.
 */
function stripZeroBytes(chunk: Buffer): Buffer {
  const out = Buffer.allocUnsafe(chunk.length);
  let size = 0;
  for (const byte of chunk) if (byte !== 0) out[size++] = byte;
  return out.subarray(0, size);
}

class Blocks extends Transform {
  private pending: Buffer[] = [];
  private size = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    // React 18.3's stream writes its whole 2 kB view when a multi-byte character does not fit at
    // its end, unfilled zero bytes included: Japanese and Chinese pages got NULs in their text.
    // UTF-8 has no zero byte inside a character and HTML no place for U+0000, so they are dropped.
    if (chunk.indexOf(0) !== -1) chunk = stripZeroBytes(chunk);
    this.pending.push(chunk);
    this.size += chunk.length;
    if (this.size >= BLOCK_BYTES) this.release();
    done();
  }
  override _flush(done: TransformCallback) {
    this.release();
    done();
  }
  private release() {
    if (this.size > 0) this.push(Buffer.concat(this.pending, this.size));
    this.pending = [];
    this.size = 0;
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers and visitors without JavaScript get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  const nonce = loadContext.cspNonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new Blocks();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          keepFromSharedCaches(responseHeaders);
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logFault(request, error, 'the page failed to render');
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Pages and their data are made for one visitor (their visitor id, recent queries, session), so a
 * shared cache in front must not keep them; the visitor's browser may. A response that says how it
 * may be cached keeps its own word.
 */
function keepFromSharedCaches(headers: Headers) {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private');
}

export function handleDataRequest(response: Response) {
  keepFromSharedCaches(response.headers);
  return response;
}

/**
 * Errors no loader turned into an answer (render errors, routes without withFaultIds): one log line
 * with an error id and the request id (issue 19). A 4xx Remix answers itself is no fault of ours.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (faultLogged(request)) return;
  logFault(request, error, 'unexpected error');
}
