import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { run } from '../../cli/index.ts';
import type { CliIo } from '../../cli/io.ts';

/** Runs sitectl in-process with captured output and optional stdin lines. */
export async function sitectl(args: string[], stdin?: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (t) => out.push(t), err: (t) => err.push(t), readLines: async () => stdin, isTerminal: false };
  const code = await run(['node', 'sitectl', ...args], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export interface FakeAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * A Search API that answers what a test tells it and keeps every search body it was sent, set as
 * SEARCH_API_URL while it runs: what sitectl asks, and what it does with an answer, without
 * starting the stand-in and its catalogue.
 */
export async function withFakeSearchApi<T>(answer: (body: Record<string, unknown>, index: number) => FakeAnswer, during: (bodies: Array<Record<string, unknown>>) => Promise<T>): Promise<T> {
  const bodies: Array<Record<string, unknown>> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      bodies.push(body);
      const { status, body: reply, headers = {} } = answer(body, bodies.length - 1);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const previous = process.env.SEARCH_API_URL;
  process.env.SEARCH_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rest/search/v2`;
  try {
    return await during(bodies);
  } finally {
    if (previous === undefined) delete process.env.SEARCH_API_URL;
    else process.env.SEARCH_API_URL = previous;
    await new Promise((resolve) => server.close(resolve));
  }
}
