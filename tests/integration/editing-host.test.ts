import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GraphQLRequestClient as GraphQLRequestClientClass } from '@sitecore-jss/sitecore-jss/graphql';
import type { GraphQLEditingService as GraphQLEditingServiceClass } from '@sitecore-jss/sitecore-jss/editing';
import type { ComponentRendering, RouteData } from '@sitecore-jss/sitecore-jss/layout';
import { afterAll, describe, expect, it } from 'vitest';
import { getComponentManifest, listComponentManifests, type FieldManifest } from '../../app/plugins/manifest.ts';
import { CookieClient, signIn } from '../support/browserless.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';

// JSS's subpaths are CommonJS without an exports map: the real client, as Pages' hosts use it.
const require = createRequire(import.meta.url);
const { GraphQLEditingService } = require('@sitecore-jss/sitecore-jss/editing') as { GraphQLEditingService: typeof GraphQLEditingServiceClass };
const { GraphQLRequestClient } = require('@sitecore-jss/sitecore-jss/graphql') as { GraphQLRequestClient: typeof GraphQLRequestClientClass };

/**
 * Issue 32: the site as Sitecore Pages' editing host, every endpoint rule from the outside, over
 * HTTP on 127.0.0.1. The content is a copy of the fixtures, so the suite can write drafts.
 */
const contentDir = mkdtempSync(path.join(tmpdir(), 'editing-host-content-'));
cpSync('fixtures/content', contentDir, { recursive: true });
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));
// A published page with personalization (Sitecore's experiences): a page variant that changes the
// hero, one that hides it, and a component variant of the text.
mkdirSync(path.join(contentDir, 'routes', 'company', 'personalized'), { recursive: true });
writeFileSync(
  path.join(contentDir, 'routes', 'company', 'personalized', 'en.yaml'),
  [
    'displayName: Personalized',
    'placeholders:',
    '  jss-main:',
    '    - componentName: HeroBanner',
    '      dataSource: personalized-hero',
    '      fields:',
    '        heading: Heading for everyone',
    '      experiences:',
    '        returningcustomer:',
    '          componentName: HeroBanner',
    '          dataSource: personalized-hero-returning',
    '          fields:',
    '            heading: Welcome back, returning customer',
    '        newvisitor:',
    '          hidden: true',
    '    - componentName: RichText',
    '      dataSource: personalized-text',
    '      fields:',
    '        content: <p>Text for everyone</p>',
    '      experiences:',
    '        personalizedtext_b:',
    '          componentName: RichText',
    '          dataSource: personalized-text-b',
    '          fields:',
    '            content: <p>Text of variant B</p>',
    '',
  ].join('\n'),
);

const SECRET = 'local-editing-secret';
const PAGES = 'https://pages.sitecorecloud.io';
const EXTRA_ORIGIN = 'http://127.0.0.1:4299';
const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '2000', CONTENT_DIR: contentDir, JSS_ALLOWED_ORIGINS: `${EXTRA_ORIGIN}, https://*.xmc-pages.example` }, { dataDir: 'editing-host' });

function renderUrl(params: Record<string, string>): string {
  return `${site.url}/api/editing/render?${new URLSearchParams({ secret: SECRET, sc_site: 'website', sc_lang: 'en', route: '/', mode: 'edit', ...params })}`;
}
const render = (params: Record<string, string>, headers: Record<string, string> = { origin: PAGES }) => fetch(renderUrl(params), { headers });
const openChromes = (html: string, type: string) => [...html.matchAll(new RegExp(`<code type="text/sitecore" chrometype="${type}" class="scpm" kind="open"`, 'g'))].length;
const headingOf = (html: string) => /<h1>(?:<code[^>]*kind="open">[^<]*<\/code>)?([^<]*)/.exec(html)?.[1];

