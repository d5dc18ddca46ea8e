import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('has an embedded default for every value', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'development',
      host: '127.0.0.1',
      port: 3000,
      zhHostSuffixes: ['.cn'],
      layout: { embedded: true, apiKey: 'local-layout-key', siteName: 'website', contentDir: 'fixtures/content' },
    });
    expect(config.layout.apiHost).toBeUndefined();
    expect(config.publicOrigin).toBeUndefined();
  });

  it('switches the layout port to a real service when its host is set', () => {
    const config = loadConfig({ SITECORE_API_HOST: 'https://cms.example.com/', ZH_HOST_SUFFIXES: '.cn, .com.cn', PORT: '8080' });
    expect(config.layout).toMatchObject({ embedded: false, apiHost: 'https://cms.example.com' });
    expect(config.zhHostSuffixes).toEqual(['.cn', '.com.cn']);
    expect(config.port).toBe(8080);
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
