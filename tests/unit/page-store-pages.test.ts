import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentStore } from '@voltaris/content-files/content-store';
import { checkContent } from '../../cli/commands/content.ts';
import {
  languageStates,
  listHistory,
  pageLog,
  publishPage,
  readDraft,
  readPublished,
  restoreVersion,
  type EditorPaths,
  type FileLanguage,
} from '~/editor/page-store.server.ts';
import { copyLanguage, deletePage, unpublishPage } from '~/editor/page-lifecycle.server.ts';

// Pages and languages in the page editor's store (issue 28 item 4): unpublish, delete, copy a
// language version from another, and what the site (the content store the layout service serves)
// and `sitectl content check` make of each.

const LANGUAGES: FileLanguage[] = ['en', 'de', 'ja-jp', 'zh-cn'];
const hero = (heading: string) => `placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: hero\n      fields: { heading: "${heading}" }\n`;
const linkList = (href: string) => `placeholders:\n  jss-main:\n    - componentName: LinkList\n      dataSource: links\n      fields:\n        links:\n          - fields: { link: { href: ${href}, text: "Go", linktype: internal } }\n          - fields: { link: { href: /, text: "Home", linktype: internal } }\n`;
const header = (href: string) => `placeholders:\n  jss-header:\n    - componentName: Header\n      dataSource: site-header\n      fields:\n        siteName: Test\n        navigation:\n          - fields: { link: { href: /, text: "Home", linktype: internal } }\n          - fields: { link: { href: ${href}, text: "Press", linktype: internal } }\n`;

