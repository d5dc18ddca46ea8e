import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { DATASOURCE_REQUIRED_MESSAGE, Placeholder } from '~/cms/components/Placeholder.tsx';
import { RegistryProvider } from '~/cms/components/registry-context.tsx';
import { registry } from '~/plugins/registry.ts';
import { EditingProvider, type EditingState } from '~/cms/editing.ts';
import { prepareRoute } from '~/cms/prepare-route.server.ts';
import type { RouteData } from '@sitecore-jss/sitecore-jss/layout';

// The editors' sample page for a missing datasource is not public (decision 0048): the placeholder
// renderer's message is shown here instead, rendered as a page would render it.
async function renderPlaceholder(given: unknown[], phrases: Record<string, string> = {}): Promise<string> {
  // As the server readies every page's layout data: the manifests' datasource rule marks the entry.
  const entries = prepareRoute({ name: 'x', placeholders: { 'jss-main': given as never } } as RouteData, registry, '/x').placeholders['jss-main']!;
  const routes = [
    {
      id: 'root',
      path: '/',
      loader: () => ({ language: 'en', tag: 'en', phrases, account: { state: 'anonymous' }, origins: { global: 'http://localhost', zh: 'http://localhost.cn' }, key: '' }),
      element: (
        <RegistryProvider value={registry}>
          <Placeholder name="jss-main" placeholders={{ 'jss-main': entries as never }} />
        </RegistryProvider>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

describe('the placeholder renderer', () => {
  it('shows the datasource message for a content rendering without a content item, and nothing for an unknown component', async () => {
    const html = await renderPlaceholder([{ componentName: 'HeroBanner' }, { componentName: 'NoSuchComponent' }]);
    expect(html).toContain(`<div class="datasource-missing" role="alert" data-component="HeroBanner">${DATASOURCE_REQUIRED_MESSAGE}</div>`);
    expect(html).not.toContain('NoSuchComponent');
  });

  it('renders a Columns section with its nested placeholders\' renderings, each in its column, as visitors get it without scripts', async () => {
    const html = await renderPlaceholder([
      {
        componentName: 'Columns',
        uid: 'c1',
        placeholders: {
          'column-1': [{ componentName: 'RichText', uid: 'r1', dataSource: 'left', fields: { heading: { value: 'Left' }, content: { value: '<p>On the left</p><script>x()</script>' } } }],
          'column-2': [{ componentName: 'LinkList', uid: 'l1', dataSource: 'right', fields: { title: { value: 'Right' }, links: [] } }],
        },
      },
    ]);
    expect(html).toMatch(/<section class="columns"><div class="columns__column"><section class="rich-text"><h2>Left<\/h2><div class="prose"><p>On the left<\/p><\/div><\/section><\/div><div class="columns__column"><section class="link-list">.*Right.*<\/section><\/div><\/section>/);
  });

  it('renders a rendering that reads the address (datasource none) without a content item', async () => {
    const html = await renderPlaceholder([{ componentName: 'SampleList', data: { requests: [], serviceDown: false } }]);
    expect(html).toContain('class="sample-list"');
    expect(html).not.toContain('datasource-missing');
  });

  it('says it in the page language when the dictionary has the phrase', async () => {
    const html = await renderPlaceholder([{ componentName: 'HeroBanner' }], { 'cms.datasourceRequired': 'Datenquelle erforderlich.' });
    expect(html).toContain('>Datenquelle erforderlich.</div>');
  });
});

describe('the placeholder renderer in Sitecore Pages (issue 32)', () => {
  async function renderEditing(entries: unknown[], editing: EditingState): Promise<string> {
    const routes = [
      {
        id: 'root',
        path: '/',
        loader: () => ({ language: 'en', tag: 'en', phrases: {}, account: { state: 'anonymous' }, origins: { global: 'http://localhost', zh: 'http://localhost.cn' }, key: '' }),
        element: (
          <RegistryProvider value={registry}>
            <EditingProvider value={editing}>
              <Placeholder name="jss-main" placeholders={{ 'jss-main': entries as never }} />
            </EditingProvider>
          </RegistryProvider>
        ),
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://localhost/'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
  }
  const edit: EditingState = { mode: 'edit', chromes: true, updates: {} };

  it('shows a variant personalization hides, an unknown component and a missing datasource, each between rendering chromes', async () => {
    // HeroBanner without a datasource, marked as prepareRoute marks it from its manifest (REQ-CMS-3).
    const html = await renderEditing([{ uid: 'a', componentName: 'Hidden Rendering' }, { uid: 'b', componentName: 'NoSuchComponent' }, { uid: 'c', componentName: 'HeroBanner', datasourceMissing: true }], edit);
    expect(html).toContain('The component is hidden');
    expect(html).toContain('<h2>NoSuchComponent</h2>');
    expect(html).toContain('class="datasource-missing"');
    for (const uid of ['a', 'b', 'c']) expect(html).toContain(`chrometype="rendering" class="scpm" kind="open" id="${uid}"`);
    expect(html.startsWith('<code type="text/sitecore" chrometype="placeholder" class="scpm" kind="open" id="jss-main_00000000-0000-0000-0000-000000000000"></code>')).toBe(true);
  });

  it('shows a rendering whose loader failed as its error block, between chromes', async () => {
    const html = await renderEditing([{ uid: 'f', componentName: 'RichText', dataSource: 'x', fields: {}, renderingError: { errorId: 'E-123' } }], edit);
    expect(html).toMatch(/chrometype="rendering" class="scpm" kind="open" id="f"><\/code><div class="rendering-error" role="alert" data-component="RichText">[\s\S]*E-123/);
  });

  it('applies component:update fields and params by uid, braces and case aside', async () => {
    const hero = { uid: '{AB-CD}', componentName: 'RichText', dataSource: 'x', fields: { heading: { value: 'Old' } } };
    const html = await renderEditing([hero], { ...edit, updates: { 'ab-cd': { fields: { heading: { value: 'New heading' } } } } });
    expect(html).toContain('New heading');
    expect(html).not.toContain('Old');
  });
});
