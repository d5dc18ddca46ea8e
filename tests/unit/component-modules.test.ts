import { describe, expect, it } from 'vitest';
import { COMPONENT_MODULES, componentModule, renderingNames } from '~/plugins/component-modules.ts';
import { registry } from '~/plugins/registry.ts';
import type { ComponentDefinition } from '~/plugins/types.ts';

// The browser fetches each rendering's module when a page has it (decision 0059): the list it
// goes by must name every component the plugins register, in the module that defines it.
const modules = import.meta.glob<Record<string, unknown>>('../../app/plugins/*/*.tsx');

describe('the browser registry', () => {
  it('knows the module of every component but the header and footer, which every page loads', () => {
    const onDemand = registry.componentNames().filter((name) => componentModule(name));
    expect(registry.componentNames().filter((name) => !componentModule(name)).sort()).toEqual(['Footer', 'Header']);
    expect(Object.values(COMPONENT_MODULES).flat().sort()).toEqual(onDemand);
  });

  it('finds each component in the module named for it, as the registry has it', async () => {
    for (const [module, names] of Object.entries(COMPONENT_MODULES)) {
      const load = modules[`../../app/plugins/${module}`];
      expect(load, module).toBeDefined();
      const exported = Object.values(await load!()).filter((value): value is ComponentDefinition => typeof value === 'object' && value !== null && 'Component' in value);
      for (const name of names) expect(exported.find((definition) => definition.name === name), `${name} in ${module}`).toBe(registry.getComponent(name));
    }
  });

  it('reads the rendering names of nested placeholders', () => {
    const names = renderingNames({ 'jss-main': [{ componentName: 'AnchorTabs', placeholders: { tabs: [{ componentName: 'RichText' }] } }, { uid: 'x' }], 'jss-header': [{ componentName: 'Header' }] });
    expect([...names].sort()).toEqual(['AnchorTabs', 'Header', 'RichText']);
  });
});
