import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('has an embedded default for every value', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'development',
      host: '127.0.0.1',
      port: 3000,
      // A demo's Chinese site on this machine is at cn.localhost (decision 0086).
      zhHostSuffixes: ['.cn', '.cn.localhost'],
      layout: { embedded: true, apiKey: 'local-layout-key', siteName: 'website', contentDir: 'fixtures/content' },
    });
    expect(config.layout.apiHost).toBeUndefined();
    expect(config.publicOrigin).toBeUndefined();
  });

  it('switches the layout port to a real service when its host is set', () => {
    const config = loadConfig({ SITECORE_API_HOST: 'https://cms.example.com/', ZH_HOST_SUFFIXES: '.cn, .com.cn', PORT: '8080' });
    expect(config.layout).toMatchObject({ embedded: false, apiHost: 'https://cms.example.com' });
    expect(config.zhHostSuffixes).toEqual(['.cn', '.com.cn', '.cn.localhost']);
    expect(config.port).toBe(8080);
  });

  it('makes cn.localhost a Chinese host in demo mode only', () => {
    expect(loadConfig({ SITE_MODE: 'demo' }).zhHostSuffixes).toContain('.cn.localhost');
    const production = Object.fromEntries(
      [
        'PUBLIC_ORIGIN', 'SITECORE_API_HOST', 'SEARCH_API_URL', 'OIDC_ISSUER', 'EMAIL_API_URL', 'MARKETING_FORMS_URL', 'SAMPLE_REQUEST_URL', 'STOCK_API_URL', 'CAD_MODEL_API_URL', 'SOLR_URL', 'MEDIA_LIBRARY_URL',
      ].map((name) => [name, 'https://service.example']),
    );
    const secrets = Object.fromEntries(
      ['SESSION_SECRET', 'SITECORE_API_KEY', 'SEARCH_ORGANIZATION_ID', 'SEARCH_ACCESS_TOKEN', 'SEARCH_API_KEY', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'EMAIL_API_KEY', 'MARKETING_PORTAL_ID', 'SAMPLE_REQUEST_API_TOKEN', 'STOCK_API_KEY', 'SOLR_USER', 'SOLR_PASSWORD', 'MEDIA_LIBRARY_KEY', 'JSS_EDITING_SECRET', 'SITECORE_PREVIEW_API_KEY'].map((name) => [name, name === 'MARKETING_PORTAL_ID' ? '42' : 'a-real-secret-of-enough-length']),
    );
    expect(loadConfig({ SITE_MODE: 'production', ...production, ...secrets }).zhHostSuffixes).toEqual(['.cn']);
  });

  it('pipelines analytics posts to the embedded endpoint only, unless told', () => {
    expect(loadConfig({}).search.analyticsPipelining).toBe(64);
    expect(loadConfig({ SEARCH_ANALYTICS_PIPELINING: '' }).search.analyticsPipelining).toBe(64);
    expect(loadConfig({ SEARCH_API_URL: 'https://org.example/rest/search/v2' }).search.analyticsPipelining).toBe(1);
    expect(loadConfig({ SEARCH_ANALYTICS_URL: 'https://analytics.example/rest/ua' }).search.analyticsPipelining).toBe(1);
    expect(loadConfig({ SEARCH_ANALYTICS_URL: 'https://analytics.example/rest/ua', SEARCH_ANALYTICS_PIPELINING: '8' }).search.analyticsPipelining).toBe(8);
    expect(() => loadConfig({ SEARCH_ANALYTICS_PIPELINING: '0' })).toThrow('SEARCH_ANALYTICS_PIPELINING="0": must be at least 1');
    expect(() => loadConfig({ SEARCH_ANALYTICS_PIPELINING: 'many' })).toThrow('SEARCH_ANALYTICS_PIPELINING="many": must be a number');
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ SITECORE_API_HOST: '' }).layout.embedded).toBe(true);
  });

  it('reports one line per bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', SITECORE_API_HOST: 'not a url', ZH_HOST_SUFFIXES: 'cn', NODE_ENV: 'staging' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(4);
      expect(problems.find((line) => line.startsWith('PORT='))).toMatch(/must be a number/);
      expect(problems.find((line) => line.startsWith('SITECORE_API_HOST='))).toMatch(/absolute http\(s\) URL/);
      expect(problems.find((line) => line.startsWith('ZH_HOST_SUFFIXES='))).toMatch(/start with a dot/);
      expect(problems.find((line) => line.startsWith('NODE_ENV='))).toMatch(/development, production or test/);
    }
  });
});

