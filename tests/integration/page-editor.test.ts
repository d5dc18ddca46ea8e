import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CookieClient, signIn } from '../support/browserless.ts';
import { built, demoSiteForSuite } from '../support/demo-site.ts';

// The page editor (issue 28) over HTTP, as editors and others reach it: two processes of one site
// share the content folder and DATA_DIR (as a cluster does), so a page published through one is
// served by the other.

const content = mkdtempSync(path.join(tmpdir(), 'editor-content-'));
cpSync('fixtures/content', content, { recursive: true });
const data = mkdtempSync(path.join(tmpdir(), 'editor-data-'));
const env = { CONTENT_DIR: content, DATA_DIR: data, FORM_RATE_LIMIT_PER_MINUTE: '10' };
const site = demoSiteForSuite(env, { timeout: 120_000 });
const other = demoSiteForSuite(env, { timeout: 120_000 });
afterAll(() => {
  rmSync(content, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

async function signedIn(origin: string, email: string, password: string): Promise<CookieClient> {
  const client = new CookieClient(origin);
  await signIn(client, { email, password, redirectTo: '/' });
  return client;
}

/** The editor's hidden fields as the page has them (what a browser's form would send back). */
async function editorState(client: CookieClient, pagePath: string): Promise<{ html: string; base?: string; versions: string[] }> {
  const html = await (await client.request(pagePath)).text();
  const base = /name="base" value="([^"]+)"/.exec(html)?.[1];
  const versions = [...html.matchAll(/name="version" value="([^"]+)"/g)].map((match) => match[1]!);
  return { html, ...(base ? { base } : {}), versions };
}

/** A form post as the editor's page sends it, from `origin` (the site's own unless said). */
function post(client: CookieClient, origin: string, pagePath: string, fields: Record<string, string>) {
  return client.request(pagePath, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: new URLSearchParams(fields).toString() });
}

const heading = async (url: string) => /<h1>([^<]*)<\/h1>/.exec(await (await fetch(url)).text())?.[1];
const decode = (html: string) => html.replaceAll('&quot;', '"').replaceAll('&#x27;', "'");

