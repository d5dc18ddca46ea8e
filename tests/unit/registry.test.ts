import { describe, expect, it } from 'vitest';
import { createRegistry } from '~/plugins/create-registry.ts';
import { registry } from '~/plugins/registry.ts';
import { serverPluginsOf, serverRegistry, siteServerPlugins } from '~/plugins/registry.server.ts';
import { createServerRegistry } from '~/plugins/server-registry.server.ts';

const Stub = () => null;

describe('plugin registry', () => {
  it('provides the named content components of REQ-CMS-2 and the site chrome', () => {
    for (const name of ['HeroBanner', 'AnchorTabs', 'ResourceLibrary', 'ApplicationGuide', 'RichText', 'Image', 'LinkList', 'Header', 'Footer']) {
      expect(registry.getComponent(name)?.name).toBe(name);
    }
  });

  it('answers undefined for a name no plugin provides', () => {
    expect(registry.getComponent('NoSuchComponent')).toBeUndefined();
  });

  it('refuses two plugins registering the same component name', () => {
    expect(() =>
      createRegistry([
        { name: 'a', components: [{ name: 'Hero', Component: Stub }] },
        { name: 'b', components: [{ name: 'Hero', Component: Stub }] },
      ]),
    ).toThrow(/registered twice/);
  });

  it('declares the rich-text fields it sanitizes', () => {
    expect(registry.getComponent('AnchorTabs')?.richTextFields).toContain('tabs[].content');
    expect(registry.getComponent('RichText')?.richTextFields).toContain('content');
  });
});

describe('the server halves of the plugins', () => {
  const load = () => Promise.resolve(null);
  const components = createRegistry([
    { name: 'parts', components: [{ name: 'PartTable', Component: Stub }, { name: 'PartNote', Component: Stub }], serverRenderings: ['PartTable'] },
  ]);

  it('join the site: every rendering a plugin says has a server half has exactly that, keyed by componentName', () => {
    expect(serverRegistry.loader('Catalogue')).toBeTypeOf('function');
    expect(serverRegistry.cache('Catalogue')).toEqual({ shared: 'catalogue' });
    expect(serverRegistry.cache('ContactUs')).toBe('personal');
    expect(serverRegistry.action('CheckStock')).toBeTypeOf('function');
    expect(serverRegistry.loader('CheckStock')).toBeUndefined();
    expect(serverRegistry.loader('RichText')).toBeUndefined();
    const declared = registry.plugins.flatMap((plugin) => plugin.serverRenderings ?? []).sort();
    expect(siteServerPlugins.flatMap((plugin) => Object.keys(plugin.renderings)).sort()).toEqual(declared);
  });

  it('refuse a loader for a rendering with no component', () => {
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: { PartTable: { load, cache: 'personal' }, PartChart: { load, cache: 'personal' } } }])).toThrow(
      /plugin "parts": rendering "PartChart" has a server declaration but no component/,
    );
  });

  it('refuse a component its plugin says has a server half when none is declared, or no server file at all', () => {
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: {} }])).toThrow(/rendering "PartTable" is named in serverRenderings but renderings.server.ts declares nothing for it/);
    expect(() => createServerRegistry(components, [])).toThrow(/plugin "parts": serverRenderings PartTable but no renderings.server.ts is registered/);
  });

  it('refuse a server half the plugin does not name, or of a plugin that is not registered', () => {
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: { PartTable: { load, cache: 'personal' }, PartNote: { load, cache: 'personal' } } }])).toThrow(
      /rendering "PartNote" has a server declaration its index.ts does not name/,
    );
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: { PartTable: { load, cache: 'personal' } } }, { plugin: 'stock', renderings: {} }])).toThrow(
      /server renderings of plugin "stock": no plugin of that name is registered/,
    );
  });

  it('are found only in their own plugin folder', () => {
    expect(() => serverPluginsOf({ './forms/renderings.server.ts': { partsRenderings: { plugin: 'parts', renderings: {} } } })).toThrow(/declares plugin "parts" but lies in the folder of plugin "forms"/);
    expect(() => serverPluginsOf({ './parts/renderings.server.ts': { helper: 1 } })).toThrow(/must export exactly one server plugin declaration/);
  });

  it('a plugin cannot name a server rendering it has no component for', () => {
    expect(() => createRegistry([{ name: 'parts', components: [], serverRenderings: ['PartTable'] }])).toThrow(/names "PartTable" in serverRenderings but has no component/);
  });
});
