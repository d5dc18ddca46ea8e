import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentStore, routeKey } from '@voltaris/content-files/content-store';

let dirs: string[] = [];
function contentDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'content-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

const HOME = `
displayName: Home
fields: { pageTitle: Welcome }
placeholders:
  jss-main:
    - componentName: HeroBanner
      dataSource: home-hero
      params: { imageSize: 486x260, columns: 3 }
      fields:
        heading: Hello
        image: { src: /media/a.svg, alt: A }
        cta: { href: /products, text: Products, linktype: internal }
        items:
          - fields: { title: One }
    - componentName: HeroBanner
`;

describe('ContentStore', () => {
  it('turns route files into LayoutServiceData routes', () => {
    const store = new ContentStore({ dir: contentDir({ 'routes/en.yaml': HOME, 'routes/about/de.yaml': 'displayName: Über uns' }) });
    expect(store.problems).toEqual([]);
    const route = store.getRoute('/', 'en');
    expect(route?.name).toBe('home');
    expect(route?.fields?.pageTitle).toEqual({ value: 'Welcome' });
    const [hero, bare] = route!.placeholders['jss-main']! as unknown as Array<Record<string, unknown>>;
    expect(hero).toMatchObject({
      componentName: 'HeroBanner',
      params: { imageSize: '486x260', columns: '3' },
      fields: {
        heading: { value: 'Hello' },
        image: { value: { src: '/media/a.svg', alt: 'A' } },
        cta: { value: { href: '/products', text: 'Products', linktype: 'internal' } },
        items: [{ name: '0', fields: { title: { value: 'One' } } }],
      },
    });
    expect(hero!.dataSource).toMatch(/^\{[0-9A-F-]{36}\}$/);
    // No content item chosen: an empty dataSource and no fields (REQ-JSS-5).
    expect(bare).toMatchObject({ componentName: 'HeroBanner', dataSource: '' });
    expect(bare).not.toHaveProperty('fields');
    expect(store.getRoute('/About/', 'DE')?.displayName).toBe('Über uns');
    expect(store.getRoute('/about', 'en')).toBeUndefined();
  });

  it('reports a bad file with its path and problem, and still serves the others', () => {
    const problems: string[] = [];
    const store = new ContentStore({
      dir: contentDir({
        'routes/en.yaml': HOME,
        'routes/broken/en.yaml': 'placeholders:\n  jss-main:\n    - componentName: hero banner\n',
        'routes/fields-without-datasource/en.yaml': 'placeholders:\n  jss-main:\n    - componentName: RichText\n      fields: { content: x }\n',
        'routes/not-yaml/en.yaml': 'placeholders: [unclosed',
      }),
      onProblem: (problem) => problems.push(`${problem.file}: ${problem.message}`),
    });
    expect(store.getRoute('/', 'en')).toBeDefined();
    expect(store.getRoute('/broken', 'en')).toBeUndefined();
    expect(store.getRoute('/fields-without-datasource', 'en')).toBeUndefined();
    expect(store.getRoute('/not-yaml', 'en')).toBeUndefined();
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.includes('broken/en.yaml'))).toMatch(/placeholders\.jss-main\.0\.componentName: component names are PascalCase/);
    expect(problems.find((p) => p.includes('fields-without-datasource'))).toMatch(/needs a dataSource/);
    expect(problems.find((p) => p.includes('not-yaml'))).toBeDefined();
  });

  it('takes a file deleted between listing the folder and reading it as gone, not as a broken file (the editor deletes pages while a check or a reload reads)', () => {
    const problems: string[] = [];
    const dir = contentDir({ 'routes/en.yaml': HOME });
    // A dangling link is listed by readdir and gone at read time, as a file deleted in between is.
    mkdirSync(path.join(dir, 'routes/deleted'), { recursive: true });
    symlinkSync(path.join(dir, 'routes/deleted/gone.yaml'), path.join(dir, 'routes/deleted/en.yaml'));
    const store = new ContentStore({ dir, onProblem: (problem) => problems.push(`${problem.file}: ${problem.message}`) });
    expect(store.getRoute('/', 'en')).toBeDefined();
    expect(store.getRoute('/deleted', 'en')).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('adds the shared placeholders to every route and serves dictionaries', () => {
    const store = new ContentStore({
      dir: contentDir({
        'routes/en.yaml': HOME,
        'shared/en.yaml': 'placeholders:\n  jss-header:\n    - componentName: Header\n      dataSource: header\n      fields: { siteName: S }\n',
        'dictionary/ja-jp.yaml': 'site.name: サイト\ncount: 3\n',
      }),
    });
    expect(Object.keys(store.getRoute('/', 'en')!.placeholders).sort()).toEqual(['jss-header', 'jss-main']);
    expect(store.getPhrases('ja-JP')).toEqual({ 'site.name': 'サイト', count: '3' });
    expect(store.languageName('JA-jp')).toBe('ja-JP');
  });

  it('reloads changed files when watching, so editors need no restart', async () => {
    const dir = contentDir({ 'routes/en.yaml': 'displayName: Before' });
    let reloaded!: () => void;
    const reload = new Promise<void>((resolve) => (reloaded = resolve));
    const store = new ContentStore({ dir, watch: true, onReload: () => reloaded() });
    try {
      expect(store.getRoute('/', 'en')?.displayName).toBe('Before');
      await store.watching; // a busy machine can take seconds to start the watcher
      writeFileSync(path.join(dir, 'routes/en.yaml'), 'displayName: After');
      await reload;
      expect(store.getRoute('/', 'en')?.displayName).toBe('After');
    } finally {
      store.close();
    }
  });

  it('keeps its YAML parses in a cache file and serves the same routes from it; a changed file is parsed again', () => {
    const dir = contentDir({ 'routes/en.yaml': HOME, 'routes/about/de.yaml': 'displayName: Über uns', 'dictionary/en.yaml': 'Search: Search' });
    const cacheFile = path.join(contentDir({}), 'parses', 'content.v8');
    const plain = new ContentStore({ dir }).entries();
    const first = new ContentStore({ dir, parsedCacheFile: cacheFile });
    expect(first.entries()).toEqual(plain);
    expect(existsSync(cacheFile)).toBe(true);
    const written = statSync(cacheFile).mtimeMs;
    const second = new ContentStore({ dir, parsedCacheFile: cacheFile });
    expect(second.entries()).toEqual(plain);
    expect(second.getPhrases('en')).toEqual({ Search: 'Search' });
    // Nothing changed: the cache is not rewritten.
    expect(statSync(cacheFile).mtimeMs).toBe(written);
    // What one store's routes are made of never reaches the next load through the cache.
    (second.getRoute('/', 'en')!.fields as Record<string, { value: string }>).pageTitle!.value = 'changed';
    expect(new ContentStore({ dir, parsedCacheFile: cacheFile }).getRoute('/', 'en')!.fields).toEqual(plain.find((entry) => entry.itemPath === '/')!.route.fields);
    writeFileSync(path.join(dir, 'routes/about/de.yaml'), 'displayName: Über die Firma');
    expect(new ContentStore({ dir, parsedCacheFile: cacheFile }).getRoute('/about', 'de')!.displayName).toBe('Über die Firma');
  });

  it('parses every file when the cache file is damaged, and writes it anew', () => {
    const dir = contentDir({ 'routes/en.yaml': HOME });
    const cacheFile = path.join(contentDir({}), 'content.v8');
    writeFileSync(cacheFile, 'not a cache');
    const store = new ContentStore({ dir, parsedCacheFile: cacheFile });
    expect(store.getRoute('/', 'en')!.displayName).toBe('Home');
    expect(new ContentStore({ dir, parsedCacheFile: cacheFile }).entries()).toEqual(store.entries());
    expect(readFileSync(cacheFile, 'utf8')).not.toBe('not a cache');
  });

  it('normalizes item paths', () => {
    expect(routeKey('')).toBe('/');
    expect(routeKey('/Products/Fuses/')).toBe('/products/fuses');
    expect(routeKey('about')).toBe('/about');
  });
});