describe.runIf(built)('the page editor', () => {
  it('sends a visitor who is not signed in to sign-in, and a buyer gets 403 in the page\'s language', async () => {
    const anonymous = await fetch(`${site.url}/edit/company/about`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/login?redirectTo=%2Fedit%2Fcompany%2Fabout');
    const buyer = await signedIn(site.url, 'buyer@customer.example', 'buyer-password');
    const refused = await buyer.request('/de/edit/company/about');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('cache-control')).toContain('no-store');
    expect(await refused.text()).toMatch(/<html[^>]* lang="de"/);
  });

  it('opens for an editor and for Internal-Admin: private, never stored, with the page\'s languages', async () => {
    for (const [email, password] of [['editor@corp.example', 'editor-password'], ['admin@corp.example', 'admin-password']] as const) {
      const client = await signedIn(site.url, email, password);
      const answer = await client.request('/de/edit/company/about');
      expect(answer.status, email).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      const html = await answer.text();
      expect(html).toMatch(/<html[^>]* lang="de"/);
      expect(html).toContain('Deutsch</a> <!-- -->(published)');
    }
  });

  it('refuses a post from another site', async () => {
    const editor = await signedIn(site.url, 'editor@corp.example', 'editor-password');
    const answer = await post(editor, 'https://attacker.example', '/edit/company/about', { intent: 'discard' });
    expect(answer.status).toBe(403);
  });

  it('blocks publishing an invalid field, naming the component and the field', async () => {
    const editor = await signedIn(site.url, 'editor@corp.example', 'editor-password');
    const { base } = await editorState(editor, '/edit/company/about');
    const page = { placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'about-hero', fields: { heading: '' } }, { componentName: 'Image', dataSource: 'about-lab', fields: { image: 'lab.svg' } }] } };
    const answer = await post(editor, site.url, '/edit/company/about', { intent: 'publish', page: JSON.stringify(page), ...(base ? { base } : {}) });
    expect(answer.status).toBe(422);
    const html = decode(await answer.text());
    expect(html).toContain('HeroBanner (jss-main #1) field "heading": Heading is required');
    expect(html).toContain('Image (jss-main #2) field "image": expected an image {src, alt}, found text "lab.svg"');
    expect(await heading(`${site.url}/company/about`)).toBe('About Voltaris Components');
  });

  it('keeps a draft per page and language, tells a second editor, and loses nothing', async () => {
    const editor = await signedIn(site.url, 'editor@corp.example', 'editor-password');
    const admin = await signedIn(other.url, 'admin@corp.example', 'admin-password');
    const page = (text: string) => JSON.stringify({ placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'careers-hero', fields: { heading: text } }] } });
    expect((await post(editor, site.url, '/edit/company/careers', { intent: 'save', page: page('Join us'), revision: '0' })).status).toBe(200);
    // The admin opened the page before that save: their save is refused, and kept.
    const conflict = await post(admin, other.url, '/edit/company/careers', { intent: 'save', page: page('Work with us'), revision: '0' });
    expect(conflict.status).toBe(409);
    expect(decode(await conflict.text())).toMatch(/editor@corp\.example saved this page at .*Your version is kept/);
    const kept = path.join(data, 'editor', 'drafts', 'en', 'conflicts');
    expect(readFileSync(path.join(kept, readdirSync(kept)[0]!), 'utf8')).toContain('Work with us');
    // The draft is the editor's, shown to editors only; visitors still see the published page.
    expect(decode(await (await admin.request('/edit/company/careers')).text())).toContain('Draft saved by editor@corp.example');
    expect(await heading(`${other.url}/company/careers`)).not.toBe('Join us');
  });

  it('publishes: the content file is replaced, both processes serve it at once, the act is logged; restore brings the old page back', async () => {
    const editor = await signedIn(site.url, 'editor@corp.example', 'editor-password');
    const file = path.join(content, 'routes', 'company', 'about', 'en.yaml');
    const before = readFileSync(file, 'utf8');
    expect(await heading(`${other.url}/company/about`)).toBe('About Voltaris Components');
    const { base } = await editorState(editor, '/edit/company/about');
    const page = { displayName: 'About us', placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'about-hero', fields: { heading: 'Seventy years of safe circuits' } }] } };
    const published = await post(editor, site.url, '/edit/company/about', { intent: 'publish', page: JSON.stringify(page), base: base! });
    expect(published.status).toBe(200);
    expect(await heading(`${site.url}/company/about`)).toBe('Seventy years of safe circuits');
    // The other process sees the file change within a second (it watches the content folder; its layout cache is keyed by the content's version).
    await expect.poll(() => heading(`${other.url}/company/about`), { timeout: 1000, interval: 50 }).toBe('Seventy years of safe circuits');
    const log = readFileSync(path.join(data, 'editor', 'publish-log.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, string>);
    expect(log.at(-1)).toMatchObject({ by: 'editor@corp.example', action: 'publish', itemPath: '/company/about', language: 'en' });

    const state = await editorState(editor, '/edit/company/about');
    expect(state.versions).toHaveLength(1);
    const restored = await post(editor, site.url, '/edit/company/about', { intent: 'restore', version: state.versions[0]!, base: state.base! });
    expect(restored.status).toBe(200);
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(await heading(`${site.url}/company/about`)).toBe('About Voltaris Components');
  });

  it('reports a content file changed on disk while an editor worked, and does not overwrite it', async () => {
    const editor = await signedIn(site.url, 'editor@corp.example', 'editor-password');
    const file = path.join(content, 'routes', 'company', 'quality', 'en.yaml');
    const { base } = await editorState(editor, '/edit/company/quality');
    const page = JSON.stringify({ placeholders: { 'jss-main': [{ componentName: 'RichText', dataSource: 'quality-text', fields: { content: '<p>Ours</p>' } }] } });
    expect((await post(editor, site.url, '/edit/company/quality', { intent: 'save', page, revision: '0', base: base! })).status).toBe(200);
    const edited = `${readFileSync(file, 'utf8')}\n# edited by hand\n`;
    writeFileSync(file, edited);
    expect(decode(await (await editor.request('/edit/company/quality')).text())).toContain('changed on disk after this draft began');
    const answer = await post(editor, site.url, '/edit/company/quality', { intent: 'publish', page, base: base! });
    expect(answer.status).toBe(409);
    expect(readFileSync(file, 'utf8')).toBe(edited);
  });

  it('unpublishes through one process: the other answers 404, drops it from its sitemap and navigation at once; a copy from English stays a draft', async () => {
    const editor = await signedIn(site.url, 'editor@corp.example', 'editor-password');
    const navLinks = async (origin: string) => [...(await (await fetch(`${origin}/`)).text()).matchAll(/href="(\/company\/[^"]+)"/g)].map((match) => match[1]);
    expect(await navLinks(other.url)).toContain('/company/locations');
    const { base } = await editorState(editor, '/edit/company/locations');
    const answer = await post(editor, site.url, '/edit/company/locations', { intent: 'unpublish', base: base! });
    expect(answer.status).toBe(200);
    expect(decode(await answer.text())).toContain('Links to it are hidden on:');
    await expect.poll(async () => (await fetch(`${other.url}/company/locations`)).status, { timeout: 1000, interval: 50 }).toBe(404);
    expect((await fetch(`${other.url}/de/company/locations`)).status).toBe(200);
    expect(await navLinks(other.url)).not.toContain('/company/locations');
    const sitemap = await (await fetch(`${other.url}/sitemap.xml`)).text();
    expect(sitemap).not.toContain(`${other.url}/company/locations<`);
    expect(sitemap).toContain(`${other.url}/de/company/locations<`);
    const log = readFileSync(path.join(data, 'editor', 'publish-log.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, string>);
    expect(log.at(-1)).toMatchObject({ by: 'editor@corp.example', action: 'unpublish', itemPath: '/company/locations', language: 'en' });

    // A buyer may not; a post from another site is refused.
    const buyer = await signedIn(site.url, 'buyer@customer.example', 'buyer-password');
    expect((await post(buyer, site.url, '/edit/company/locations', { intent: 'delete', confirm: 'yes' })).status).toBe(403);
    expect((await post(editor, 'https://attacker.example', '/edit/company/locations', { intent: 'delete', confirm: 'yes' })).status).toBe(403);
    // Delete without the confirmation, or while other pages link to it: refused, nothing removed.
    expect((await post(editor, site.url, '/edit/company/locations', { intent: 'delete' })).status).toBe(400);
    const refused = await post(editor, site.url, '/edit/company/locations', { intent: 'delete', confirm: 'yes' });
    expect(refused.status).toBe(409);
    expect(decode(await refused.text())).toContain('Other pages link to it');

    // Published again from the editor: back everywhere.
    const state = await editorState(editor, '/edit/company/locations');
    const again = await post(editor, site.url, '/edit/company/locations', { intent: 'restore', version: state.versions[0]!, base: state.base! });
    expect(again.status).toBe(200);
    await expect.poll(async () => (await fetch(`${other.url}/company/locations`)).status, { timeout: 1000, interval: 50 }).toBe(200);
    expect(await navLinks(other.url)).toContain('/company/locations');

    // A German version of a page that lacks one starts as a copy of English: a draft, not served.
    const created = await post(editor, site.url, '/edit/company/press-room', { intent: 'publish', page: JSON.stringify({ placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'press-hero', fields: { heading: 'Press room' } }] } }) });
    expect(created.status).toBe(200);
    const copied = await post(editor, site.url, '/de/edit/company/press-room', { intent: 'copy', from: 'en' });
    expect(copied.status).toBe(200);
    const german = decode(await (await editor.request('/de/edit/company/press-room')).text());
    expect(german.replaceAll('<!-- -->', '')).toContain('This draft is a copy of the English version, marked for translation');
    expect(german).toContain('Deutsch</a> <!-- -->(draft only)');
    expect((await fetch(`${other.url}/de/company/press-room`)).status).toBe(404);
    expect((await post(editor, site.url, '/de/edit/company/press-room', { intent: 'copy', from: 'xx' })).status).toBe(400);
  });

  it('leaves an unpublished language version out of the site search on every process, and puts it back when restored', async () => {
    const editor = await signedIn(site.url, 'editor@corp.example', 'editor-password');
    const linked = async (origin: string, prefix: string) => (await (await fetch(`${origin}${prefix}/searchresult?q=${encodeURIComponent('investor relations')}`)).text()).includes(`href="${prefix}/company/investors"`);
    expect(await linked(other.url, '')).toBe(true);
    expect(await linked(other.url, '/de')).toBe(true);
    const { base } = await editorState(editor, '/edit/company/investors');
    expect((await post(editor, site.url, '/edit/company/investors', { intent: 'unpublish', base: base! })).status).toBe(200);
    await expect.poll(() => linked(other.url, ''), { timeout: 1000, interval: 50 }).toBe(false);
    expect(await linked(site.url, '')).toBe(false);
    expect(await linked(other.url, '/de')).toBe(true);
    const state = await editorState(editor, '/edit/company/investors');
    expect((await post(editor, site.url, '/edit/company/investors', { intent: 'restore', version: state.versions[0]!, base: state.base! })).status).toBe(200);
    await expect.poll(() => linked(other.url, ''), { timeout: 1000, interval: 50 }).toBe(true);
  });
});
