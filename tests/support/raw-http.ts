import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  /** A string or buffer is sent with its length; an array of chunks is sent chunked. */
  body?: string | Buffer | Array<string | Buffer>;
  timeoutMs?: number;
}

/**
 * One HTTP request exactly as given: any method (TRACE, PROPFIND), a path with bad escapes, any
 * headers, a chunked body. fetch() normalizes or refuses all of these.
 */
export function rawRequest(base: string, path: string, options: RawRequest = {}): Promise<RawResponse> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'GET', headers: { connection: 'close', ...options.headers }, timeout: options.timeoutMs ?? 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${options.method ?? 'GET'} ${path.slice(0, 80)}`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      // The server may answer and close before a large upload is sent in full.
      if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
      reject(error);
    });
    const body = options.body;
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else if (body !== undefined) {
      req.setHeader('content-length', Buffer.byteLength(body));
      req.end(body);
    } else {
      req.end();
    }
  });
}
