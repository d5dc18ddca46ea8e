import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENQUIRY_KIND_NAMES } from '~/plugins/forms/enquiries.ts';
import { ENQUIRY_KIND_OPTIONS } from '~/plugins/forms/manifest.ts';
import { exampleIn } from '~/plugins/manifest-types.ts';
import { checkRenderingFields, FIELD_TYPES, getComponentManifest, listComponentManifests, pagePlaceholders, richTextPaths } from '~/plugins/manifest.ts';

// The component manifest (decision 0073): one description of each rendering that the server, the
// CLI, the page editor and the editing host read without loading React.

/** Every module app/plugins/manifest.ts reaches through its imports (type-only imports included). */
function reachable(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(/^(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
    if (specifier!.startsWith('~/')) reachable(path.resolve('app', specifier!.slice(2)), into);
    else if (specifier!.startsWith('.')) reachable(path.resolve(path.dirname(file), specifier!), into);
    else into.add(specifier!);
  }
  return into;
}

describe('the component manifests', () => {
  it('are free of React: no component module, no React package is reachable from them', () => {
    const modules = [...reachable(path.resolve('app/plugins/manifest.ts'))];
    expect(modules.filter((module) => module.endsWith('.tsx') || /^(react|react-dom|@remix-run\/react)(\/|$)/.test(module))).toEqual([]);
    expect(modules.filter((module) => !module.startsWith('/'))).toEqual([]);
  });

  it('describe every rendering with a label, a module and typed fields', () => {
    const manifests = listComponentManifests();
    expect(manifests.length).toBe(30);
    for (const manifest of manifests) {
      expect(manifest.label, manifest.name).not.toBe('');
      expect(manifest.module, manifest.name).toMatch(new RegExp(`^${manifest.plugin}/[A-Za-z]+\\.tsx$`));
      const types = (fields: typeof manifest.fields): string[] => fields.flatMap((one) => [one.type, ...types(one.item ?? [])]);
      for (const type of types(manifest.fields)) expect(FIELD_TYPES).toContain(type);
      // A rendering without a datasource has no content item to take fields from.
      if (manifest.datasource === 'none') expect(manifest.fields, manifest.name).toEqual([]);
      // Its example is valid content for it.
      if (manifest.example) expect(checkRenderingFields(manifest, manifest.example, { requireValues: true }), manifest.name).toEqual([]);
    }
    expect(getComponentManifest('NoSuchComponent')).toBeUndefined();
  });

  it('give each example in the four languages: valid content, every text translated', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(texts) : value && typeof value === 'object' ? Object.entries(value).flatMap(([key, one]) => (['src', 'href', 'anchorId', 'linktype', 'kind'].includes(key) ? [] : texts(one))) : [];
    const withExamples = listComponentManifests().filter((manifest) => manifest.example);
    expect(withExamples.length).toBe(19);
    for (const manifest of withExamples) {
      const english = new Set(texts(manifest.example));
      for (const language of ['de', 'ja-jp', 'zh'] as const) {
        const example = exampleIn(manifest, language)!;
        expect(checkRenderingFields(manifest, example, { requireValues: true }), `${manifest.name} ${language}`).toEqual([]);
        // No English left: each text of the example is the language's own.
        expect(texts(example).filter((text) => english.has(text)), `${manifest.name} ${language}`).toEqual([]);
      }
      expect(exampleIn(manifest, 'en')).toBe(manifest.example);
    }
  });

  it('offer the kinds of enquiry form the forms plugin knows', () => {
    expect([...ENQUIRY_KIND_OPTIONS].sort()).toEqual([...ENQUIRY_KIND_NAMES].sort());
  });

  it('name the rich-text fields the server sanitizes, in lists too', () => {
    expect(richTextPaths(getComponentManifest('AnchorTabs')!.fields)).toEqual(['tabs[].content']);
    expect(richTextPaths(getComponentManifest('RichText')!.fields)).toEqual(['content']);
    expect(richTextPaths(getComponentManifest('HeroBanner')!.fields)).toEqual([]);
  });

  it('say which renderings each page placeholder allows', () => {
    const main = pagePlaceholders().find((placeholder) => placeholder.name === 'jss-main')!;
    expect(main.allowed).toContain('HeroBanner');
    expect(main.allowed).toContain('LinkList');
    expect(main.allowed).not.toContain('Header');
    expect(pagePlaceholders().find((placeholder) => placeholder.name === 'jss-header')!.allowed).toEqual(['Header']);
  });
});

