import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentStore } from '@voltaris/content-files/content-store';
import { withoutAnchors } from '@voltaris/content-files/rich-text-links';
import { describeLinkWarning, hiddenLinksOf } from '~/editor/link-warnings.server.ts';
import { linksTo, unpublishPage } from '~/editor/page-lifecycle.server.ts';
import { readPublished, type EditorPaths } from '~/editor/page-store.server.ts';

// REQ-CMS-14: a link to a page visitors cannot open (unpublished, or without a version in the
// link's language) leaves no dead link: a rich-text anchor keeps its text without the anchor.

const richText = (html: string) => `placeholders:\n  jss-main:\n    - componentName: RichText\n      dataSource: body\n      fields:\n        heading: "Body"\n        content: ${JSON.stringify(html)}\n`;
const hero = (heading: string) => `placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: hero\n      fields: { heading: "${heading}" }\n`;

describe('links to pages visitors cannot open', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function site(files: Record<string, string>): EditorPaths {
    const root = mkdtempSync(path.join(tmpdir(), 'hidden-links-'));
    roots.push(root);
    const contentDir = path.join(root, 'content');
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(contentDir, file)), { recursive: true });
      writeFileSync(path.join(contentDir, file), text);
    }
    return { contentDir, dataDir: path.join(root, 'data') };
  }
  const contentOf = (store: ContentStore, itemPath: string, language: string) =>
    (store.getRoute(itemPath, language)!.placeholders['jss-main']![0] as unknown as { fields: { content: { value: string } } }).fields.content.value;

  it('unpublishing a page unwraps the anchors to it in other pages\' rich text, keeping their text and every other link', () => {
    const html = '<p>Read <a href="/press" title="Press">our <b>press</b> page</a>, <a href="/about">about us</a> and <a href="https://example.com/press">elsewhere</a>.</p>';
    const at = site({
      'routes/en.yaml': hero('Home'),
      'routes/press/en.yaml': hero('Press'),
      'routes/about/en.yaml': richText(html),
    });
    expect(contentOf(new ContentStore({ dir: at.contentDir }), '/about', 'en')).toBe(html);
    const base = readPublished(at, '/press', 'en').version;
    const result = unpublishPage(at, '/press', 'en', { ...(base ? { base } : {}), user: 'editor@corp.example' });
    expect(result).toMatchObject({ kind: 'unpublished', hiddenLinks: ['/about (en)'] });
    const store = new ContentStore({ dir: at.contentDir });
    expect(contentOf(store, '/about', 'en')).toBe('<p>Read our <b>press</b> page, <a href="/about">about us</a> and <a href="https://example.com/press">elsewhere</a>.</p>');
    expect(store.hiddenLinks).toEqual([{ language: 'en', on: '/about', href: '/press', target: '/press', targetLanguage: 'en' }]);
    // The editor still knows where the links are, and names the component and field.
    expect(linksTo(at, '/press', 'en')).toEqual(['/about (en)']);
    const warnings = hiddenLinksOf(at, readPublished(at, '/about', 'en').route!, 'en');
    expect(warnings).toEqual([{ component: 'RichText', where: 'jss-main #1', field: 'content', href: '/press', language: 'en' }]);
    expect(describeLinkWarning(warnings[0]!)).toBe('RichText (jss-main #1) field "content": the link to /press goes to a page not published in English; visitors see its text without the link until that page is published.');
  });

  it('a link into a language the page has no version in is hidden; a link into a language it has is kept', () => {
    const at = site({
      'routes/en.yaml': hero('Home'),
      'routes/de.yaml': hero('Start'),
      'routes/press/en.yaml': hero('Press'),
      'routes/about/de.yaml': richText('<p><a href="/de/press">Presse (deutsch)</a> und <a href="/press">Press (English)</a>, <a href="/products/fuses">Sicherungen</a></p>'),
    });
    const store = new ContentStore({ dir: at.contentDir });
    // /de/press does not exist (404); /press is English and exists; /products/... is not the content folder's to judge.
    expect(contentOf(store, '/about', 'de')).toBe('<p>Presse (deutsch) und <a href="/press">Press (English)</a>, <a href="/products/fuses">Sicherungen</a></p>');
    expect(store.hiddenLinks).toEqual([{ language: 'de', on: '/about', href: '/de/press', target: '/press', targetLanguage: 'de' }]);
    expect(hiddenLinksOf(at, readPublished(at, '/about', 'de').route!, 'de').map((warning) => [warning.field, warning.href, warning.language])).toEqual([['content', '/de/press', 'de']]);
  });

  it('warns of a link field and a list entry going to an unpublished page, naming the item in the list', () => {
    const links = `placeholders:\n  jss-main:\n    - componentName: LinkList\n      dataSource: links\n      fields:\n        links:\n          - fields: { link: { href: /, text: "Home", linktype: internal } }\n          - fields: { link: { href: /press, text: "Press", linktype: internal } }\n`;
    const at = site({ 'routes/en.yaml': hero('Home'), 'routes/press/en.yaml': `unpublished: true\n${hero('Press')}`, 'routes/about/en.yaml': links });
    expect(hiddenLinksOf(at, readPublished(at, '/about', 'en').route!, 'en')).toEqual([{ component: 'LinkList', where: 'jss-main #1', field: 'links[2].link', href: '/press', language: 'en' }]);
  });

  it('unwraps only what it is asked to, byte for byte around it, entities decoded in the address', () => {
    const html = `<p><a class='x' href='/a?x=1&amp;y=2'>A</a> <A HREF="/b">B</A> <a href="/c">C</p>`;
    expect(withoutAnchors(html, (href) => href === '/a?x=1&y=2')).toEqual({ html: `<p>A <A HREF="/b">B</A> <a href="/c">C</p>`, dropped: ['/a?x=1&y=2'] });
    expect(withoutAnchors(html, (href) => href === '/c').html).toBe(`<p><a class='x' href='/a?x=1&amp;y=2'>A</a> <A HREF="/b">B</A> C</p>`);
    expect(withoutAnchors(html, () => false).html).toBe(html);
  });
});
