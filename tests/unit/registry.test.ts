import { describe, expect, it } from 'vitest';
import { createRegistry, definitionsFromModules } from '~/plugins/create-registry.ts';
import { definePlugin, field } from '~/plugins/manifest-types.ts';
import { listComponentManifests, PLUGIN_MANIFESTS } from '~/plugins/manifest.ts';
import { EVERY_PAGE_RENDERINGS } from '~/plugins/site-chrome/every-page.ts';
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
    const hero = { name: 'Hero', label: 'Hero', description: '', module: 'x/Hero.tsx' };
    expect(() => createRegistry([definePlugin('a', [hero]), definePlugin('b', [hero])], [{ name: 'Hero', Component: Stub }])).toThrow(/registered twice/);
  });

  it('is derived from the manifests: one rendering for each, none without one', () => {
    expect(registry.componentNames()).toEqual(listComponentManifests().map((manifest) => manifest.name).sort());
    expect(registry.plugins).toBe(PLUGIN_MANIFESTS);
    const hero = [definePlugin('a', [{ name: 'Hero', label: 'Hero', description: '', module: 'a/Hero.tsx' }])];
    expect(() => createRegistry(hero, [])).toThrow(/"Hero" has a manifest but no rendering exports it/);
    expect(() => createRegistry(hero, [{ name: 'Hero', Component: Stub }, { name: 'Stray', Component: Stub }])).toThrow(/"Stray" has no manifest/);
    expect(() => definitionsFromModules(hero, { './a/Other.tsx': { hero: { name: 'Hero', Component: Stub } } })).toThrow(/exports rendering "Hero", whose manifest names module a\/Hero.tsx[\s\S]*does not exist/);
    expect(() => definitionsFromModules(hero, { './a/Hero.tsx': { hero: { name: 'Hero', Component: Stub }, stray: { name: 'Stray', Component: Stub } } })).toThrow(/exports rendering "Stray", which no plugin manifest lists/);
  });

  it('gives the browser the site chrome\'s renderings from the first load, as the manifest lists them', () => {
    expect(EVERY_PAGE_RENDERINGS.map((definition) => definition.name).sort()).toEqual(listComponentManifests().filter((manifest) => manifest.plugin === 'site-chrome').map((manifest) => manifest.name).sort());
    for (const definition of EVERY_PAGE_RENDERINGS) expect(registry.getComponent(definition.name)).toBe(definition);
  });

  it('declares the rich-text fields it sanitizes', () => {
    expect(registry.getManifest('AnchorTabs')?.fields.find((one) => one.name === 'tabs')?.item?.find((one) => one.name === 'content')?.type).toBe('richText');
    expect(registry.getManifest('RichText')?.fields.find((one) => one.name === 'content')?.type).toBe('richText');
  });
});

describe('the server halves of the plugins', () => {
  const load = () => Promise.resolve(null);
  const components = createRegistry(
    [
      definePlugin('parts', [
        { name: 'PartTable', label: 'Parts', description: '', module: 'parts/PartTable.tsx', fields: [field.text('title', 'Title')], server: true },
        { name: 'PartNote', label: 'Note', description: '', module: 'parts/PartNote.tsx' },
      ]),
    ],
    [
      { name: 'PartTable', Component: Stub },
      { name: 'PartNote', Component: Stub },
    ],
  );

  it('join the site: every rendering a plugin says has a server half has exactly that, keyed by componentName', () => {
    expect(serverRegistry.loader('Catalogue')).toBeTypeOf('function');
    expect(serverRegistry.cache('Catalogue')).toEqual({ shared: 'catalogue' });
    expect(serverRegistry.cache('ContactUs')).toBe('personal');
    expect(serverRegistry.action('CheckStock')).toBeTypeOf('function');
    expect(serverRegistry.loader('CheckStock')).toBeUndefined();
    expect(serverRegistry.loader('RichText')).toBeUndefined();
    const declared = listComponentManifests().filter((manifest) => manifest.server).map((manifest) => manifest.name).sort();
    for (const manifest of listComponentManifests()) if (manifest.server) expect(manifest.server).toBe(`${manifest.plugin}/renderings.server.ts`);
    expect(siteServerPlugins.flatMap((plugin) => Object.keys(plugin.renderings)).sort()).toEqual(declared);
  });

  it('refuse a loader for a rendering with no component', () => {
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: { PartTable: { load, cache: 'personal' }, PartChart: { load, cache: 'personal' } } }])).toThrow(
      /plugin "parts": rendering "PartChart" has a server declaration but no manifest/,
    );
  });

  it('refuse a component its plugin says has a server half when none is declared, or no server file at all', () => {
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: {} }])).toThrow(/rendering "PartTable" has a server half in its manifest but renderings.server.ts declares nothing for it/);
    expect(() => createServerRegistry(components, [])).toThrow(/plugin "parts": PartTable have a server half in the manifest but no renderings.server.ts is registered/);
  });

  it('refuse a server half the plugin does not name, or of a plugin that is not registered', () => {
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: { PartTable: { load, cache: 'personal' }, PartNote: { load, cache: 'personal' } } }])).toThrow(
      /rendering "PartNote" has a server declaration its manifest does not point to/,
    );
    expect(() => createServerRegistry(components, [{ plugin: 'parts', renderings: { PartTable: { load, cache: 'personal' } } }, { plugin: 'stock', renderings: {} }])).toThrow(
      /server renderings of plugin "stock": no plugin of that name is registered/,
    );
  });

  it('are found only in their own plugin folder', () => {
    expect(() => serverPluginsOf({ './forms/renderings.server.ts': { partsRenderings: { plugin: 'parts', renderings: {} } } })).toThrow(/declares plugin "parts" but lies in the folder of plugin "forms"/);
    expect(() => serverPluginsOf({ './parts/renderings.server.ts': { helper: 1 } })).toThrow(/must export exactly one server plugin declaration/);
  });
});
