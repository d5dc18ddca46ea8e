import { createServer, get, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { scriptHashPolicy } from '../../server/security.ts';

/**
 * A document may finish rendering after its response went (a timeout or a refusal answered first):
 * setting its CSP then threw ERR_HTTP_HEADERS_SENT out of a stream callback and ended the process.
 */
it('names the hashes on a response not yet sent, and leaves one already sent alone', async () => {
  const setPolicy = scriptHashPolicy(loadConfig({}));
  const responses: ServerResponse[] = [];
  let late: unknown;
  const server = createServer((_req, res) => {
    responses.push(res);
    setPolicy(res as unknown as Response, ['sha256-abc']);
    res.end('ok');
    // The late render: the answer has gone.
    try {
      setPolicy(res as unknown as Response, ['sha256-late']);
    } catch (error) {
      late = error;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const policy = await new Promise<string>((resolve, reject) =>
    get(`http://127.0.0.1:${port}/`, (res) => {
      res.resume();
      resolve(String(res.headers['content-security-policy']));
    }).on('error', reject),
  );
  server.close();
  expect(policy).toContain("'sha256-abc'");
  expect(policy).not.toContain('sha256-late');
  expect(responses).toHaveLength(1);
  expect(late).toBeUndefined();
});
