import { describe, expect, it } from 'vitest';
import { renderingNames } from '~/plugins/component-modules.ts';
import { componentModule, pageRenderingModules, RENDERING_MODULES } from '~/plugins/component-modules.server.ts';
import { registry } from '~/plugins/registry.ts';
import type { ComponentDefinition } from '~/plugins/types.ts';

// The browser fetches each rendering's module when a page has it (decision 0059); the server finds
// the modules itself, so a plugin's folder and its registry line are all a new rendering needs.
const modules = import.meta.glob<Record<string, unknown>>('../../app/plugins/*/*.tsx');

describe('where the browser finds each rendering', () => {
  it('knows the module of every component but the header and footer, which every page loads', () => {
    expect(registry.componentNames().filter((name) => !componentModule(name)).sort()).toEqual(['Footer', 'Header']);
    expect(Object.keys(RENDERING_MODULES).sort()).toEqual(registry.componentNames().filter((name) => name !== 'Footer' && name !== 'Header'));
  });

  it('names the module that exports each component, as the registry has it', async () => {
    for (const [name, module] of Object.entries(RENDERING_MODULES)) {
      const load = modules[`../../app/plugins/${module}`];
      expect(load, module).toBeDefined();
      const exported = Object.values(await load!()).filter((value): value is ComponentDefinition => typeof value === 'object' && value !== null && 'Component' in value);
      expect(exported.find((definition) => definition.name === name), `${name} in ${module}`).toBe(registry.getComponent(name));
    }
  });

  it('sends a page the modules of its own renderings only', () => {
    const placeholders = { 'jss-header': [{ componentName: 'Header' }], 'jss-main': [{ componentName: 'AnchorTabs', placeholders: { tabs: [{ componentName: 'RichText' }] } }, { componentName: 'NoSuchRendering' }] };
    expect(pageRenderingModules(placeholders)).toEqual({ AnchorTabs: 'content/AnchorTabs.tsx', RichText: 'content/RichText.tsx' });
  });

  it('reads the rendering names of nested placeholders', () => {
    const names = renderingNames({ 'jss-main': [{ componentName: 'AnchorTabs', placeholders: { tabs: [{ componentName: 'RichText' }] } }, { uid: 'x' }], 'jss-header': [{ componentName: 'Header' }] });
    expect([...names].sort()).toEqual(['AnchorTabs', 'Header', 'RichText']);
  });
});
