import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { routeFileSchema } from '@voltaris/content-files/content-schema';
import { newItemProps, toEditorData, toLayoutFields, toRouteFile } from '~/editor/puck-mapping.ts';
import { describeProblem, validatePage } from '~/editor/validate-page.ts';
import { getComponentManifest } from '~/plugins/manifest.ts';

// Between a page's content file and the page editor's data (issue 28), and what publishing checks.

const about = routeFileSchema.parse(parse(readFileSync('fixtures/content/routes/company/about/en.yaml', 'utf8')));
let counter = 0;
const newId = () => `id-${(counter += 1)}`;

describe('the page editor\'s data', () => {
  it('turns a content file into editor items and back without losing a field, a param or a content item', () => {
    const data = toEditorData(about, getComponentManifest, newId);
    expect(data.content.map((item) => item.type)).toEqual(['HeroBanner', 'RichText', 'Image', 'LinkList']);
    expect(data.content[0]!.props).toMatchObject({ dataSource: 'about-hero', 'param:imageSize': '600x600', heading: 'About Voltaris Components' });
    // A list's items are flat in the editor.
    expect((data.content[3]!.props.links as unknown[])[0]).toEqual({ link: { href: '/company/careers', text: 'Careers', linktype: 'internal' } });
    const back = toRouteFile(data, about, getComponentManifest);
    const strip = (route: typeof about) => ({ ...route, placeholders: { 'jss-main': route.placeholders['jss-main']!.map(({ uid: _uid, ...rest }) => rest) } });
    expect(strip(back)).toEqual(strip(about));
    expect(validatePage(back).problems).toEqual([]);
  });

  it('keeps a rendering\'s personalization variants, which the editor does not show, through an edit (decision 0106)', () => {
    const careers = routeFileSchema.parse(parse(readFileSync('fixtures/content/routes/company/careers/en.yaml', 'utf8')));
    // As the editor loads a page: every rendering with its uid.
    careers.placeholders['jss-main']!.forEach((rendering, index) => (rendering.uid = `uid-${index}`));
    const data = toEditorData(careers, getComponentManifest, newId);
    data.content[0]!.props.heading = 'Careers at Voltaris';
    const back = toRouteFile(data, careers, getComponentManifest);
    const hero = back.placeholders['jss-main']![0]!;
    expect(hero.fields?.heading).toBe('Careers at Voltaris');
    expect(hero.experiences).toEqual(careers.placeholders['jss-main']![0]!.experiences);
    expect(Object.keys(hero.experiences ?? {})).toEqual(['graduates']);
    expect(back.placeholders['jss-main']![1]!.experiences).toBeUndefined();
  });

  it('makes the nested placeholders a rendering declares (Columns) its slots, with their renderings as items, and back', () => {
    const page = routeFileSchema.parse({
      placeholders: {
        'jss-main': [
          {
            componentName: 'Columns',
            uid: 'columns-1',
            placeholders: {
              'column-1': [{ componentName: 'RichText', uid: 'left-1', dataSource: 'left', fields: { heading: 'Left', content: '<p>On the left</p>' } }],
              'column-legacy': [{ componentName: 'RichText', uid: 'kept-1', dataSource: 'kept', fields: { content: '<p>Not a slot</p>' } }],
            },
          },
        ],
      },
    });
    const data = toEditorData(page, getComponentManifest, newId);
    const columns = data.content[0]!;
    expect(columns.props['column-1']).toEqual([{ type: 'RichText', props: { id: 'left-1', dataSource: 'left', heading: 'Left', content: '<p>On the left</p>' } }]);
    expect(columns.props['column-2']).toEqual([]);
    expect(columns.props).not.toHaveProperty('column-legacy');
    expect(toRouteFile(data, page, getComponentManifest)).toEqual(page);
    // Moved into the second column on the canvas: the file follows; what is not a slot stays.
    columns.props['column-2'] = columns.props['column-1'];
    columns.props['column-1'] = [];
    const moved = toRouteFile(data, page, getComponentManifest).placeholders['jss-main']![0]!;
    expect(Object.keys(moved.placeholders ?? {}).sort()).toEqual(['column-2', 'column-legacy']);
    expect(moved.placeholders!['column-2']![0]).toMatchObject({ componentName: 'RichText', uid: 'left-1', fields: { heading: 'Left' } });
    expect(newItemProps(getComponentManifest('Columns')!, 'x')).toEqual({ 'column-1': [], 'column-2': [] });
  });

  it('refuses a rendering a column does not allow, naming the place', () => {
    const { problems } = validatePage({ placeholders: { 'jss-main': [{ componentName: 'Columns', placeholders: { 'column-1': [{ componentName: 'HeroBanner', dataSource: 'h', fields: { heading: 'Too big' } }] } }] } });
    expect(problems.map(describeProblem)).toEqual(['HeroBanner (jss-main #1 > column-1 #1) field "(placeholder)": placeholder "column-1" does not allow HeroBanner']);
  });

  it("keeps a rendering's nested placeholders, which the editor does not show yet, through an edit", () => {
    const nested = structuredClone(about);
    const hero = nested.placeholders['jss-main']![0]!;
    // The editor's page gives every rendering its uid (editor.server.ts) before the canvas sees it.
    hero.uid ??= 'about-hero-uid';
    hero.placeholders = { 'hero-aside': [{ componentName: 'RichText', uid: 'aside-1', dataSource: 'about-aside', fields: { text: '<p>Beside the banner</p>' } }] };
    const data = toEditorData(nested, getComponentManifest, newId);
    // The editor moves the banner below the rich text; its nested renderings go with it.
    data.content = [data.content[1]!, data.content[0]!, ...data.content.slice(2)];
    const back = toRouteFile(data, nested, getComponentManifest);
    expect(back.placeholders['jss-main']![1]!.componentName).toBe('HeroBanner');
    expect(back.placeholders['jss-main']![1]!.placeholders).toEqual(hero.placeholders);
    expect(back.placeholders['jss-main']![0]!.placeholders).toBeUndefined();
  });

  it('leaves empty values out of the file and keeps the page settings', () => {
    const data = toEditorData(about, getComponentManifest, newId);
    data.content[0]!.props.subheading = '';
    data.content[0]!.props.cta = { href: '', text: '' };
    data.root.props.pageTitle = 'About us';
    const back = toRouteFile(data, about, getComponentManifest);
    const hero = back.placeholders['jss-main']![0]!;
    expect(Object.keys(hero.fields ?? {})).toEqual(['heading', 'image']);
    expect((back.fields as Record<string, unknown>).pageTitle).toBe('About us');
  });

  it('gives a new rendering its example and a content item of its own', () => {
    expect(newItemProps(getComponentManifest('HeroBanner')!, 'abc')).toMatchObject({ dataSource: 'herobanner-abc', heading: 'Circuit protection for every design' });
    expect(newItemProps(getComponentManifest('SearchResults')!, 'abc')).toEqual({});
    // In the edited page's language.
    expect(newItemProps(getComponentManifest('HeroBanner')!, 'abc', 'de')).toMatchObject({ heading: 'Schaltungsschutz für jedes Design', image: { alt: 'Unser Werk' } });
    expect(newItemProps(getComponentManifest('LinkList')!, 'abc', 'ja-jp')).toMatchObject({ title: '会社情報', links: [{ link: { text: '採用情報' } }] });
  });

  it('gives each rendering dragged in a content item of its own, even when two start from the same defaults', () => {
    const data = toEditorData(about, getComponentManifest, newId);
    // The palette's defaults for a HeroBanner are the same for every one dragged in while the editor is open.
    const defaults = newItemProps(getComponentManifest('HeroBanner')!, 'abc');
    data.content.push({ type: 'HeroBanner', props: { ...defaults, id: 'HeroBanner-0f6c3a8e-1111-4d2b-9a77-5b1e2c3d4e5f' } }, { type: 'HeroBanner', props: { ...defaults, id: 'HeroBanner-7d2e9b10-2222-4c1a-8e55-a9b8c7d6e5f4' } });
    const back = toRouteFile(data, about, getComponentManifest);
    const sources = back.placeholders['jss-main']!.map((rendering) => rendering.dataSource);
    expect(new Set(sources).size).toBe(sources.length);
    // The first keeps its name; the page's own renderings keep theirs.
    expect(sources.slice(0, 5)).toEqual(['about-hero', ...about.placeholders['jss-main']!.slice(1).map((rendering) => rendering.dataSource), 'herobanner-abc']);
    expect(sources[5]).toMatch(/^herobanner-[0-9a-f]{8}$/);
    expect(validatePage(back).problems).toEqual([]);
  });

  it('hands renderings their fields as the layout service would ({value}, lists of items)', () => {
    expect(toLayoutFields(getComponentManifest('LinkList')!.fields, { title: 'T', links: [{ link: { href: '/a' } }] })).toEqual({
      title: { value: 'T' },
      links: [{ id: 'links-0', name: 'links-0', fields: { link: { value: { href: '/a' } } } }],
    });
  });
});

