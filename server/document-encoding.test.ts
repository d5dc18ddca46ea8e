import type { AddressInfo } from 'node:net';
import { request as httpRequest, type Server } from 'node:http';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROTLI_PARAMS, encodeDocument } from './document-encoding.ts';

// encodeDocument chooses an encoding as the compression middleware does (the same offers, the
// server's preference and the 1 kB threshold) without going through it. Whatever a browser asks,
// both must answer with the same encoding: the middleware, as server/site.ts mounts it, is asked
// over HTTP, beside encodeDocument, for the same document.

const ACCEPT_ENCODINGS = [
  undefined,
  '',
  'gzip, deflate, br, zstd',
  'gzip, deflate, br',
  'gzip, deflate',
  'gzip',
  'br',
  'deflate',
  'identity',
  'identity;q=0',
  '*',
  '*;q=0',
  'gzip;q=0, br;q=0',
  'br;q=0.5, gzip',
  'gzip, br',
  'br;q=1, gzip;q=1',
  'gzip;q=0.8, deflate;q=0.9',
  'compress',
  'x-gzip',
  'zstd',
  'BR',
];

const LARGE = `<!DOCTYPE html><html><body>${'<p>Surface-mount TVS diodes</p>'.repeat(200)}</body></html>`;
const SMALL = '<!DOCTYPE html><html><body><p>Short</p></body></html>';

let server: Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(compression({ brotli: { params: BROTLI_PARAMS } }));
  app.get('/large', (_req, res) => res.type('html').send(LARGE));
  app.get('/small', (_req, res) => res.type('html').send(SMALL));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The Content-Encoding the middleware answers with, the request sent with exactly this header or none. */
function middlewareEncoding(path: string, acceptEncoding: string | undefined, method = 'GET'): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.headers['content-encoding'] ?? 'identity')));
    });
    request.on('error', reject);
    request.end();
  });
}

function documentEncoding(body: string, acceptEncoding: string | undefined, method = 'GET'): string {
  const headers = new Headers();
  encodeDocument(new Request(`http://127.0.0.1:${port}/`, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }), headers, Buffer.from(body) as Buffer<ArrayBuffer>);
  return headers.get('Content-Encoding') ?? 'identity';
}

describe('whole documents are encoded as the compression middleware would encode them', () => {
  it.each(ACCEPT_ENCODINGS.map((header) => [header === undefined ? '(no header)' : JSON.stringify(header), header]))('Accept-Encoding %s', async (_name, header) => {
    expect(documentEncoding(LARGE, header)).toBe(await middlewareEncoding('/large', header));
    expect(documentEncoding(SMALL, header)).toBe(await middlewareEncoding('/small', header));
  });

  it('sends a HEAD answer as it is, as the middleware does', async () => {
    expect(documentEncoding(LARGE, 'gzip, deflate, br', 'HEAD')).toBe(await middlewareEncoding('/large', 'gzip, deflate, br', 'HEAD'));
  });
});
