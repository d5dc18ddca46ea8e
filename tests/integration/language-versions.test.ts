import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { built, demoSiteForSuite } from '../support/demo-site.ts';
import { rawRequest } from '../support/raw-http.ts';
import { visibleText } from '../support/visible-text.ts';

// Decision 0133: a page names only the language versions that exist and are published (hreflang
// alternates, the language switcher), and a language version that does not exist is a 404 that
// says so and links the versions there are. The content is a copy of the fixtures with a page
// published in English only and the German version of /company/about unpublished (as the page
// editor's Unpublish marks it).
const contentDir = mkdtempSync(path.join(tmpdir(), 'language-versions-content-'));
cpSync('fixtures/content', contentDir, { recursive: true });
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));
mkdirSync(path.join(contentDir, 'routes', 'english-only'), { recursive: true });
writeFileSync(
  path.join(contentDir, 'routes', 'english-only', 'en.yaml'),
  ['displayName: English only', 'fields:', '  pageTitle: English only', 'placeholders:', '  jss-main:', '    - componentName: HeroBanner', '      dataSource: english-only-hero', '      fields:', '        heading: Only in English', ''].join('\n'),
);
const aboutDe = path.join(contentDir, 'routes', 'company', 'about', 'de.yaml');
writeFileSync(aboutDe, `unpublished: true\n${readFileSync(aboutDe, 'utf8')}`);

const site = demoSiteForSuite({ CATALOGUE_PRODUCTS: '2000', CONTENT_DIR: contentDir }, { dataDir: 'language-versions' });

/**
 * A visitor's GET of an absolute address the page gave, on this machine: the Chinese twin
 * (cn.localhost, decision 0086) is the same server under another Host.
 */
function visit(address: string): Promise<{ status: number; body: string }> {
  const target = new URL(address);
  return rawRequest(site.url, `${target.pathname}${target.search}`, { headers: { host: target.host } });
}

const decode = (text: string) => text.replaceAll('&amp;', '&');
/** The page's hreflang alternates, language tag to address. */
const alternatesOf = (html: string) => Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
/** The links of a part of the page, with the text a visitor reads. */
function linksIn(part: string): Array<{ href: string; text: string }> {
  return [...part.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({ href: decode(m[1]!), text: m[2]!.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '').trim() }));
}
/** The language switcher's links. */
const switcherOf = (html: string) => linksIn(/<nav class="language-switcher"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '');
/** The links of the page's main part (an error page's message). */
const mainLinksOf = (html: string) => linksIn(/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? '');
const absolute = (href: string) => new URL(href, site.url).href;

describe.runIf(built)('language versions a page names', () => {
  it('a page published in English only names no other version, and its switcher leads to each language\'s home and says so', async () => {
    const page = await visit(`${site.url}/english-only`);
    expect(page.status).toBe(200);
    expect(Object.keys(alternatesOf(page.body)).sort()).toEqual(['en', 'x-default']);
    for (const address of Object.values(alternatesOf(page.body))) expect((await visit(address)).status, address).toBe(200);
    const switcher = switcherOf(page.body);
    expect(switcher.map((link) => link.text)).toEqual(['English', 'Deutsch (home page)', '日本語 (home page)', '中文 (home page)']);
    for (const link of switcher) expect((await visit(absolute(link.href))).status, link.href).toBe(200);
  });

  it('the missing German version is a 404 in German that says the page has no German version and links the English one', async () => {
    const missing = await visit(`${site.url}/de/english-only`);
    expect(missing.status).toBe(404);
    const text = visibleText(missing.body, 'de').join(' ');
    expect(text).toContain('Diese Seite gibt es nicht auf Deutsch');
    expect(text).toContain('Sie ist in diesen Sprachen veröffentlicht:');
    const versions = mainLinksOf(missing.body).filter((link) => ['English', 'Deutsch', '日本語', '中文'].includes(link.text));
    expect(versions.map((link) => link.text)).toEqual(['English']);
    const english = await visit(absolute(versions[0]!.href));
    expect(english.status).toBe(200);
    expect(english.body).toContain('Only in English');
    expect(Object.keys(alternatesOf(missing.body))).toEqual([]);
  });

  it('after the German version is unpublished, the English page no longer names it, and /de is a 404 naming the others', async () => {
    const page = await visit(`${site.url}/company/about`);
    expect(page.status).toBe(200);
    expect(Object.keys(alternatesOf(page.body)).sort()).toEqual(['en', 'ja-JP', 'x-default', 'zh-CN']);
    for (const address of Object.values(alternatesOf(page.body))) expect((await visit(address)).status, address).toBe(200);
    const switcher = switcherOf(page.body);
    expect(switcher.map((link) => link.text)).toEqual(['English', 'Deutsch (home page)', '日本語', '中文']);
    for (const link of switcher) expect((await visit(absolute(link.href))).status, link.href).toBe(200);
    const german = await visit(`${site.url}/de/company/about`);
    expect(german.status).toBe(404);
    expect(visibleText(german.body, 'de').join(' ')).toContain('Diese Seite gibt es nicht auf Deutsch');
    const versions = mainLinksOf(german.body).filter((link) => ['English', 'Deutsch', '日本語', '中文'].includes(link.text));
    expect(versions.map((link) => link.text)).toEqual(['English', '日本語', '中文']);
    for (const link of versions) expect((await visit(absolute(link.href))).status, link.href).toBe(200);
  });

  it('a page in every language still names all four', async () => {
    const page = await visit(`${site.url}/company/careers`);
    expect(page.status).toBe(200);
    expect(Object.keys(alternatesOf(page.body)).sort()).toEqual(['de', 'en', 'ja-JP', 'x-default', 'zh-CN']);
    expect(switcherOf(page.body).map((link) => link.text)).toEqual(['English', 'Deutsch', '日本語', '中文']);
  });

  it('a page nobody has in any language is the plain 404', async () => {
    const missing = await visit(`${site.url}/de/no-such-page`);
    expect(missing.status).toBe(404);
    expect(visibleText(missing.body, 'de').join(' ')).toContain('Seite nicht gefunden');
  });
});
