import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody } from './json-body.ts';

/**
 * The Search API's lighter JSON body reader gives every request the body, or the refusal, that
 * body-parser gives it (decision 0066): the usual bodies are parsed on the short path, everything
 * else is replayed through body-parser.
 */

const LIMIT = 256 * 1024;
const parser = () => express.json({ limit: '256kb', type: () => true });
/** Requests the short path handed to body-parser. */
let handedOn = 0;
const counted = parser();
const app = express()
  .post(
    '/fast',
    jsonBody((req, res, next) => {
      handedOn += 1;
      return counted(req, res, next);
    }, LIMIT),
    (req, res) => res.json({ body: req.body as unknown }),
  )
  .post('/plain', parser(), (req, res) => res.json({ body: req.body as unknown }))
  .use((error: { status?: number; type?: string; message?: string }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(error.status ?? 500).json({ type: error.type, message: error.message });
  });
let server: Server;
let port = 0;
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

/** A raw request: the headers exactly as given (no Content-Length when `chunked`). */
function post(path: string, body: Buffer, headers: Record<string, string>, chunked = false) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers: chunked ? headers : { ...headers, 'content-length': String(body.length) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    if (chunked) {
      request.write(body.subarray(0, 3));
      request.end(body.subarray(3));
    } else request.end(body);
  });
}

const json = { 'content-type': 'application/json' };
/** The bodies the short path parses; body-parser reads or words the rest (malformed JSON after the short path read it). */
const SHORT = new Set(['an object', 'an array', 'UTF-8 text', 'no content type']);
const CASES: Array<[string, Buffer, Record<string, string>, boolean?]> = [
  ['an object', Buffer.from('{"q":"fuse","facets":[{"field":"series"}],"n":1.5e3}'), json],
  ['an array', Buffer.from('[1,2,{"a":null}]'), json],
  ['UTF-8 text', Buffer.from('{"q":"保险丝 ヒューズ Sicherung"}'), { 'content-type': 'application/json; charset=utf-8' }],
  ['no content type', Buffer.from('{"q":"relay"}'), {}],
  ['a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"q":"bom"}')]), json],
  ['leading space', Buffer.from('  {"q":"space"}'), json],
  ['malformed JSON', Buffer.from('{"q": "fuse",'), json],
  ['a number (strict mode)', Buffer.from('123'), json],
  ['a string (strict mode)', Buffer.from('"fuse"'), json],
  ['another charset', Buffer.from('{"q":"x"}'), { 'content-type': 'application/json; charset=latin1' }],
  ['a chunked body', Buffer.from('{"q":"chunked"}'), { ...json, 'transfer-encoding': 'chunked' }, true],
  ['too large', Buffer.from(`{"q":"${'x'.repeat(LIMIT)}"}`), json],
];

describe('the Search API’s JSON body reader', () => {
  it.each(CASES)('reads %s as body-parser does', async (what, body, headers, chunked) => {
    const before = handedOn;
    const [fast, plain] = [await post('/fast', body, headers, chunked), await post('/plain', body, headers, chunked)];
    expect(fast).toEqual(plain);
    expect(handedOn - before, what).toBe(SHORT.has(what) ? 0 : 1);
  });

  it('covers answers and refusals alike', async () => {
    const statuses = new Set<number>();
    for (const [, body, headers, chunked] of CASES) statuses.add((await post('/fast', body, headers, chunked)).status);
    expect([...statuses].sort()).toEqual([200, 400, 413, 415]);
  });
});
