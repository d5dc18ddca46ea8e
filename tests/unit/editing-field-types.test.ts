import { describe, expect, it } from 'vitest';
import { editingFieldType } from '../../app/cms/editing-field-types.ts';
import { getComponentManifest } from '../../app/plugins/manifest.ts';

describe('the editing field types, from the component manifest (decision 0078)', () => {
  it('types a rendering field, a list item field and a page field as its manifest declares', () => {
    expect(getComponentManifest('AnchorTabs')!.fields.find((one) => one.name === 'tabs')!.type).toBe('list');
    expect(editingFieldType('AnchorTabs', ['title'])).toBe('single-line text');
    expect(editingFieldType('AnchorTabs', ['tabs', 'content'])).toBe('rich text');
    expect(editingFieldType('HeroBanner', ['image'])).toBe('image');
    expect(editingFieldType('HeroBanner', ['cta'])).toBe('general link');
    expect(editingFieldType(undefined, ['pageTitle'])).toBe('single-line text');
  });

  it('declares nothing for a field or rendering no manifest knows (the stand-in then says single-line text)', () => {
    expect(editingFieldType('AnchorTabs', ['nope'])).toBeUndefined();
    expect(editingFieldType('NoSuchRendering', ['title'])).toBeUndefined();
    expect(editingFieldType(undefined, ['nope'])).toBeUndefined();
  });
});