function writeDraft(itemPath: string, language: string, yaml: string) {
  const dir = path.join(contentDir, 'drafts', 'routes', ...itemPath.split('/').filter(Boolean));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${language}.yaml`), yaml);
}

describe.runIf(built)('the editing config endpoint', () => {
  it('lists exactly the component manifests\' renderings, in metadata mode, with the JSS packages', async () => {
    const response = await fetch(`${site.url}/api/editing/config?secret=${SECRET}`, { headers: { origin: PAGES } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { components: string[]; packages: Record<string, string>; editMode: string };
    expect(body.editMode).toBe('metadata');
    expect(body.components).toEqual(listComponentManifests().map((component) => component.name));
    expect(body.components).toContain('AnchorTabs');
    expect(body.packages['@sitecore-jss/sitecore-jss']).toMatch(/^22\./);
    expect(response.headers.get('access-control-allow-origin')).toBe(PAGES);
  });

  it('is 401 without the secret or with a wrong one, and 403 from a foreign origin', async () => {
    expect((await fetch(`${site.url}/api/editing/config`, { headers: { origin: PAGES } })).status).toBe(401);
    expect((await fetch(`${site.url}/api/editing/config?secret=${SECRET}x`, { headers: { origin: PAGES } })).status).toBe(401);
    const foreign = await fetch(`${site.url}/api/editing/config?secret=${SECRET}`, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toMatch(/origin https:\/\/evil\.example/);
  });

  it('takes the origins of JSS_ALLOWED_ORIGINS, wildcards included', async () => {
    for (const origin of [EXTRA_ORIGIN, 'https://tenant-1.xmc-pages.example']) {
      const response = await fetch(`${site.url}/api/editing/config?secret=${SECRET}`, { headers: { origin } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    }
    expect((await fetch(`${site.url}/api/editing/config?secret=${SECRET}`, { headers: { origin: 'https://xmc-pages.example.evil.example' } })).status).toBe(403);
  });
});

describe.runIf(built)('the editing render endpoint refuses', () => {
  it('missing parameters with a 400 naming each of them', async () => {
    const response = await fetch(`${site.url}/api/editing/render?secret=${SECRET}&mode=edit`, { headers: { origin: PAGES } });
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('Missing required query parameters: sc_lang, sc_site, route');
    const library = await fetch(`${site.url}/api/editing/render?secret=${SECRET}&mode=library&sc_lang=en&sc_site=website`, { headers: { origin: PAGES } });
    expect(await library.text()).toBe('Missing required query parameters: sc_itemid, sc_uid');
  });

  it('bad values with a 400 naming the parameter', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ mode: 'design' }, /mode must be edit, preview or library/],
      [{ sc_lang: 'fr' }, /sc_lang "fr" is not a language of this site \(en, de, ja-JP, zh-CN\)/],
      [{ sc_site: 'other' }, /sc_site "other" is not this site/],
      [{ route: 'company' }, /route must be a path starting with \//],
      [{ sc_version: 'latest' }, /sc_version/],
      [{ sc_layoutKind: 'partial' }, /sc_layoutKind/],
    ];
    for (const [params, message] of cases) {
      const response = await render(params);
      expect(response.status, JSON.stringify(params)).toBe(400);
      expect(await response.text()).toMatch(message);
    }
  });

  it('a wrong or missing secret with 401, and a foreign origin with 403', async () => {
    expect((await render({ secret: 'wrong' })).status).toBe(401);
    expect((await fetch(renderUrl({}).replace(`secret=${SECRET}&`, ''), { headers: { origin: PAGES } })).status).toBe(401);
    expect((await render({}, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe.runIf(built)('editing answers and public pages', () => {
  it('an edit answer may be framed by Pages and the allowed origins, and is stored nowhere', async () => {
    const response = await render({});
    expect(response.status).toBe(200);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/frame-ancestors 'self' https:\/\/pages\.sitecorecloud\.io http:\/\/127\.0\.0\.1:4299 https:\/\/\*\.xmc-pages\.example$/);
    expect(policy).not.toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-accel-expires')).toBe('0');
    // A framed navigation sends no Origin: frame-ancestors guards it.
    expect((await render({}, {})).status).toBe(200);
  });

  it('a public page keeps frame-ancestors none, its cache rules, and no chromes', async () => {
    const response = await fetch(`${site.url}/de/company/about`);
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('cache-control')).toMatch(/public/);
    const html = await response.text();
    expect(html).not.toContain('text/sitecore');
    expect(html).not.toContain('jss-hrz-editing');
  });

  it('edit mode: a chrome per placeholder, rendering and field, field metadata, Pages scripts and data', async () => {
    const html = await (await render({ route: '/company/about', sc_lang: 'de' })).text();
    expect(html).toMatch(/<html lang="de"/);
    expect(html).toContain('<code type="text/sitecore" chrometype="placeholder" class="scpm" kind="open" id="jss-main_00000000-0000-0000-0000-000000000000"></code>');
    expect(openChromes(html, 'placeholder')).toBe(3);
    // jss-main's four renderings, the header and the footer.
    expect(openChromes(html, 'rendering')).toBe(6);
    expect(openChromes(html, 'field')).toBeGreaterThan(10);
    expect(openChromes(html, 'rendering')).toBe([...html.matchAll(/chrometype="rendering" class="scpm" kind="close"/g)].length);
    const metadata = JSON.parse(/chrometype="field" class="scpm" kind="open">([^<]*)<\/code>/.exec(html)![1]!.replace(/&quot;/g, '"')) as Record<string, unknown>;
    expect(metadata).toMatchObject({ datasource: { language: 'de' }, fieldType: expect.any(String) as string, fieldId: expect.stringMatching(/^\{[0-9A-F-]{36}\}$/) as string });
    expect(html).toContain('<script id="jss-hrz-editing" type="application/json">{}</script>');
    expect(html).toContain('<script id="hrz-canvas-state" type="application/json">');
  });

  it('preview mode shows the draft without chromes', async () => {
    const html = await (await render({ route: '/company/about', sc_lang: 'de', mode: 'preview' })).text();
    expect(headingOf(html)).toBe('Über Voltaris Components – seit 1968 (Entwurf)');
    expect(html).not.toContain('text/sitecore');
  });

  it('shows the draft in edit mode while the public page and the live layout service show the published content', async () => {
    expect(headingOf(await (await render({ route: '/company/about', sc_lang: 'de' })).text())).toBe('Über Voltaris Components – seit 1968 (Entwurf)');
    expect(headingOf(await (await fetch(`${site.url}/de/company/about`)).text())).toBe('Über Voltaris Components');
    const live = (await (await fetch(`${site.url}/sitecore/api/layout/render/jss?item=/company/about&sc_lang=de&sc_apikey=local-layout-key`)).json()) as { sitecore: { route: RouteData } };
    expect((live.sitecore.route.placeholders['jss-main']![0] as ComponentRendering).fields!.heading).toEqual({ value: 'Über Voltaris Components' });
  });

  it('reads a draft saved a moment ago (nothing keeps the preview), in every language name Pages uses', async () => {
    writeDraft('/', 'ja-jp', 'displayName: ホーム\nplaceholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: home-hero-draft\n      fields:\n        heading: 下書きの見出し\n');
    for (const language of ['ja-JP', 'JA-jp', 'ja-jp']) {
      const html = await (await render({ sc_lang: language })).text();
      expect(html).toMatch(/<html lang="ja-JP"/);
      expect(headingOf(html)).toBe('下書きの見出し');
    }
    const html = await (await render({ sc_lang: 'zh-CN' })).text();
    expect(html).toMatch(/<html lang="zh-CN"/);
    expect(openChromes(html, 'rendering')).toBeGreaterThan(0);
  });

  it('shows editors an unknown component, a missing datasource and an empty field as visible blocks (a hidden variant: placeholder.test.tsx)', async () => {
    writeDraft('/company/careers', 'en', [
      'placeholders:',
      '  jss-main:',
      '    - componentName: HeroBanner',
      '      dataSource: careers-empty-hero',
      '      fields:',
      '        heading: ""',
      '    - componentName: NoSuchComponent',
      '    - componentName: RichText',
      '',
    ].join('\n'));
    const html = await (await render({ route: '/company/careers' })).text();
    expect(html).toContain('<span>[No text in field]</span>');
    expect(html).toMatch(/<h2>NoSuchComponent<\/h2><p>JSS component is missing React implementation/);
    expect(html).toMatch(/class="datasource-missing"[^>]*>Datasource is required/);
    expect(openChromes(html, 'rendering')).toBe(5);
    const publicHtml = await (await fetch(`${site.url}/company/careers`)).text();
    expect(publicHtml).not.toContain('NoSuchComponent');
  });

  it('runs a rendering\'s server loader on the draft datasource (the resource library), with sc_variant accepted', async () => {
    writeDraft('/resource-library', 'en', [
      'placeholders:',
      '  jss-main:',
      '    - componentName: ResourceLibrary',
      '      dataSource: resource-library',
      '      fields:',
      '        title: Draft library title',
      '        intro: Draft introduction',
      '',
    ].join('\n'));
    const response = await render({ route: '/resource-library', sc_variant: '_default' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Draft library title');
    expect(html).toContain('Draft introduction');
    // The loader ran on it: the library's documents are listed under the draft heading.
    expect(html).toMatch(/class="resource-library"[\s\S]*<a [^>]*href="\/media\/resources\//);
    expect(await (await fetch(`${site.url}/resource-library`)).text()).not.toContain('Draft library title');
  });

  it('finds the item by sc_itemid, and the Design Library renders that one rendering', async () => {
    const live = (await (await fetch(`${site.url}/sitecore/api/layout/render/jss?item=/company/about&sc_lang=de&sc_apikey=local-layout-key`)).json()) as { sitecore: { route: RouteData } };
    const { itemId } = live.sitecore.route;
    const byId = await (await render({ sc_itemid: itemId!, route: '/company/about', sc_lang: 'de' })).text();
    expect(headingOf(byId)).toBe('Über Voltaris Components – seit 1968 (Entwurf)');
    const second = live.sitecore.route.placeholders['jss-main']![1] as ComponentRendering;
    const library = await (await render({ mode: 'library', sc_itemid: itemId!, sc_uid: second.uid!, sc_lang: 'de', route: '' })).text();
    expect(library).toContain('<div id="editing-component">');
    expect(openChromes(library, 'rendering')).toBe(1);
    expect(library).toContain(`kind="open" id="${second.uid}"`);
    expect(library).toContain('Wer wir sind');
    expect(library).not.toContain('<header');
  });
});

describe.runIf(built)('the preview GraphQL endpoint, through JSS GraphQLEditingService', () => {
  const service = (apiKey: string) => new GraphQLEditingService({ clientFactory: GraphQLRequestClient.createClientFactory({ endpoint: `${site.url}/sitecore/api/graph/edge`, apiKey }) });

  it('reads a draft with field metadata and the dictionary, with the preview key', async () => {
    const { layoutData, dictionary } = await service('local-preview-key').fetchEditingData({ siteName: 'website', itemId: '/company/about', language: 'de' });
    expect(layoutData.sitecore.context).toMatchObject({ pageEditing: true, editMode: 'metadata', language: 'de' });
    const hero = layoutData.sitecore.route!.placeholders['jss-main']![0] as ComponentRendering;
    expect(hero.fields!.heading).toMatchObject({ value: 'Über Voltaris Components – seit 1968 (Entwurf)', metadata: { title: 'heading', fieldType: 'single-line text', datasource: { id: hero.dataSource, language: 'de' } } });
    expect(Object.keys(dictionary).length).toBeGreaterThan(50);
  });

  it('types every rendering field by its component manifest, list items\' fields too (decision 0078)', async () => {
    const SITECORE: Record<FieldManifest['type'], string> = { text: 'single-line text', richText: 'rich text', image: 'image', link: 'general link', number: 'number', date: 'date', checkbox: 'checkbox', list: 'multilist' };
    const { layoutData } = await service('local-preview-key').fetchEditingData({ siteName: 'website', itemId: '/', language: 'en' });
    const seen = new Set<string>();
    const check = (fields: Record<string, unknown>, declared: readonly FieldManifest[]) => {
      for (const [name, field] of Object.entries(fields)) {
        const manifest = declared.find((one) => one.name === name);
        if (Array.isArray(field)) {
          for (const item of field as { fields?: Record<string, unknown> }[]) check(item.fields ?? {}, manifest?.item ?? []);
          continue;
        }
        const metadata = (field as { metadata?: { fieldType?: string } }).metadata;
        if (!metadata || !manifest) continue;
        expect(metadata.fieldType, `${name}`).toBe(SITECORE[manifest.type]);
        seen.add(metadata.fieldType!);
      }
    };
    for (const rendering of layoutData.sitecore.route!.placeholders['jss-main'] as ComponentRendering[]) check((rendering.fields ?? {}) as Record<string, unknown>, getComponentManifest(rendering.componentName)!.fields);
    // The home page's hero image and link, and a tab's rich text (a list item's field).
    expect([...seen]).toEqual(expect.arrayContaining(['single-line text', 'image', 'general link', 'rich text']));
    const chromes = await (await render({ route: '/' })).text();
    const types = [...chromes.matchAll(/chrometype="field" class="scpm" kind="open">([^<]*)<\/code>/g)].map((match) => (JSON.parse(match[1]!.replace(/&quot;/g, '"')) as { title: string; fieldType: string }));
    expect(types).toEqual(expect.arrayContaining([{ ...types.find((one) => one.title === 'image'), fieldType: 'image' }, { ...types.find((one) => one.title === 'content'), fieldType: 'rich text' }]));
  });

  it('answers an item it has no version of with no layout, as Sitecore does', async () => {
    const { layoutData } = await service('local-preview-key').fetchEditingData({ siteName: 'website', itemId: '/no/such/page', language: 'en' });
    expect(layoutData.sitecore.route).toBeNull();
  });

  it('refuses the live key and no key', async () => {
    await expect(service('local-layout-key').fetchEditingData({ siteName: 'website', itemId: '/company/about', language: 'de' })).rejects.toThrow(/403|preview API key/);
    await expect(service('').fetchEditingData({ siteName: 'website', itemId: '/company/about', language: 'de' })).rejects.toThrow(/401|sc_apikey/);
  });
});

describe.runIf(built)('the page editor\'s drafts in Pages (decision 0078)', () => {
  /** What the page editor's form posts when an editor saves (revision: the draft's they started from). */
  async function saveInPageEditor(editor: CookieClient, editPath: string, heading: string, revision: number) {
    const page = { displayName: 'Investor relations', placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'investors-hero', fields: { heading, subheading: 'Saved in the page editor' } }] } };
    const response = await editor.request(editPath, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: site.url },
      body: new URLSearchParams({ intent: 'save', page: JSON.stringify(page), revision: String(revision) }).toString(),
    });
    expect(response.status, await response.text()).toBe(200);
  }
  const publicHeading = async (pagePath: string) => /<h1>([^<]*)<\/h1>/.exec(await (await fetch(`${site.url}${pagePath}`)).text())?.[1];

  it('a draft saved at /edit is what Pages shows in edit and preview mode and what GraphQLEditingService reads; visitors and the live layout keep the published page', async () => {
    const editor = new CookieClient(site.url);
    await signIn(editor, { email: 'editor@corp.example', password: 'editor-password', redirectTo: '/' });
    await saveInPageEditor(editor, '/edit/company/investors', 'Investor relations, draft from the page editor', 0);

    const edit = await (await render({ route: '/company/investors' })).text();
    expect(headingOf(edit)).toBe('Investor relations, draft from the page editor');
    expect(edit).toContain('Saved in the page editor');
    // The draft's renderings keep the published page's uids (Pages addresses them by uid), between chromes.
    const live = (await (await fetch(`${site.url}/sitecore/api/layout/render/jss?item=/company/investors&sc_lang=en&sc_apikey=local-layout-key`)).json()) as { sitecore: { route: RouteData } };
    const hero = live.sitecore.route.placeholders['jss-main']![0] as ComponentRendering;
    expect(edit).toContain(`chrometype="rendering" class="scpm" kind="open" id="${hero.uid}"`);
    expect(hero.fields!.heading).toEqual({ value: 'Investor relations' });
    // Header and footer still come with the draft (the shared content).
    expect(edit).toContain('<header');
    expect(edit).toContain('<footer');
    expect(headingOf(await (await render({ route: '/company/investors', mode: 'preview' })).text())).toBe('Investor relations, draft from the page editor');

    const { layoutData } = await new GraphQLEditingService({ clientFactory: GraphQLRequestClient.createClientFactory({ endpoint: `${site.url}/sitecore/api/graph/edge`, apiKey: 'local-preview-key' }) }).fetchEditingData({ siteName: 'website', itemId: '/company/investors', language: 'en' });
    expect((layoutData.sitecore.route!.placeholders['jss-main']![0] as ComponentRendering).fields!.heading).toMatchObject({ value: 'Investor relations, draft from the page editor' });

    expect(await publicHeading('/company/investors')).toBe('Investor relations');
  });

  it('in a non-default language, the one saved last wins when a draft file and the page editor both have the page', async () => {
    const editor = new CookieClient(site.url);
    await signIn(editor, { email: 'editor@corp.example', password: 'editor-password', redirectTo: '/' });
    const publishedGerman = await publicHeading('/de/company/investors');
    writeDraft('/company/investors', 'de', 'placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: investors-hero\n      fields:\n        heading: Entwurf aus der Datei\n');
    // The file was written before the editor's save.
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(path.join(contentDir, 'drafts', 'routes', 'company', 'investors', 'de.yaml'), earlier, earlier);
    await saveInPageEditor(editor, '/de/edit/company/investors', 'Entwurf aus dem Seiteneditor', 0);
    for (const language of ['de', 'DE']) expect(headingOf(await (await render({ route: '/company/investors', sc_lang: language })).text())).toBe('Entwurf aus dem Seiteneditor');
    // The draft file saved again, after the editor: it is the newer one.
    writeDraft('/company/investors', 'de', 'placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: investors-hero\n      fields:\n        heading: Entwurf aus der Datei, neuer\n');
    expect(headingOf(await (await render({ route: '/company/investors', sc_lang: 'de' })).text())).toBe('Entwurf aus der Datei, neuer');
    expect(await publicHeading('/de/company/investors')).toBe(publishedGerman);
  });
});

describe.runIf(built)('personalization variants (sc_variant)', () => {
  const VARIANT_TEXTS = ['Welcome back, returning customer', 'Text of variant B', 'experiences'];
  const heroChromeId = (html: string) => /chrometype="rendering" class="scpm" kind="open" id="([^"]+)"[^>]*><\/code><section/.exec(html)?.[1];
  const fieldMetadata = (html: string, title: string) =>
    [...html.matchAll(/chrometype="field" class="scpm" kind="open">([^<]*)<\/code>/g)].map((match) => JSON.parse(match[1]!.replace(/&quot;/g, '"')) as { title: string; datasource: { id: string } }).find((one) => one.title === title);

  it('without sc_variant (or _default) Pages shows the default renderings, and no variant\'s content is in the page', async () => {
    for (const params of [{}, { sc_variant: '_default' }] as Record<string, string>[]) {
      const html = await (await render({ route: '/company/personalized', ...params })).text();
      expect(headingOf(html)).toBe('Heading for everyone');
      expect(html).toContain('Text for everyone');
      for (const text of VARIANT_TEXTS) expect(html).not.toContain(text);
    }
  });

  it('a page variant replaces the rendering in place: same uid, its own datasource\'s fields to edit', async () => {
    const byDefault = await (await render({ route: '/company/personalized' })).text();
    const html = await (await render({ route: '/company/personalized', sc_variant: 'returningcustomer' })).text();
    expect(headingOf(html)).toBe('Welcome back, returning customer');
    expect(heroChromeId(html)).toBe(heroChromeId(byDefault));
    expect(fieldMetadata(html, 'heading')!.datasource.id).not.toBe(fieldMetadata(byDefault, 'heading')!.datasource.id);
    // The text has no experience for this variant: its default stays.
    expect(html).toContain('Text for everyone');
  });

  it('a page variant and a component variant together (comma-separated, as Pages sends them)', async () => {
    const html = await (await render({ route: '/company/personalized', sc_variant: 'returningcustomer,personalizedtext_b' })).text();
    expect(headingOf(html)).toBe('Welcome back, returning customer');
    expect(html).toContain('Text of variant B');
    expect(html).not.toContain('Text for everyone');
  });

  it('a variant that hides a rendering: a visible block in edit mode, nothing in preview', async () => {
    const edit = await (await render({ route: '/company/personalized', sc_variant: 'newvisitor' })).text();
    expect(edit).toMatch(/class="editing-block editing-block--hidden"[^>]*>The component is hidden/);
    expect(headingOf(edit)).toBeUndefined();
    // The hidden rendering keeps its chromes (Pages shows the variant's choice on it).
    expect(openChromes(edit, 'rendering')).toBe(4);
    const preview = await (await render({ route: '/company/personalized', sc_variant: 'newvisitor', mode: 'preview' })).text();
    expect(preview).not.toContain('The component is hidden');
    expect(preview).not.toContain('Heading for everyone');
    expect(preview).toContain('Text for everyone');
  });

  it('the preview endpoint hands GraphQLEditingService the experiences, each variant with field metadata; visitors get the default only', async () => {
    const service = new GraphQLEditingService({ clientFactory: GraphQLRequestClient.createClientFactory({ endpoint: `${site.url}/sitecore/api/graph/edge`, apiKey: 'local-preview-key' }) });
    const { layoutData } = await service.fetchEditingData({ siteName: 'website', itemId: '/company/personalized', language: 'en' });
    const hero = layoutData.sitecore.route!.placeholders['jss-main']![0] as ComponentRendering & { experiences: Record<string, ComponentRendering & { dataSource: string | null }> };
    expect(Object.keys(hero.experiences)).toEqual(['returningcustomer', 'newvisitor']);
    expect(hero.experiences.returningcustomer!.uid).toBe(hero.uid);
    expect(hero.experiences.returningcustomer!.fields!.heading).toMatchObject({ value: 'Welcome back, returning customer', metadata: { title: 'heading', fieldType: 'single-line text' } });
    expect(hero.experiences.newvisitor).toMatchObject({ componentName: null, dataSource: null });

    const visitor = await (await fetch(`${site.url}/company/personalized`)).text();
    expect(/<h1>([^<]*)<\/h1>/.exec(visitor)?.[1]).toBe('Heading for everyone');
    for (const text of VARIANT_TEXTS) expect(visitor).not.toContain(text);
  });

  it('refuses a variant id that is not one, naming sc_variant', async () => {
    const response = await render({ route: '/company/personalized', sc_variant: 'a b' });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/sc_variant/);
  });
});
