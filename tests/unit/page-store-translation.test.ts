import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { publishPage, readPublished, type FileLanguage } from '~/editor/page-store.server.ts';

const page = (heading: string) => ({ placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'hero', fields: { heading } }] } });

describe('a new page from the editor and the content check (decision 0076)', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const paths = () => {
    const root = mkdtempSync(path.join(tmpdir(), 'page-store-'));
    dirs.push(root);
    return { contentDir: path.join(root, 'content'), dataDir: path.join(root, 'data') };
  };
  const publish = (at: ReturnType<typeof paths>, language: FileLanguage, heading: string) => {
    const base = readPublished(at, '/press', language).version;
    const result = publishPage(at, '/press', language, { route: page(heading), ...(base ? { base } : {}), user: 'editor@example.com' });
    expect(result.kind).toBe('published');
    return parse(readFileSync(readPublished(at, '/press', language).file, 'utf8')) as Record<string, unknown>;
  };

  it('marks the first language version translation: pending, keeps the mark on republish, and drops it once every language exists', () => {
    const at = paths();
    expect(publish(at, 'en', 'Press').translation).toBe('pending');
    // The editor sends the page without the mark: it stays while languages are missing.
    expect(publish(at, 'en', 'Press room').translation).toBe('pending');
    // Another language's first version of an existing page is not a new page.
    expect(publish(at, 'de', 'Presse').translation).toBeUndefined();
    publish(at, 'ja-jp', 'プレス');
    publish(at, 'zh-cn', '新闻');
    expect(publish(at, 'en', 'Press and media').translation).toBeUndefined();
  });

  it('leaves a page that already exists in a language unmarked', () => {
    const at = paths();
    publish(at, 'en', 'Press');
    expect(publish(at, 'de', 'Presse').translation).toBeUndefined();
  });
});
