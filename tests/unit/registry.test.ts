import { describe, expect, it } from 'vitest';
import { createRegistry } from '~/plugins/create-registry.ts';
import { registry } from '~/plugins/registry.ts';

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
