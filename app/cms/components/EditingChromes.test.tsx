import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EditingProvider, type EditingState } from '../editing.ts';
import { EditingScripts, FieldChrome, FieldText, HiddenRendering, MissingComponent, PlaceholderChrome, RenderingChrome } from './EditingChromes.tsx';

/**
 * The metadata-mode markup against @sitecore-jss/sitecore-jss-react 22's own expectations: the
 * strings below are those of its tests (packages/sitecore-jss-react/src/components/
 * PlaceholderMetadata.test.tsx, FieldMetadata.test.tsx, Text.test.tsx, HiddenRendering.tsx,
 * MissingComponent.tsx, EditingScripts.test.tsx in Sitecore/jss), which needs React 19 to run here.
 */
const EDIT: EditingState = { mode: 'edit', chromes: true, updates: {} };
const edit = (node: ReactNode) => renderToStaticMarkup(<EditingProvider value={EDIT}>{node}</EditingProvider>);

const testMetadata = {
  contextItem: { id: '{09A07660-6834-476C-B93B-584248D3003B}', language: 'en', revision: 'a0b36ce0a7db49418edf90eb9621e145', version: 1 },
  fieldId: '{414061F4-FBB1-4591-BC37-BFFA67F745EB}',
  fieldType: 'date',
  rawValue: 'Test1',
};

describe('metadata-mode chromes, as sitecore-jss-react emits them', () => {
  it('wraps a rendering and a placeholder (PlaceholderMetadata)', () => {
    expect(edit(<RenderingChrome uid="123"><div className="richtext-class"></div></RenderingChrome>)).toBe(
      ['<code type="text/sitecore" chrometype="rendering" class="scpm" kind="open" id="123"></code>', '<div class="richtext-class"></div>', '<code type="text/sitecore" chrometype="rendering" class="scpm" kind="close"></code>'].join(''),
    );
    expect(edit(<PlaceholderChrome name="main" ownerUid="123"><div className="richtext-mock"></div></PlaceholderChrome>)).toBe(
      ['<code type="text/sitecore" chrometype="placeholder" class="scpm" kind="open" id="main_123"></code>', '<div class="richtext-mock"></div>', '<code type="text/sitecore" chrometype="placeholder" class="scpm" kind="close"></code>'].join(''),
    );
    expect(edit(<PlaceholderChrome name="main"><div className="richtext-mock"></div></PlaceholderChrome>)).toContain('id="main_00000000-0000-0000-0000-000000000000"');
  });

  it('wraps a field with its metadata (FieldMetadata), and shows an empty one as [No text in field]', () => {
    expect(edit(<FieldChrome field={{ value: 'x', metadata: testMetadata }}><h2>foo</h2></FieldChrome>)).toBe(
      [`<code type="text/sitecore" chrometype="field" class="scpm" kind="open">${JSON.stringify(testMetadata).replace(/"/g, '&quot;')}</code>`, '<h2>foo</h2>', '<code type="text/sitecore" chrometype="field" class="scpm" kind="close"></code>'].join(''),
    );
    expect(edit(<FieldText field={{ value: '', metadata: testMetadata }} />)).toContain('</code><span>[No text in field]</span><code type="text/sitecore" chrometype="field" class="scpm" kind="close"></code>');
    expect(edit(<FieldChrome field={{ value: { src: '' }, metadata: testMetadata }} empty="image"><img alt="" /></FieldChrome>)).toContain('class="scEmptyImage"');
  });

  it('renders nothing extra outside edit mode or for a field without metadata (the public page keeps its bytes)', () => {
    expect(renderToStaticMarkup(<FieldText field={{ value: 'Heading', metadata: testMetadata }} />)).toBe('Heading');
    expect(renderToStaticMarkup(<FieldText field={{ value: '' , metadata: testMetadata }} />)).toBe('');
    expect(edit(<FieldText field={{ value: 'Heading' }} />)).toBe('Heading');
    expect(renderToStaticMarkup(<EditingProvider value={{ ...EDIT, mode: 'preview', chromes: false }}><FieldText field={{ value: 'Heading', metadata: testMetadata }} /></EditingProvider>)).toBe('Heading');
  });

  it('draws the page editor\'s in-place editor of a text field where it hands one over (PuckEditor.tsx), the text otherwise', () => {
    const inPlace = <span className="inline-editor">Heading</span>;
    expect(renderToStaticMarkup(<FieldText field={{ value: 'Heading', inPlaceEditor: inPlace }} />)).toBe('<span class="inline-editor">Heading</span>');
    expect(renderToStaticMarkup(<FieldText field={{ value: 'Heading' }} format={(text) => text.toUpperCase()} />)).toBe('HEADING');
  });

  it('shows a hidden variant, an unknown component, and Pages scripts and data (HiddenRendering, MissingComponent, EditingScripts)', () => {
    expect(edit(<HiddenRendering />)).toContain('>The component is hidden</div>');
    expect(edit(<MissingComponent componentName="Foo" />)).toContain('<h2>Foo</h2><p>JSS component is missing React implementation. See the developer console for more information.</p>');
    expect(edit(<EditingScripts clientScripts={['https://pages.example/horizon.js']} clientData={{ 'hrz-canvas-state': { itemId: 'x' } }} />)).toBe(
      '<script src="https://pages.example/horizon.js"></script><script id="hrz-canvas-state" type="application/json">{"itemId":"x"}</script><script id="jss-hrz-editing" type="application/json">{}</script>',
    );
  });
});
