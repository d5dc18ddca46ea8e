import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { publishPage, readDraft, readPublished, saveDraft, type EditorPaths } from '~/editor/page-store.server.ts';

// Two editors on one page: a publish ends the draft, so it must start from the draft that is there,
// as a save must, or a colleague's saved work is thrown away unseen (the audit of 28 Nov).

const page = (heading: string) => ({ placeholders: { 'jss-main': [{ componentName: 'HeroBanner', dataSource: 'hero', fields: { heading } }] } });

describe('a publish from a stale draft revision', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function site(): EditorPaths {
    const root = mkdtempSync(path.join(tmpdir(), 'page-store-conflicts-'));
    roots.push(root);
    const contentDir = path.join(root, 'content');
    mkdirSync(path.join(contentDir, 'routes', 'press'), { recursive: true });
    writeFileSync(path.join(contentDir, 'routes', 'press', 'en.yaml'), 'placeholders:\n  jss-main:\n    - componentName: HeroBanner\n      dataSource: hero\n      fields: { heading: "Press" }\n');
    return { contentDir, dataDir: path.join(root, 'data') };
  }
  const publishedHeading = (at: EditorPaths) => (parse(readFileSync(readPublished(at, '/press', 'en').file, 'utf8')) as ReturnType<typeof page>).placeholders['jss-main'][0]!.fields.heading;

  it('is refused when another editor saved a draft since: their draft stays, the file is untouched, this version is kept', () => {
    const at = site();
    const base = readPublished(at, '/press', 'en').version!;
    // The editor saves; the admin, who opened the page before (revision 0), publishes.
    expect(saveDraft(at, '/press', 'en', { route: page('From the editor'), revision: 0, base, user: 'editor@corp.example' }).kind).toBe('saved');
    const refused = publishPage(at, '/press', 'en', { route: page('From the admin'), revision: 0, base, user: 'admin@corp.example' });
    expect(refused).toMatchObject({ kind: 'conflict', draft: { savedBy: 'editor@corp.example', revision: 1 } });
    expect(publishedHeading(at)).toBe('Press');
    expect(readDraft(at, '/press', 'en')?.route).toMatchObject(page('From the editor'));
    const conflicts = path.join(at.dataDir, 'editor', 'drafts', 'en', 'conflicts');
    expect(readFileSync(path.join(conflicts, readdirSync(conflicts)[0]!), 'utf8')).toContain('From the admin');
  });

  it('is refused when the draft it started from was published or discarded since', () => {
    const at = site();
    const base = readPublished(at, '/press', 'en').version!;
    saveDraft(at, '/press', 'en', { route: page('Draft'), revision: 0, base, user: 'editor@corp.example' });
    const first = publishPage(at, '/press', 'en', { route: page('Published first'), revision: 1, base, user: 'editor@corp.example' });
    expect(first.kind).toBe('published');
    const late = publishPage(at, '/press', 'en', { route: page('Published late'), revision: 1, base: readPublished(at, '/press', 'en').version!, user: 'admin@corp.example' });
    expect(late).toMatchObject({ kind: 'conflict' });
    expect(late).not.toHaveProperty('draft');
    expect(publishedHeading(at)).toBe('Published first');
  });

  it('goes through from the draft\'s own revision, and without a draft from revision 0', () => {
    const at = site();
    const base = readPublished(at, '/press', 'en').version!;
    saveDraft(at, '/press', 'en', { route: page('Draft'), revision: 0, base, user: 'editor@corp.example' });
    expect(publishPage(at, '/press', 'en', { route: page('Draft'), revision: 1, base, user: 'editor@corp.example' }).kind).toBe('published');
    expect(readDraft(at, '/press', 'en')).toBeUndefined();
    expect(publishPage(at, '/press', 'en', { route: page('Again'), revision: 0, base: readPublished(at, '/press', 'en').version!, user: 'editor@corp.example' }).kind).toBe('published');
    expect(publishedHeading(at)).toBe('Again');
  });
});
