import { createServer, get, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { inlineHashPolicy, securityHeaders } from '../../server/security.ts';

/** Starts `server`, asks it for `/` once and closes it: the CSP header of its answer. */
async function policyServedBy(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<string>((resolve, reject) =>
      get(`http://127.0.0.1:${port}/`, (res) => {
        res.resume();
        resolve(String(res.headers['content-security-policy']));
      }).on('error', reject),
    );
  } finally {
    server.close();
  }
}

/**
 * A document may finish rendering after its response went (a timeout or a refusal answered first):
 * setting its CSP then threw ERR_HTTP_HEADERS_SENT out of a stream callback and ended the process.
 */
it('names the hashes on a response not yet sent, and leaves one already sent alone', async () => {
  const setPolicy = inlineHashPolicy(loadConfig({ NODE_ENV: 'production' }));
  const responses: ServerResponse[] = [];
  let late: unknown;
  const server = createServer((_req, res) => {
    responses.push(res);
    setPolicy(res as unknown as Response, { scripts: ['sha256-abc'], styles: ['sha256-css'] });
    res.end('ok');
    // The late render: the answer has gone.
    try {
      setPolicy(res as unknown as Response, { scripts: ['sha256-late'], styles: [] });
    } catch (error) {
      late = error;
    }
  });
  const policy = await policyServedBy(server);
  expect(policy).toContain("script-src 'self' 'sha256-abc';");
  expect(policy).toContain("style-src 'self' 'sha256-css';");
  expect(policy).not.toContain('sha256-late');
  expect(responses).toHaveLength(1);
  expect(late).toBeUndefined();
});

it('keeps the development server its inline styles: no style hash there, which would turn them off', async () => {
  const setPolicy = inlineHashPolicy(loadConfig({ NODE_ENV: 'development' }));
  const server = createServer((_req, res) => {
    setPolicy(res as unknown as Response, { scripts: ['sha256-abc'], styles: ['sha256-css'] });
    res.end('ok');
  });
  const policy = await policyServedBy(server);
  expect(policy).toContain("style-src 'self' 'unsafe-inline';");
  expect(policy).not.toContain('sha256-css');
});

// Sign-out posts to the site, which sends the browser on to the provider's end-session page; a
// browser holds that redirect to form-action, so a provider on another origin must be named there.
it('lets forms lead to the sign-in provider, on pages and on every other answer', async () => {
  const config = loadConfig({ NODE_ENV: 'production' });
  const targets = () => ['https://login.example.com'];
  const setPolicy = inlineHashPolicy(config, targets);
  const page = await policyServedBy(
    createServer((_req, res) => {
      setPolicy(res as unknown as Response, { scripts: [], styles: [] });
      res.end('ok');
    }),
  );
  expect(page).toContain("form-action 'self' https://login.example.com;");
  const headers = securityHeaders(config, targets);
  const other = await policyServedBy(createServer((req, res) => headers(req as never, res as never, () => res.end('ok'))));
  expect(other).toContain("form-action 'self' https://login.example.com;");
});
