import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import express from 'express';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Placeholder } from '~/cms/components/Placeholder.tsx';
import { RegistryProvider } from '~/cms/components/registry-context.tsx';
import type { PageData } from '~/cms/page-data.ts';
import { loadPagePhrases, loadRoute, type PagePlugins } from '~/cms/page.server.ts';
import { shellPhrases } from '~/cms/phrases.ts';
import { PagePhrases } from '~/cms/use-site-shell.ts';
import { createRegistry } from '~/plugins/create-registry.ts';
import { registry } from '~/plugins/registry.ts';
import { siteServerPlugins } from '~/plugins/registry.server.ts';
import { createServerRegistry } from '~/plugins/server-registry.server.ts';
import { loadConfig } from '../../server/config.ts';
import { logger } from '../../server/log.ts';
import { ContentStore } from '@voltaris/content-files/content-store';
import { createLayoutServiceRouter } from '../../standins/layout/router.ts';
import { LEAD_TIMES_PHRASES } from '../support/sample-plugin/dictionary.ts';
import { leadTimesPlugin } from '../support/sample-plugin/index.ts';
import { leadTimesRenderings } from '../support/sample-plugin/renderings.server.ts';

// A sample plugin from one folder (tests/support/sample-plugin: component, loader, phrases), added
// to the site's plugins by one line each side, then pages made of it through the real layout
// service over content files, as loadRoute makes every CMS page.
const components = createRegistry([...registry.plugins, leadTimesPlugin]);
const plugins: PagePlugins = { components, server: createServerRegistry(components, [...siteServerPlugins, leadTimesRenderings]) };

const LANGUAGES = ['en', 'de', 'ja-jp', 'zh-cn'] as const;
let dir: string;
let layout: Server;
let context: AppLoadContext;
let dictionaries: Record<string, Record<string, string>>;

function leadTimes(family: string, heading: string) {
  return `    - componentName: LeadTimes\n      dataSource: lead-times-${family}\n      fields: { heading: ${JSON.stringify(heading)}, family: ${family} }\n`;
}
const richText = (html: string) => `    - componentName: RichText\n      dataSource: lead-times-intro\n      fields: { content: ${JSON.stringify(html)} }\n`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'plugin-renderings-'));
  cpSync('fixtures/content/dictionary', path.join(dir, 'dictionary'), { recursive: true });
  for (const language of LANGUAGES) {
    // What an editor adds to the CMS dictionary for the new plugin: one line a phrase.
    const lines = Object.entries(LEAD_TIMES_PHRASES[language]).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
    const file = path.join(dir, 'dictionary', `${language}.yaml`);
    writeFileSync(file, `${readFileSync(file, 'utf8').trimEnd()}\n${lines.join('\n')}\n`);
  }
  const page = (folder: string, language: string, renderings: string) => {
    mkdirSync(path.join(dir, 'routes', folder), { recursive: true });
    writeFileSync(path.join(dir, 'routes', folder, `${language}.yaml`), `displayName: Lead times\nplaceholders:\n  jss-main:\n${renderings}`);
  };
  page('service/lead-times', 'en', richText('<p>Order fuses by the reel.</p>') + leadTimes('fuses', 'Fuses'));
  page('service/lead-times', 'de', richText('<p>Sicherungen bestellen Sie als Rolle.</p>') + leadTimes('fuses', 'Sicherungen') + leadTimes('fusses', 'Varistoren'));
  page('service/lead-time-typo', 'de', leadTimes('fusses', 'Sicherungen'));
  const app = express();
  app.use(createLayoutServiceRouter({ store: new ContentStore({ dir }), apiKey: 'local-layout-key', siteName: 'website' }));
  layout = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => layout.once('listening', resolve));
  const config = loadConfig({ PORT: '0', SITECORE_API_HOST: `http://127.0.0.1:${(layout.address() as AddressInfo).port}`, CONTENT_DIR: dir });
  context = { config } as unknown as AppLoadContext;
  dictionaries = Object.fromEntries(LANGUAGES.map((language) => [language, new ContentStore({ dir }).getPhrases(language) ?? {}]));
});