describe('pages and languages in the editor\'s store', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A content folder: home, /press and /about in every language; the header links to /press; /about to /press too. */
  function site(): EditorPaths {
    const root = mkdtempSync(path.join(tmpdir(), 'page-store-pages-'));
    roots.push(root);
    const contentDir = path.join(root, 'content');
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(contentDir, file)), { recursive: true });
      writeFileSync(path.join(contentDir, file), text);
    };
    for (const language of LANGUAGES) {
      write(`routes/${language}.yaml`, hero('Home'));
      write(`routes/press/${language}.yaml`, hero(`Press ${language}`));
      write(`routes/about/${language}.yaml`, linkList('/press'));
      write(`shared/${language}.yaml`, header('/press'));
    }
    return { contentDir, dataDir: path.join(root, 'data') };
  }
  const navigation = (store: ContentStore, language: string, itemPath = '/') =>
    ((store.getRoute(itemPath, language)!.placeholders['jss-header']![0] as unknown as { fields: { navigation: Array<{ fields: { link: { value: { href: string } } } }> } }).fields.navigation).map((item) => item.fields.link.value.href);
  const linkListHrefs = (store: ContentStore, language: string) =>
    ((store.getRoute('/about', language)!.placeholders['jss-main']![0] as unknown as { fields: { links: Array<{ fields: { link: { value: { href: string } } } }> } }).fields.links).map((item) => item.fields.link.value.href);

  it('unpublishes one language version: not served, gone from the navigation and link lists in that language only, kept and logged', () => {
    const at = site();
    const base = readPublished(at, '/press', 'de').version;
    const result = unpublishPage(at, '/press', 'de', { ...(base ? { base } : {}), user: 'editor@corp.example' });
    expect(result).toMatchObject({ kind: 'unpublished', hiddenLinks: ['/about (de)', 'the header or footer (shared/de.yaml)'] });

    const store = new ContentStore({ dir: at.contentDir });
    expect(store.getRoute('/press', 'de')).toBeUndefined();
    expect(store.getRoute('/press', 'en')).toBeDefined();
    expect(store.entries().some((entry) => entry.itemPath === '/press' && entry.language === 'de')).toBe(false);
    expect(navigation(store, 'de')).toEqual(['/']);
    expect(navigation(store, 'en')).toEqual(['/', '/press']);
    expect(linkListHrefs(store, 'de')).toEqual(['/']);
    expect(linkListHrefs(store, 'en')).toEqual(['/press', '/']);

    // The file stays, marked; the version before is kept; the act is logged.
    expect(parse(readFileSync(readPublished(at, '/press', 'de').file, 'utf8'))).toMatchObject({ unpublished: true });
    expect(languageStates(at, '/press')).toEqual({ en: 'published', de: 'unpublished', 'ja-jp': 'published', 'zh-cn': 'published' });
    expect(listHistory(at, '/press', 'de')).toHaveLength(1);
    expect(pageLog(at, '/press')[0]).toMatchObject({ action: 'unpublish', by: 'editor@corp.example', language: 'de', previous: base });

    // The content check passes and lists what visitors do not see.
    const checks = checkContent(at.contentDir);
    expect(checks.filter((check) => check.status === 'fail')).toEqual([]);
    expect(checks.find((check) => check.name.startsWith('unpublished pages'))?.problems).toEqual(['/press (de): unpublished', 'shared/de.yaml: link "/press" hidden', '/about (de): link "/press" hidden']);
  });

  it('publishing an unpublished version puts it back, links and all', () => {
    const at = site();
    unpublishPage(at, '/press', 'en', { base: readPublished(at, '/press', 'en').version!, user: 'editor@corp.example' });
    const shown = readPublished(at, '/press', 'en');
    expect(publishPage(at, '/press', 'en', { route: shown.route, base: shown.version!, user: 'editor@corp.example' }).kind).toBe('published');
    const store = new ContentStore({ dir: at.contentDir });
    expect(store.getRoute('/press', 'en')).toBeDefined();
    expect(navigation(store, 'en')).toEqual(['/', '/press']);
    expect(readFileSync(shown.file, 'utf8')).not.toContain('unpublished');
  });

  it('refuses to unpublish the home page, a page with published pages below it, and from a file that changed on disk', () => {
    const at = site();
    expect(unpublishPage(at, '/', 'en', { base: readPublished(at, '/', 'en').version!, user: 'e' })).toMatchObject({ kind: 'refused' });
    mkdirSync(path.join(at.contentDir, 'routes/press/kit'), { recursive: true });
    writeFileSync(path.join(at.contentDir, 'routes/press/kit/en.yaml'), hero('Kit'));
    expect(unpublishPage(at, '/press', 'en', { base: readPublished(at, '/press', 'en').version!, user: 'e' })).toEqual({ kind: 'refused', message: 'Pages below it are published in this language: /press/kit. Unpublish them first.' });
    expect(unpublishPage(at, '/press', 'de', { base: 'stale', user: 'e' }).kind).toBe('changed-on-disk');
  });

  it('refuses to delete a page others link to, naming where', () => {
    const at = site();
    expect(deletePage(at, '/press', { user: 'e' })).toEqual({
      kind: 'refused',
      message: expect.stringContaining('Other pages link to it: /about (de); /about (en); /about (ja-jp); /about (zh-cn); the header or footer (shared/de.yaml);'),
    });
    expect(readPublished(at, '/press', 'en').version).toBeDefined();
  });

  it('deletes a page in every language: its files go, each version is kept and restorable, the act is logged', () => {
    const at = site();
    for (const language of LANGUAGES) writeFileSync(path.join(at.contentDir, `routes/about/${language}.yaml`), hero('About'));
    const before = readFileSync(readPublished(at, '/press', 'ja-jp').file, 'utf8');
    expect(deletePage(at, '/press', { user: 'admin@corp.example' })).toMatchObject({ kind: 'refused' }); // the header still links to it
    for (const language of LANGUAGES) writeFileSync(path.join(at.contentDir, `shared/${language}.yaml`), header('/about'));
    expect(deletePage(at, '/press', { user: 'admin@corp.example' })).toEqual({ kind: 'deleted', languages: LANGUAGES });
    expect(existsSync(path.join(at.contentDir, 'routes/press'))).toBe(false);
    expect(new ContentStore({ dir: at.contentDir }).getRoute('/press', 'en')).toBeUndefined();
    expect(pageLog(at, '/press').map((entry) => `${entry.action} ${entry.language} ${entry.by}`)).toEqual([...LANGUAGES].reverse().map((language) => `delete ${language} admin@corp.example`));
    expect(checkContent(at.contentDir).filter((check) => check.status === 'fail')).toEqual([]);

    const [kept] = listHistory(at, '/press', 'ja-jp');
    expect(restoreVersion(at, '/press', 'ja-jp', { id: kept!.id, user: 'admin@corp.example' }).kind).toBe('published');
    expect(readFileSync(readPublished(at, '/press', 'ja-jp').file, 'utf8')).toBe(before);
  });

  it('copies a language version from English into a draft marked for translation; publishing it completes the page', () => {
    const at = site();
    const enFile = readPublished(at, '/press', 'en').file;
    rmSync(readPublished(at, '/press', 'de').file);
    writeFileSync(enFile, `translation: pending\n${hero('Press en')}`);
    expect(copyLanguage(at, '/press', 'de', { from: 'de', user: 'e' }).kind).toBe('refused');
    expect(copyLanguage(at, '/press', 'en', { from: 'de', user: 'e' })).toEqual({ kind: 'refused', message: 'This page already has a version in this language.' });

    const copied = copyLanguage(at, '/press', 'de', { from: 'en', user: 'editor@corp.example' });
    expect(copied.kind).toBe('copied');
    const draft = readDraft(at, '/press', 'de')!;
    expect(draft).toMatchObject({ copiedFrom: 'en', savedBy: 'editor@corp.example', route: { translation: 'pending' } });
    expect(draft.route.placeholders['jss-main']![0]!.fields).toEqual({ heading: 'Press en' });
    // A copy is a draft: German visitors get no English page.
    expect(readPublished(at, '/press', 'de').version).toBeUndefined();
    expect(languageStates(at, '/press').de).toBe('draft');
    expect(copyLanguage(at, '/press', 'de', { from: 'en', user: 'e' })).toEqual({ kind: 'refused', message: 'A draft of this language version exists: discard it first.' });
    expect(pageLog(at, '/press')[0]).toMatchObject({ action: 'copy', language: 'de', copiedFrom: 'en' });

    // Translated and published: all four languages exist, so the German file carries no mark.
    draft.route.placeholders['jss-main']![0]!.fields = { heading: 'Presse' };
    expect(publishPage(at, '/press', 'de', { route: draft.route, user: 'editor@corp.example' }).kind).toBe('published');
    expect(parse(readFileSync(readPublished(at, '/press', 'de').file, 'utf8')).translation).toBeUndefined();
    expect(readDraft(at, '/press', 'de')).toBeUndefined();
    // English's mark goes on its next publish, even though the editor sends it back.
    const en = readPublished(at, '/press', 'en');
    publishPage(at, '/press', 'en', { route: en.route, base: en.version!, user: 'editor@corp.example' });
    expect(parse(readFileSync(enFile, 'utf8')).translation).toBeUndefined();
  });
});
