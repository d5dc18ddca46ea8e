import type { AddressInfo } from 'node:net';
import express from 'express';
import { loadConfig, type SiteConfig } from '../server/config.ts';
import { SEARCH_API_BASE } from '../services/search/router.ts';
import { createEmbeddedSearch } from '../services/search/service.ts';

/** A Search API to talk to: the configured one, the running site's, or an embedded one started here. */
export interface SearchEndpoint {
  apiUrl: string;
  organizationId: string;
  accessToken: string;
  origin: 'configured' | 'running site' | 'started in-process';
  close(): Promise<void>;
}

async function answers(apiUrl: string, organizationId: string, accessToken: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiUrl}/fields?organizationId=${encodeURIComponent(organizationId)}`, {
      headers: { authorization: `Bearer ${accessToken}` },
      signal: AbortSignal.timeout(3000),
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

export async function resolveSearchEndpoint(env: Record<string, string | undefined> = process.env): Promise<SearchEndpoint> {
  const config: SiteConfig = loadConfig(env);
  const { organizationId, accessToken } = config.search;
  if (config.search.apiUrl) return { apiUrl: config.search.apiUrl, organizationId, accessToken, origin: 'configured', close: async () => {} };
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  const siteUrl = `http://${host}:${config.port}${SEARCH_API_BASE}`;
  if (await answers(siteUrl, organizationId, accessToken)) return { apiUrl: siteUrl, organizationId, accessToken, origin: 'running site', close: async () => {} };
  // Nothing is listening: the same embedded service the site would start, here in this process.
  const search = createEmbeddedSearch({ ...config.search, rateLimitPerMinute: 0 });
  const server = express().set('trust proxy', 'loopback').use(search.router).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}${SEARCH_API_BASE}`,
    organizationId,
    accessToken,
    origin: 'started in-process',
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