afterAll(() => {
  layout?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A CMS page's data as the browser holds it: the page's route and its renderings' phrases (the page-phrases route). */
async function loadPage(url: string, headers: Headers, withPlugins?: PagePlugins): Promise<PageData> {
  const request = new Request(url);
  const [page, phrases] = await Promise.all([loadRoute(request, context, headers, withPlugins), loadPagePhrases(request, context, withPlugins)]);
  return { ...page, phrases: { ...phrases, ...page.phrases } };
}

/** The page as the browser gets it: its data through JSON, rendered by the placeholder renderer under the site's shell. */
async function render(page: PageData, dictionary: Record<string, string>): Promise<string> {
  const data = JSON.parse(JSON.stringify(page)) as PageData;
  const routes = [
    {
      id: 'root',
      path: '/*',
      loader: () => ({ language: data.language, tag: data.language, phrases: shellPhrases(dictionary), account: { state: 'anonymous' }, origins: { global: 'http://127.0.0.1', zh: 'http://127.0.0.1.cn' }, key: '' }),
      // createElement, not JSX: integration suites are .ts files.
      element: createElement(
        RegistryProvider,
        { value: plugins.components },
        createElement(PagePhrases.Provider, { value: data.phrases }, createElement('main', null, createElement(Placeholder, { name: 'jss-main', placeholders: data.route.placeholders }))),
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const staticContext = await handler.query(new Request('http://127.0.0.1/'));
  if (staticContext instanceof Response) throw new Error('unexpected redirect');
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, staticContext), context: staticContext, hydrate: false }));
}

describe('a rendering added by one plugin folder and one registry line', () => {
  it('is rendered on a CMS page from its layout data, with the data its loader made and its own phrases', async () => {
    const headers = new Headers();
    const page = await loadPage('http://127.0.0.1/service/lead-times', headers, plugins);
    expect(page.status).toBeUndefined();
    // Its phrases reach the page because the rendering names their namespace.
    expect(page.phrases?.['leadTimes.weeks']).toBe(LEAD_TIMES_PHRASES.en['leadTimes.weeks']);
    // Its cache policy counts: shared content, asked without cookies, so the page may be kept.
    expect(headers.get('Cache-Control')).toMatch(/^public, s-maxage=\d+/);
    const html = await render(page, dictionaries.en!);
    expect(html).toContain('<p>Order fuses by the reel.</p>');
    expect(html).toContain('<section class="lead-times" data-family="fuses"><h2>Fuses</h2><p>Shipped within 6 weeks of your order</p><p>As of 2026-11-02</p></section>');
  });

  it('is unknown to the site itself: the same page without the plugin drops the rendering and keeps the rest', async () => {
    const page = await loadPage('http://127.0.0.1/service/lead-times', new Headers());
    const html = await render(page, dictionaries.en!);
    expect(html).toContain('<p>Order fuses by the reel.</p>');
    expect(html).not.toContain('lead-times');
  });
});

describe('a rendering whose loader throws', () => {
  it('shows its own error block in the page language with a logged error id; the rest of the page renders with 200', async () => {
    const logged = vi.spyOn(logger, 'error');
    try {
      const headers = new Headers();
      const page = await loadPage('http://127.0.0.1/de/service/lead-times', headers, plugins);
      expect(page.status).toBeUndefined();
      // This moment's failure is no page for a cache to keep.
      expect(headers.get('Cache-Control')).toBe('no-store');
      const html = await render(page, dictionaries.de!);
      expect(html).toContain('<p>Sicherungen bestellen Sie als Rolle.</p>');
      expect(html).toContain('<h2>Sicherungen</h2><p>Versand innerhalb von 6 Wochen nach Ihrer Bestellung</p>');
      const block = /<div class="rendering-error" role="alert" data-component="LeadTimes"><p>([^<]+)<\/p><p>([^<]+)<code>([^<]+)<\/code><\/p><\/div>/.exec(html);
      expect(block?.[1]).toBe(dictionaries.de!['cms.renderingFailed']);
      expect(block?.[2]?.trim()).toBe(dictionaries.de!['error.id']);
      expect(html).not.toContain('Varistoren');
      const errorId = block?.[3];
      expect(errorId).toBeTruthy();
      const entry = logged.mock.calls.find(([fields]) => (fields as { errorId?: string }).errorId === errorId);
      expect(String((entry?.[0] as { err?: Error }).err?.message)).toContain('no standard lead time for product family "fusses"');
      expect(entry?.[1]).toBe('the LeadTimes rendering failed to load its data');
    } finally {
      logged.mockRestore();
    }
  });

  it('makes a page that has nothing else a 500 of ours (a service that is down keeps its 503), still showing the block', async () => {
    const headers = new Headers();
    const page = await loadPage('http://127.0.0.1/de/service/lead-time-typo', headers, plugins);
    expect(page.status).toBe(500);
    expect(headers.get('Retry-After')).toBeNull();
    const html = await render(page, dictionaries.de!);
    expect(html).toContain(dictionaries.de!['cms.renderingFailed']);
  });
});