describe('publishing checks', () => {
  it('names the component, its place and the field of each problem', () => {
    const { problems } = validatePage({ placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'h', fields: { heading: '' } }, { componentName: 'Header', dataSource: 'x' }, { componentName: 'EnquiryForm', dataSource: 'e', fields: { kind: 'ask-an-expert' }, params: { headingLevel: '3' } }] } });
    expect(problems.map(describeProblem)).toEqual([
      'HeroBanner (jss-main #1) field "heading": Heading is required',
      'Header (jss-main #2) field "(placeholder)": placeholder "jss-main" does not allow Header',
      'EnquiryForm (jss-main #3) field "params.headingLevel": "3" is not one of 1, 2',
    ]);
  });

  it('refuses what is not a page at all, and a component no plugin provides', () => {
    expect(validatePage({ placeholders: 'x' }).problems[0]).toMatchObject({ component: 'page' });
    expect(validatePage({ placeholders: { 'jss-main': [{ componentName: 'Carousel' }] } }).problems[0]).toMatchObject({ component: 'Carousel', message: 'no plugin provides this component' });
  });
});

describe('the canvas draws what the file holds', () => {
  // Puck draws an item with its component's defaultProps under its props (`{...defaultProps, ...props}`):
  // a field the file leaves out must be there, empty, or the canvas shows the palette's example
  // text and image that visitors never see (the audit of 28 Nov).
  it('gives every field of the manifest to an item, so the palette\'s example does not fill the gaps', () => {
    const page = routeFileSchema.parse({
      placeholders: { 'jss-main': [{ componentName: 'HeroBanner', uid: 'hero-1', dataSource: 'hero', fields: { heading: 'New page' } }, { componentName: 'LinkList', uid: 'links-1', dataSource: 'links', fields: { title: 'Links' } }] },
    });
    const data = toEditorData(page, getComponentManifest, newId);
    for (const item of data.content) {
      const manifest = getComponentManifest(item.type)!;
      const drawn = { ...newItemProps(manifest, 'abcd1234', 'en'), ...item.props };
      const shown = Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0)));
      expect(shown).toEqual(Object.fromEntries(Object.entries(item.props).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))));
    }
    expect(data.content[0]!.props).toHaveProperty('subheading', undefined);
    expect(data.content[0]!.props).toHaveProperty('image', undefined);
    expect(data.content[1]!.props.links).toEqual([]);
    // And back: nothing the editor did not give is written.
    expect(toRouteFile(data, page, getComponentManifest).placeholders['jss-main']!.map((rendering) => rendering.fields)).toEqual([{ heading: 'New page' }, { title: 'Links' }]);
  });

  it('leaves a rendering that needs a content item without one, as its file does', () => {
    const page = routeFileSchema.parse({ placeholders: { 'jss-main': [{ componentName: 'RichText', uid: 'text-1' }] } });
    const item = toEditorData(page, getComponentManifest, newId).content[0]!;
    expect({ ...newItemProps(getComponentManifest('RichText')!, 'abcd1234', 'en'), ...item.props }.dataSource).toBeUndefined();
  });
});