describe('checking fields against a manifest', () => {
  const hero = getComponentManifest('HeroBanner')!;
  const links = getComponentManifest('LinkList')!;
  const enquiry = getComponentManifest('EnquiryForm')!;

  it('passes content files\' shorthand and the layout service\'s {value} alike', () => {
    expect(checkRenderingFields(hero, { heading: 'About us', image: { src: '/media/a.svg', alt: '' }, cta: { href: '/x', text: 'X', linktype: 'internal' } })).toEqual([]);
    expect(checkRenderingFields(hero, { heading: { value: 'About us' }, image: { value: { src: '/media/a.svg' } } })).toEqual([]);
    expect(checkRenderingFields(links, { links: [{ fields: { link: { value: { href: 'https://example.com', linktype: 'external' } } } }] })).toEqual([]);
  });

  it('names the component and the field of each value of the wrong type', () => {
    expect(checkRenderingFields(hero, { heading: 12, subheading: ['a'], image: 'a.svg', cta: 'x' })).toEqual([
      { component: 'HeroBanner', field: 'subheading', message: 'expected single-line text, found a list' },
      { component: 'HeroBanner', field: 'image', message: 'expected an image {src, alt}, found text "a.svg"' },
      { component: 'HeroBanner', field: 'cta', message: 'expected a link {href, text}, found text "x"' },
    ]);
    expect(checkRenderingFields(hero, { heading: 'two\nlines' })[0]).toMatchObject({ field: 'heading', message: 'expected single-line text, found a line break' });
    expect(checkRenderingFields(links, { links: [{ fields: { link: { href: '/a' } } }, { fields: { link: 42 } }] })).toEqual([{ component: 'LinkList', field: 'links[1].link', message: 'expected a link {href, text}, found number 42' }]);
  });

  it('refuses a field the component does not have, and a choice it does not offer', () => {
    expect(checkRenderingFields(hero, { headline: 'x' })[0]).toMatchObject({ field: 'headline', message: expect.stringContaining('not a field of HeroBanner') });
    expect(checkRenderingFields(enquiry, { kind: 'complaint' })[0]).toMatchObject({ field: 'kind', message: expect.stringContaining('"complaint" is not one of supplier-notification') });
  });

  it('asks for required values only when told (publishing), not of every file (a draft)', () => {
    expect(checkRenderingFields(hero, {})).toEqual([]);
    expect(checkRenderingFields(hero, { heading: '' }, { requireValues: true })).toEqual([{ component: 'HeroBanner', field: 'heading', message: 'Heading is required' }]);
  });

  it('knows numbers, dates and checkboxes', () => {
    const manifest = { ...hero, fields: [{ name: 'count', type: 'number', label: 'Count' }, { name: 'on', type: 'date', label: 'On' }, { name: 'shown', type: 'checkbox', label: 'Shown' }] } as const;
    expect(checkRenderingFields(manifest, { count: 3, on: '2026-03-01', shown: true })).toEqual([]);
    expect(checkRenderingFields(manifest, { on: '20260301T000000Z' })).toEqual([]);
    expect(checkRenderingFields(manifest, { count: '3', on: '1 March', shown: 'yes' }).map((problem) => problem.field)).toEqual(['count', 'on', 'shown']);
    expect(checkRenderingFields(manifest, { on: '2026-13-45' }).map((problem) => problem.field)).toEqual(['on']);
  });
});