/** Every outside service configured, with secrets of its own: what production mode needs. */
const PRODUCTION_ENV: Record<string, string> = {
  SITE_MODE: 'production',
  // Links in e-mails (a subscription's confirmation) are built on it, never on a request's Host.
  PUBLIC_ORIGIN: 'https://www.voltaris.example',
  SESSION_SECRET: 'a-session-secret-of-our-own',
  SITECORE_API_HOST: 'https://cms.example.com',
  SITECORE_API_KEY: 'cms-key-of-our-own',
  SEARCH_API_URL: 'https://platform.cloud.coveo.com/rest/search/v2',
  SEARCH_ORGANIZATION_ID: 'voltarisprod',
  SEARCH_ACCESS_TOKEN: 'search-key-of-our-own',
  SEARCH_API_KEY: 'impersonating-key-of-our-own',
  OIDC_ISSUER: 'https://login.example.com',
  OIDC_CLIENT_ID: 'voltaris-www',
  OIDC_CLIENT_SECRET: 'oidc-secret-of-our-own',
  EMAIL_API_URL: 'https://api.sendgrid.com/v3/mail/send',
  EMAIL_API_KEY: 'mail-key-of-our-own',
  MARKETING_FORMS_URL: 'https://api.hsforms.com',
  MARKETING_PORTAL_ID: '7654321',
  SAMPLE_REQUEST_URL: 'https://samples.example.com',
  SAMPLE_REQUEST_API_TOKEN: 'sample-token-of-our-own',
  STOCK_API_URL: 'https://stock.example.com/v1',
  STOCK_API_KEY: 'stock-key-of-our-own',
  CAD_MODEL_API_URL: 'https://models.example.com/v1',
  SOLR_URL: 'https://solr.example.com/solr',
  SOLR_USER: 'voltaris-web',
  SOLR_PASSWORD: 'solr-password-of-our-own',
  MEDIA_LIBRARY_URL: 'https://media.example.com/library',
  MEDIA_LIBRARY_KEY: 'media-key-of-our-own',
  JSS_EDITING_SECRET: 'editing-secret-of-our-own',
  SITECORE_PREVIEW_API_KEY: 'preview-key-of-our-own',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('demo and production modes (issue 19, decision 0038)', () => {
  it('runs demo mode unless told otherwise, with every stand-in and the published control token', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'production', PORT: '0' }, { SITE_MODE: 'demo' }]) {
      const config = loadConfig(env);
      expect(config.siteMode).toBe('demo');
      expect(config.standIns.controlToken).toBe('local-control-token');
      expect([config.layout, config.search, config.auth, config.email, config.marketingForms, config.sampleRequests, config.stock, config.cadModels].every((port) => port.embedded)).toBe(true);
    }
    expect(loadConfig({ NODE_ENV: 'production' }).mode).toBe('production');
    expect(loadConfig({ STANDIN_CONTROL_TOKEN: 'my-own-control-token' }).standIns.controlToken).toBe('my-own-control-token');
  });

  it('keeps a stand-in in demo mode only for the services left unset', () => {
    const config = loadConfig({ NODE_ENV: 'production', SEARCH_API_URL: 'https://search.example.com/rest/search/v2' });
    expect(config.search.embedded).toBe(false);
    expect(config.layout.embedded).toBe(true);
  });

  it('gives every demo process one session secret, and takes a Redis URL for what processes share (issue 20)', () => {
    const secrets = [loadConfig({}), loadConfig({ NODE_ENV: 'production' }), loadConfig({ NODE_ENV: 'production', PORT: '0' })].map((config) => config.auth.sessionSecret);
    expect(new Set(secrets).size).toBe(1);
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe('redis://127.0.0.1:6379/0');
    expect(problemsOf({ REDIS_URL: 'http://127.0.0.1:6379' })).toEqual(['REDIS_URL="http://127.0.0.1:6379": must be a redis:// or rediss:// URL']);
  });

  it('refuses an unknown mode', () => {
    expect(problemsOf({ SITE_MODE: 'staging' })).toEqual(['SITE_MODE="staging": must be demo or production']);
  });

  it('in production mode names each missing variable on a line of its own and does not start', () => {
    const problems = problemsOf({ SITE_MODE: 'production', NODE_ENV: 'production' });
    const required = Object.keys(PRODUCTION_ENV).filter((name) => name !== 'SITE_MODE');
    expect(problems).toHaveLength(required.length);
    for (const variable of required) expect(problems).toContain(`${variable}: required in production mode (SITE_MODE=production mounts no stand-in)`);
  });

  it.each(Object.keys(PRODUCTION_ENV).filter((name) => name !== 'SITE_MODE'))('in production mode, %s alone missing is named alone', (variable) => {
    expect(problemsOf({ ...PRODUCTION_ENV, [variable]: undefined })).toEqual([`${variable}: required in production mode (SITE_MODE=production mounts no stand-in)`]);
    // Empty is unset.
    expect(problemsOf({ ...PRODUCTION_ENV, [variable]: '  ' })).toHaveLength(1);
  });

  it.each([
    ['SESSION_SECRET', 'local-session-secret-for-development'],
    ['SITECORE_API_KEY', 'local-layout-key'],
    ['SEARCH_ACCESS_TOKEN', 'local-search-token'],
    ['SEARCH_API_KEY', 'local-impersonate-key'],
    ['OIDC_CLIENT_SECRET', 'local-oidc-client-secret'],
    ['EMAIL_API_KEY', 'local-email-key'],
    ['SAMPLE_REQUEST_API_TOKEN', 'local-sample-token'],
    ['STOCK_API_KEY', 'local-stock-key'],
    ['MEDIA_LIBRARY_KEY', 'local-media-key'],
    ['JSS_EDITING_SECRET', 'local-editing-secret'],
    ['SITECORE_PREVIEW_API_KEY', 'local-preview-key'],
    // Any published value, not only the variable's own default.
    ['STOCK_API_KEY', 'local-control-token'],
  ])('in production mode refuses the published %s %s', (variable, value) => {
    expect(problemsOf({ ...PRODUCTION_ENV, [variable]: value })).toEqual([`${variable}=${JSON.stringify(value)}: a published demo value, refused in production mode`]);
  });

  it('refuses every published secret of .env.example copied as it is, one line each, with the other problems', () => {
    const copied = { SITE_MODE: 'production', SITECORE_API_KEY: 'local-layout-key', SEARCH_ACCESS_TOKEN: 'local-search-token', SEARCH_TOKEN_SECRET: 'local-search-token-secret', OIDC_CLIENT_SECRET: 'local-oidc-client-secret', PORT: 'abc' };
    const problems = problemsOf(copied);
    expect(problems).toContain('PORT="abc": must be a number');
    expect(problems).toContain('SEARCH_ACCESS_TOKEN="local-search-token": a published demo value, refused in production mode');
    expect(problems).toContain('SITECORE_API_KEY="local-layout-key": a published demo value, refused in production mode');
    expect(problems).toContain('SEARCH_API_URL: required in production mode (SITE_MODE=production mounts no stand-in)');
    expect(new Set(problems.map((line) => line.split(/[=:]/)[0])).size).toBe(problems.length);
  });

  it('in production mode with everything configured mounts no stand-in', () => {
    const config = loadConfig({ ...PRODUCTION_ENV, NODE_ENV: 'production' });
    expect(config.siteMode).toBe('production');
    expect([config.layout, config.search, config.auth, config.email, config.marketingForms, config.sampleRequests, config.stock, config.cadModels, config.solr, config.mediaLibrary].some((port) => port.embedded)).toBe(false);
    expect(config.auth.sessionSecret).toBe('a-session-secret-of-our-own');
    expect(config.search).toMatchObject({ apiUrl: 'https://platform.cloud.coveo.com/rest/search/v2', organizationId: 'voltarisprod', accessToken: 'search-key-of-our-own' });
  });
});
