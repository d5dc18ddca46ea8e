import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetLoggerSettings, loggerSettings, refreshLoggerSettings } from '~/lib/logger.server.ts';
import express from 'express';
import { ContentStore } from '@voltaris/content-files/content-store';
import { createLayoutServiceRouter } from '../../standins/layout/router.ts';

// The layout stand-in's logger settings endpoint, and the site's 5-minute cache of it, over HTTP.
let server: Server;
let host: string;
let calls = 0;

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    if (req.path.startsWith('/clientapi/')) calls += 1;
    next();
  });
  app.use(createLayoutServiceRouter({ store: new ContentStore({ dir: 'fixtures/content', watch: false }), apiKey: 'local-layout-key', siteName: 'website' }));
  server = createServer(app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('logger settings (REQ-PORT-6, REQ-CMS-10)', () => {
  it('are served with the API token header only', async () => {
    expect((await fetch(`${host}/clientapi/LoggerSettings/GetLoggerSettings`)).status).toBe(401);
    const answer = await fetch(`${host}/clientapi/LoggerSettings/GetLoggerSettings`, { headers: { 'x-api-token': 'local-layout-key' } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ level: 'info', sendClientErrors: false });
  });

  it('are asked at most once in five minutes', async () => {
    const context = { config: { layout: { apiHost: host, apiKey: 'local-layout-key' } } } as unknown as AppLoadContext;
    const before = calls;
    refreshLoggerSettings(context);
    await new Promise((resolve) => setTimeout(resolve, 200));
    refreshLoggerSettings(context);
    refreshLoggerSettings(context);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls - before).toBe(1);
    expect(loggerSettings()).toEqual({ level: 'info', sendClientErrors: false });
  });

  it('keep the last known settings when the service fails, is throttled or unreachable (REQ-ERR-9: swallowed)', async () => {
    const context = { config: { layout: { apiHost: host, apiKey: 'local-layout-key' } } } as unknown as AppLoadContext;
    const tell = (mode: string) =>
      fetch(`${host}/clientapi/LoggerSettings/_control`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-control-token': 'local-control-token' }, body: JSON.stringify({ mode }) });
    expect((await fetch(`${host}/clientapi/LoggerSettings/_control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"mode":"500"}' })).status).toBe(401);
    expect((await tell('sideways')).status).toBe(400);
    try {
      for (const mode of ['500', '429', 'down']) {
        expect((await tell(mode)).status).toBe(200);
        const before = calls;
        forgetLoggerSettings();
        refreshLoggerSettings(context);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(calls - before).toBe(1);
        expect(loggerSettings()).toEqual({ level: 'info', sendClientErrors: false });
      }
    } finally {
      await tell('ok');
    }
  });
});
